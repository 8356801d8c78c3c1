// Save draft, Publish and Archive against the server, with the form row's version for optimistic
// locking. Save validates first (the same schema the server uses); a stale version (CONFLICT) or a
// refusal is kept to show with a Reload button; the server's field errors become definition issues.
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { serverIssues, validateDefinition, type DefinitionIssue } from './definition-issues';
import type { BuilderAction, BuilderState } from './use-builder-state';

export function useBuilderWrites(formId: number, state: BuilderState, dirty: boolean, dispatch: Dispatch<BuilderAction>, onInvalid: () => void) {
  const { t } = useTranslation('forms-builder');
  const utils = trpc.useUtils();
  const [error, setError] = useState<ServerError | null>(null);
  const [refused, setRefused] = useState<{ revision: number; issues: DefinitionIssue[] } | null>(null);
  const saveDraft = trpc.forms.saveDraft.useMutation();
  const publishForm = trpc.forms.publish.useMutation();
  const archiveForm = trpc.forms.archive.useMutation();
  const refresh = () => void utils.forms.invalidate();

  const fail = (e: unknown) => {
    const err = serverError(e);
    const issues = err.code === 'BAD_REQUEST' ? serverIssues(err.fieldErrors) : [];
    setRefused(issues.length ? { revision: state.revision, issues } : null);
    setError(issues.length ? null : err);
    if (issues.length) onInvalid();
  };

  /** Saves the draft; the new version, or null when nothing was saved. */
  const save = async (quiet = false): Promise<{ version: number; definition: FormDefinition } | null> => {
    const { data } = validateDefinition(state.definition, t);
    if (!data) {
      onInvalid();
      toast({ title: t('toast.invalid'), description: t('toast.invalidText'), variant: 'destructive' });
      return null;
    }
    setError(null);
    setRefused(null);
    const revision = state.revision;
    try {
      const res = await saveDraft.mutateAsync({ id: formId, version: state.version, definition: data });
      dispatch({ type: 'saved', revision, version: res.version, draftNumber: res.draftVersion });
      if (!quiet) toast({ title: t('toast.saved'), description: t('toast.savedText', { n: res.draftVersion }) });
      refresh();
      return { version: res.version, definition: data };
    } catch (e) {
      fail(e);
      return null;
    }
  };

  /** Saves unsaved edits first, then publishes the draft. */
  const publish = async (): Promise<boolean> => {
    let version = state.version;
    let definition = state.definition;
    if (dirty) {
      const saved = await save(true);
      if (!saved) return false;
      ({ version, definition } = saved);
    }
    try {
      const res = await publishForm.mutateAsync({ id: formId, version });
      const n = res.publishedVersion ?? state.draftNumber;
      dispatch({ type: 'published', version: res.version, publishedNumber: n, definition });
      toast({ title: t('toast.published', { n }) });
      refresh();
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  };

  /** Archives the form; the refusal to show in the dialog, or null when archived. */
  const archive = async (reason: string): Promise<ServerError | null> => {
    try {
      const res = await archiveForm.mutateAsync({ id: formId, version: state.version, reason });
      dispatch({ type: 'archived', version: res.version });
      toast({ title: t('toast.archived') });
      refresh();
      return null;
    } catch (e) {
      return serverError(e);
    }
  };

  return {
    save: () => void save(),
    publish,
    archive,
    error,
    clearError: () => setError(null),
    /** The server's issues, while the definition is still the one it refused. */
    serverIssues: refused && refused.revision === state.revision ? refused.issues : [],
    saving: saveDraft.isPending,
    busy: saveDraft.isPending || publishForm.isPending || archiveForm.isPending,
  };
}
