// Reject a mapping suggestion, with the reason (audited); the field then waits for a manual mapping (Edit).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/features/casebook/reason-dialog';

export function RejectMapping({ id, version, onDone }: { id: number; version: number; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('cdisc');
  const [open, setOpen] = useState(false);
  const reject = trpc.cdisc.rejectMapping.useMutation({
    onSuccess: async () => {
      setOpen(false);
      await onDone();
    },
  });
  return (
    <ReasonDialog
      id={`reject-mapping-${id}`}
      trigger={
        <Button size="sm" variant="outline">
          {t('mappings.reject')}
        </Button>
      }
      title={t('mappings.rejectTitle')}
      description={t('mappings.rejectDescription')}
      submitLabel={t('mappings.reject')}
      pending={reject.isPending}
      error={reject.error ? serverError(reject.error) : null}
      open={open}
      onOpenChange={setOpen}
      onSubmit={(reason) => reject.mutate({ id, version, reason })}
    />
  );
}
