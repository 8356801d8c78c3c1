// A form card of the eCRF list: name, study, category, status, version (with a 'Draft changes' badge
// when a published form has an unpublished draft), counts, last change, author and description, with
// Edit (form builders only) and Preview.
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CalendarClock, ClipboardList, ListChecks, Pencil, UserRound } from 'lucide-react';
import type { FormSummary } from '@ctp/contracts';
import { formatDate, formatNumber } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { CategoryBadge } from './category-badge';
import { FormPreviewDialog } from './form-preview-dialog';

export function FormCard({ form, canEdit }: { form: FormSummary; canEdit: boolean }) {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const titleId = `form-card-title-${form.id}`;
  return (
    <Card
      className="flex h-full flex-col"
      data-testid="form-card"
      data-form-id={form.id}
      role="article"
      aria-labelledby={titleId}
    >
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold" data-testid="form-card-study">
            {form.studyCode}
          </span>
          <CategoryBadge category={form.category} />
          <StatusBadge status={form.status} className="ml-auto" />
        </div>
        <CardTitle id={titleId} className="leading-snug" data-testid="form-card-name">
          {form.formName}
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span data-testid="form-card-version">{t('card.version', { version: form.formVersion })}</span>
          {form.hasDraft && form.isActive && (
            <Badge tone="warning" data-testid="form-card-draft">
              {t('card.draftChanges')}
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 text-sm">
        {form.description && (
          <p className="line-clamp-2 text-muted-foreground" title={form.description} data-testid="form-card-description">
            {form.description}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2">
          <span className="flex items-center gap-2" data-testid="form-card-fields">
            <ListChecks className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            {t('card.fields', { count: form.fieldsCount, n: formatNumber(form.fieldsCount) })}
          </span>
          <span className="flex items-center gap-2" data-testid="form-card-submissions">
            <ClipboardList className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            {t('card.submissions', { count: form.submissionsCount, n: formatNumber(form.submissionsCount) })}
          </span>
        </div>
        <div className="grid gap-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-2" data-testid="form-card-modified">
            <CalendarClock className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {t('card.lastModified', { date: formatDate(form.lastModified) })}
          </span>
          <span className="flex items-center gap-2" data-testid="form-card-created-by">
            <UserRound className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {t('card.createdBy', { name: form.createdBy })}
          </span>
        </div>
      </CardContent>
      <CardFooter className="gap-2">
        {canEdit && (
          <Button size="sm" aria-describedby={titleId} onClick={() => navigate(`/forms/${form.id}/edit`)}>
            <Pencil /> {t('card.edit')}
          </Button>
        )}
        <FormPreviewDialog formId={form.id} formName={form.formName} describedBy={titleId} />
      </CardFooter>
    </Card>
  );
}
