// Study detail tab Forms: the study's eCRFs (forms whose studyId is the study's id) with version,
// status, fields and submissions, each opening the form (the builder for those who build forms, else
// the forms list filtered to the study), paged by the server.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Pager } from './pager';
import { countedText } from '@/lib/counted-text';

export function StudyFormsTab({ studyId }: { studyId: number }) {
  const { t } = useTranslation('studies');
  const canBuild = useCan('form.build');
  const [offset, setOffset] = useState(0);
  const forms = trpc.forms.list.useQuery(
    { studyId, limit: DEFAULT_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  if (forms.isPending) return <Skeleton className="h-48" />;
  if (forms.error) return <ErrorState message={forms.error.message} />;
  if (!forms.data.total) return <EmptyState title={t('forms.empty')} description={t('forms.emptyText')} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('forms.title', { count: forms.data.total })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {forms.data.items.map((f) => (
          <Link
            key={f.id}
            to={
              canBuild ? `/forms/${f.id}/edit` : `/forms?study=${studyId}&q=${encodeURIComponent(f.formName)}`
            }
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 hover:bg-muted"
            data-testid="study-form"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{f.formName}</span>
              <span className="text-xs text-muted-foreground">
                {t('forms.version', { version: f.formVersion })}
              </span>
              <StatusBadge status={f.status} />
            </div>
            <span className="text-xs text-muted-foreground">
              {countedText(t, 'forms.counts', { fields: f.fieldsCount, submissions: f.submissionsCount })}
            </span>
          </Link>
        ))}
        <Pager
          offset={forms.data.offset}
          limit={forms.data.limit}
          total={forms.data.total}
          onOffset={setOffset}
        />
      </CardContent>
    </Card>
  );
}
