// Confirms publishing: names the version, lists what changes against the published version (when the
// builder knows it), says unsaved edits are saved first, and refuses while the definition is invalid.
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '@ctp/contracts';
import { ConfirmDialog } from './confirm-dialog';
import { describeChanges } from './describe-changes';
import type { BuilderState } from './use-builder-state';

export function PublishDialog({
  open,
  onOpenChange,
  state,
  dirty,
  valid,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: BuilderState;
  dirty: boolean;
  valid: boolean;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('forms-builder');
  const n = state.draftNumber;
  const definition: FormDefinition = state.definition;
  const changes = state.published === undefined ? null : describeChanges(state.published, definition);
  const blocked = !valid ? t('publish.invalid') : definition.fields.length === 0 ? t('publish.noFields') : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="builder-publish-dialog"
      title={t('publish.title', { n })}
      description={t('publish.description', { n, next: n + 1 })}
      confirmLabel={t('publish.confirm', { n })}
      pending={pending || !!blocked}
      onConfirm={onConfirm}
    >
      <div className="grid gap-3 text-sm">
        {blocked ? (
          <p role="alert" className="text-destructive">
            {blocked}
          </p>
        ) : null}
        {dirty ? <p>{t('publish.unsaved')}</p> : null}
        {changes ? (
          <section aria-labelledby="publish-changes-title" className="grid gap-1">
            <h3 id="publish-changes-title" className="font-medium">
              {state.published ? t('publish.changesVs', { n: state.publishedNumber ?? n - 1 }) : t('publish.changesFirst')}
            </h3>
            <ul className="ml-5 list-disc" data-testid="builder-publish-changes">
              {changes.map((c, i) => (
                <li key={i}>{t(c.key, { ...c.params, aspects: c.aspects?.map((a) => t(`aspects.${a}`)).join(', ') })}</li>
              ))}
            </ul>
          </section>
        ) : (
          <p className="text-muted-foreground">{t('publish.changesUnknown')}</p>
        )}
      </div>
    </ConfirmDialog>
  );
}
