// The review steps on one form entry (SDV, freeze, lock): the write, a toast for its outcome, and a
// fresh casebook and history afterwards. A stale version (CONFLICT) reloads the casebook.
import { useTranslation } from 'react-i18next';
import type { ReviewAction } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import { toast } from '@/components/ui/use-toast';

export function useCasebookRefresh() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.casebook.view.invalidate(), utils.audit.trail.invalidate(), utils.queries.invalidate()]);
}

/** `inDialog`: the dialog shows a refusal itself, so no toast for it. */
export function useReview(onDone?: () => void, inDialog = false) {
  const { t } = useTranslation('casebook');
  const tv = useTranslation('common').t;
  const refresh = useCasebookRefresh();
  return trpc.casebook.review.useMutation({
    onSuccess: async (_row, input) => {
      toast({ title: t(`review.done.${input.action}`) });
      onDone?.();
      await refresh();
    },
    onError: async (e) => {
      const err = serverError(e);
      if (inDialog && err.code !== 'CONFLICT') return;
      toast({ variant: 'destructive', title: t('review.failed'), description: translateValidation(tv, err.message) });
      if (err.code === 'CONFLICT') await refresh();
    },
  });
}

export type { ReviewAction };
