// An endpoint's deliveries, newest first, paged by the server: event, record, status, attempts, the
// receiver's answer (status and the start of its body) or the error, and Replay (a new delivery of the
// same payload).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_DELIVERY_STATUSES } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { PageNav } from '@/components/page-nav';
import { toast } from '@/components/ui/use-toast';
import type { Endpoint } from './endpoint-dialog';

const PAGE_SIZE = 20;
const TONE = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

export function DeliveriesPanel({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<(typeof WEBHOOK_DELIVERY_STATUSES)[number] | ''>('');
  const utils = trpc.useUtils();
  const list = trpc.webhooks.deliveries.useQuery({ endpointId: endpoint.id, page, pageSize: PAGE_SIZE, status: status || undefined }, { refetchInterval: 10_000 });
  const replay = trpc.webhooks.replay.useMutation({
    onSuccess: async () => {
      toast({ title: t('deliveries.replayed') });
      await Promise.all([utils.webhooks.deliveries.invalidate(), utils.webhooks.list.invalidate()]);
    },
  });
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('deliveries.title', { name: endpoint.name })}</CardTitle>
        <NativeSelect
          className="w-44"
          aria-label={t('deliveries.statusFilter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            setPage(1);
          }}
        >
          <option value="">{t('deliveries.allStatuses')}</option>
          {WEBHOOK_DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>{t(`status.${s}`)}</option>
          ))}
        </NativeSelect>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : list.error ? (
          <ErrorState message={list.error.message} />
        ) : list.data.total === 0 ? (
          <EmptyState title={t('deliveries.emptyTitle')} description={t('deliveries.emptyDescription')} />
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="border-b border-border text-left text-xs uppercase text-muted-foreground">
                  <tr>
                    <th className="px-3 py-2">{t('deliveries.when')}</th>
                    <th className="px-3 py-2">{t('deliveries.event')}</th>
                    <th className="px-3 py-2">{t('deliveries.record')}</th>
                    <th className="px-3 py-2">{t('deliveries.status')}</th>
                    <th className="px-3 py-2">{t('deliveries.answer')}</th>
                    <th className="px-3 py-2"><span className="sr-only">{t('deliveries.actions')}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.items.map((d) => (
                    <tr key={d.id} className="border-b border-border last:border-0" data-testid="webhook-delivery">
                      <td className="whitespace-nowrap px-3 py-2">{formatDateTime(d.createdAt)}</td>
                      <td className="px-3 py-2"><code className="text-xs">{d.event}</code></td>
                      <td className="px-3 py-2"><code className="text-xs">{d.recordKey}</code></td>
                      <td className="px-3 py-2">
                        <Badge tone={TONE[d.status]}>{t(`status.${d.status}`)}</Badge>
                        <span className="ml-2 text-xs text-muted-foreground">{t('deliveries.attempts', { count: d.attempts })}</span>
                      </td>
                      <td className="max-w-xs truncate px-3 py-2 text-xs" title={d.responseBody ?? d.error ?? ''}>
                        {d.responseStatus != null ? `HTTP ${d.responseStatus}` : (d.error ?? '—')}
                      </td>
                      <td className="px-3 py-2 text-right">
                        <Button variant="outline" size="sm" disabled={replay.isPending} onClick={() => replay.mutate({ deliveryId: d.id })}>
                          {t('deliveries.replay')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PageNav ns="webhooks" total={list.data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
