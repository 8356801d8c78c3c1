// What every step dialog does with the server's answer: on success a toast, the eTMF's data read again
// and the dialog closed; on a refusal the field's issue on its field (the dialog names which server
// field it shows), anything else above the buttons (a stale version offers Reload).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';

export function useStepHandlers({
  toastKey,
  code,
  fields,
  onClose,
}: {
  toastKey: string;
  code: string;
  /** Server field -> what the dialog shows for it (its own words, or the server's message when undefined). */
  fields: Record<string, ((message: string) => void) | undefined>;
  onClose: () => void;
}) {
  const { t } = useTranslation('etmf');
  const utils = trpc.useUtils();
  const [error, setError] = useState<ServerError | null>(null);
  const handlers = {
    onSuccess: () => {
      toast({ title: t(`toasts.${toastKey}`), description: code });
      onClose();
      void utils.etmf.invalidate();
      // A document's review is also a notification of the approver's and the author's.
      void utils.notifications.invalidate();
    },
    onError: (e: unknown) => {
      const err = serverError(e);
      for (const [field, show] of Object.entries(fields)) {
        const message = err.fieldErrors[field]?.[0];
        if (message && show) {
          show(message);
          return;
        }
      }
      setError(err);
    },
  };
  return { handlers, error, setError };
}
