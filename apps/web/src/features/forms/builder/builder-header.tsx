// The builder's header: back to the forms list, study code, status, 'Version N', Draft and unsaved
// indicators, the form's name, and Save draft / Publish / Archive.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Save, Upload } from 'lucide-react';
import type { FormDetail } from '@ctp/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { BuilderState } from './use-builder-state';
import { DocumentTitle } from '@/components/document-title';

const STATUS_TONE: Record<string, BadgeTone> = { draft: 'neutral', active: 'success', archived: 'danger' };

export function BuilderHeader({
  detail,
  state,
  dirty,
  editable,
  saving,
  busy,
  onSave,
  onPublish,
  archiveButton,
}: {
  detail: FormDetail;
  state: BuilderState;
  dirty: boolean;
  editable: boolean;
  saving: boolean;
  busy: boolean;
  onSave: () => void;
  onPublish: () => void;
  archiveButton: ReactNode;
}) {
  const { t } = useTranslation('forms-builder');
  const shownVersion = state.hasDraft || state.publishedNumber === null ? state.draftNumber : state.publishedNumber;
  return (
    <header className="grid gap-3">
      <Button asChild variant="ghost" size="sm" className="justify-self-start">
        <Link to="/forms">
          <ArrowLeft aria-hidden /> {t('header.back')}
        </Link>
      </Button>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2" data-testid="builder-status">
            <span className="font-mono text-sm font-semibold text-primary">{detail.studyCode}</span>
            <Badge tone={STATUS_TONE[state.status]} data-status={state.status}>
              {t(`status.${state.status}`)}
            </Badge>
            <Badge tone="primary" data-testid="builder-version">
              {t('header.version', { n: shownVersion })}
            </Badge>
            {state.hasDraft && <Badge tone="warning">{t('header.draft')}</Badge>}
            {dirty && (
              <Badge tone="danger" data-testid="builder-unsaved">
                {t('header.unsaved')}
              </Badge>
            )}
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{detail.formName}</h1>
          <DocumentTitle title={detail.formName} />
          {detail.description ? <p className="text-sm text-muted-foreground">{detail.description}</p> : null}
        </div>
        {editable && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" data-testid="builder-save" disabled={!dirty || busy} onClick={onSave}>
              <Save aria-hidden /> {saving ? t('header.saving') : t('header.save')}
            </Button>
            <Button type="button" data-testid="builder-publish" disabled={(!dirty && !state.hasDraft) || busy} onClick={onPublish}>
              <Upload aria-hidden /> {t('header.publish')}
            </Button>
            {archiveButton}
          </div>
        )}
      </div>
    </header>
  );
}
