// The form builder for one loaded form: header and actions, the read-only banner, write errors
// (CONFLICT with Reload), the tabs, the publish confirmation and the unsaved-changes guard.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import type { FormDetail } from '@ctp/contracts';
import { useCan } from '@/lib/auth';
import { trpc } from '@/lib/trpc';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { ArchiveDialog } from './archive-dialog';
import { BuilderHeader } from './builder-header';
import { BuilderWorkspace, type BuilderTab } from './builder-workspace';
import { validateDefinition } from './definition-issues';
import { PublishDialog } from './publish-dialog';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useBuilderState } from './use-builder-state';
import { useBuilderWrites } from './use-builder-writes';
import { useFieldActions } from './use-field-actions';

export function BuilderScreen({ detail }: { detail: FormDetail }) {
  const { t } = useTranslation('forms-builder');
  const utils = trpc.useUtils();
  const canBuild = useCan('form.build');
  const builder = useBuilderState(detail);
  const { state, dispatch, dirty } = builder;
  const [tab, setTab] = useState<BuilderTab>('fields');
  const [publishing, setPublishing] = useState(false);
  const [reloading, setReloading] = useState(false);
  const editable = detail.editable && canBuild && state.status !== 'archived';
  const actions = useFieldActions(state.definition, dispatch);
  const validation = useMemo(() => validateDefinition(state.definition, t), [state.definition, t]);
  const writes = useBuilderWrites(detail.id, state, dirty, dispatch, () => setTab('fields'));
  const issues = [...validation.issues, ...writes.serverIssues];

  const reload = async () => {
    setReloading(true);
    try {
      dispatch({ type: 'load', detail: await utils.forms.byId.fetch({ id: detail.id }, { staleTime: 0 }) });
      writes.clearError();
    } finally {
      setReloading(false);
    }
  };

  return (
    <div className="grid gap-6" data-testid="form-builder">
      <UnsavedChangesGuard when={dirty} />
      <BuilderHeader
        detail={detail}
        state={state}
        dirty={dirty}
        editable={editable}
        saving={writes.saving}
        busy={writes.busy}
        onSave={writes.save}
        onPublish={() => setPublishing(true)}
        archiveButton={<ArchiveDialog formName={detail.formName} disabled={writes.busy} onArchive={writes.archive} />}
      />
      {!editable && (
        <div role="status" data-testid="builder-read-only" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {state.status === 'archived' ? t('readOnly.archived') : t('readOnly.noPermission')}
        </div>
      )}
      <WriteErrorNotice error={writes.error} onReload={() => void reload()} reloading={reloading} />
      <BuilderWorkspace builder={builder} actions={actions} issues={issues} readOnly={!editable} versions={detail.versions} tab={tab} onTab={setTab} />
      <PublishDialog
        open={publishing}
        onOpenChange={setPublishing}
        state={state}
        dirty={dirty}
        valid={validation.data !== null}
        pending={writes.busy}
        onConfirm={() => {
          void writes.publish().then(() => setPublishing(false));
        }}
      />
    </div>
  );
}
