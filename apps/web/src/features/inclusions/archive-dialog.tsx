// Archive the selected subjects: asks the reason (kept in the audit trail, at least 3 characters) and
// says how many subjects it concerns. Archived subjects leave the list; nothing is deleted.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { WriteErrorNotice } from '@/components/write-error-notice';
import type { InclusionFilter } from './use-inclusion-params';

type Payload = { all: true } | { ids: number[] };

export function ArchiveDialog({
  filter,
  selection,
  count,
  onClose,
  onArchived,
}: {
  filter: InclusionFilter;
  selection: Payload;
  count: number;
  onClose: () => void;
  onArchived: () => void;
}) {
  const { t } = useTranslation('inclusions');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ServerError | null>(null);
  const utils = trpc.useUtils();
  const archive = trpc.inclusions.archive.useMutation({
    onSuccess: async ({ archived }) => {
      toast({ title: t('archive.success'), description: t('archive.successText', { count: archived }) });
      onArchived();
      onClose();
      await Promise.all([utils.inclusions.invalidate(), utils.patients.invalidate()]);
    },
    onError: (e) => setError(serverError(e)),
  });
  const valid = reason.trim().length >= 3;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('archive.title')}</DialogTitle>
          <DialogDescription data-testid="archive-count">{t('archive.description', { count })}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            setError(null);
            archive.mutate({ ...filter, selection, reason: reason.trim() });
          }}
        >
          <FormField id="archive-reason" label={t('archive.reason')} hint={t('archive.reasonHint')}>
            <Textarea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <WriteErrorNotice error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('archive.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={!valid || archive.isPending}>
              {archive.isPending ? t('archive.running') : t('archive.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
