// "Lock casebook" (data managers): locks every submitted entry of the subject, with a reason; the
// subject's open queries are listed first and must be acknowledged.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ReasonDialog } from './reason-dialog';
import { useCasebookRefresh } from './use-review';

export function LockSubjectDialog({ patientId, code }: { patientId: number; code: string }) {
  const { t } = useTranslation('casebook');
  const [open, setOpen] = useState(false);
  const refresh = useCasebookRefresh();
  const lock = trpc.casebook.lockSubject.useMutation({
    onSuccess: async ({ locked }) => {
      toast({ title: t('lockSubject.success'), description: t('lockSubject.successText', { count: locked }) });
      setOpen(false);
      await refresh();
    },
  });
  return (
    <ReasonDialog
      id="lock-subject-reason"
      trigger={
        <Button variant="outline">
          <Lock aria-hidden /> {t('lockSubject.button')}
        </Button>
      }
      title={t('lockSubject.title', { code })}
      description={t('lockSubject.description')}
      submitLabel={t('lockSubject.button')}
      pending={lock.isPending}
      error={lock.error ? serverError(lock.error) : null}
      open={open}
      onOpenChange={(o) => {
        lock.reset();
        setOpen(o);
      }}
      openQueries={{ patientId }}
      onSubmit={(reason, acknowledgeOpenQueries) => lock.mutate({ patientId, reason, acknowledgeOpenQueries })}
    />
  );
}
