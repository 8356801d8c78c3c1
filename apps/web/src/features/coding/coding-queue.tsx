// The coding queue's table: each verbatim with its subject and form, the proposed or coded term with
// its PT and SOC, how it was decided, and for coders Approve (the proposal) or Pick another term. An
// approval is confirmed by a toast and the row's new state, kept in place (the queue is not reloaded
// under the coder, which would drop the row from the 'To review' list without a word).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DecisionDialog } from './decision-dialog';

type Item = RouterOutputs['coding']['queue']['items'][number];
const TONE = { proposed: 'warning', coded: 'success', uncodable: 'danger' } as const;

export function CodingQueueTable({ items, studyId }: { items: Item[]; studyId?: number }) {
  const { t } = useTranslation('coding');
  const canDecide = useCan('coding.decide');
  const utils = trpc.useUtils();
  const [open, setOpen] = useState<Item>();
  // Rows approved here, shown with their new status until the queue is next loaded.
  const [approved, setApproved] = useState<ReadonlySet<number>>(new Set());
  const decide = trpc.coding.decide.useMutation({
    onSuccess: (_saved, input) => {
      const item = items.find((i) => i.id === input.id);
      if (item) setApproved((prev) => new Set(prev).add(item.id));
      toast({
        title: t('queue.approvedTitle'),
        description: t('queue.approvedText', {
          verbatim: item?.verbatim ?? '',
          term: item?.lltName ?? '',
          code: input.lltCode ?? '',
        }),
      });
      void utils.coding.counts.invalidate();
    },
    onError: (err) => toast({ variant: 'destructive', title: serverError(err).message }),
  });
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th className="p-2">{t('queue.verbatim')}</th>
            <th className="p-2">{t('queue.term')}</th>
            <th className="p-2">{t('queue.subject')}</th>
            <th className="p-2">{t('queue.status')}</th>
            <th className="p-2" />
          </tr>
        </thead>
        <tbody>
          {items.map((row) => {
            const justApproved = approved.has(row.id) && row.status === 'proposed';
            const i: Item = justApproved ? { ...row, status: 'coded' } : row;
            return (
              <tr key={i.id} className="border-t align-top" data-testid="coding-row" data-id={i.id} data-status={i.status}>
                <td className="p-2">
                  <span className="font-medium">{i.verbatim}</span>
                  <span className="block text-xs text-muted-foreground">
                    {i.studyCode} · {i.formName}
                  </span>
                </td>
                <td className="p-2">
                  {i.lltName ? (
                    <>
                      <span data-testid="coding-term">{i.lltName}</span>{' '}
                      <span className="font-mono text-xs">{i.lltCode}</span>
                      <span className="block text-xs text-muted-foreground">
                        PT {i.ptName} · SOC {i.socName}
                      </span>
                      {i.status === 'proposed' && i.reasons && (
                        <span className="block text-xs text-muted-foreground">
                          {t('queue.reasons')}: {i.reasons}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
                <td className="p-2">
                  <Link to={`/casebook/${i.patientId}`} className="text-primary hover:underline">
                    {i.subject}
                  </Link>
                  <span className="block text-xs text-muted-foreground">{i.siteName}</span>
                </td>
                <td className="p-2">
                  <Badge tone={TONE[i.status]}>{t(`queue.${i.status}`)}</Badge>
                  {justApproved && (
                    <span className="block text-xs text-muted-foreground">{t('queue.approvedNow')}</span>
                  )}
                  {i.status !== 'proposed' && !justApproved && (
                    <span className="block text-xs text-muted-foreground">
                      {t('queue.decided', {
                        method: t(`queue.${i.method === 'study synonym' ? 'synonym' : i.method}`),
                        who: i.decidedBy ?? '—',
                      })}
                    </span>
                  )}
                </td>
                <td className="p-2 text-right">
                  {canDecide && (
                    <div className="flex flex-wrap justify-end gap-1">
                      {i.status === 'proposed' && i.lltCode && (
                        <Button
                          size="sm"
                          onClick={() => decide.mutate({ id: i.id, version: i.version, lltCode: i.lltCode! })}
                          disabled={decide.isPending}
                        >
                          {t('queue.approve')}
                        </Button>
                      )}
                      <Button size="sm" variant="outline" onClick={() => setOpen(i)}>
                        {t('queue.pick')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {open && <DecisionDialog item={open} studyId={studyId} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
