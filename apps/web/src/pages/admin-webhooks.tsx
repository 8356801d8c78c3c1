// /admin/webhooks (administrators): the endpoints that hear the studies' events, their delivery
// counts, Add / Edit, and the deliveries of the endpoint chosen, with Replay.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { DocumentTitle } from '@/components/document-title';
import { EndpointDialog } from '@/features/webhooks/endpoint-dialog';
import { DeliveriesPanel } from '@/features/webhooks/deliveries-panel';
import { NotFoundContent } from './not-found';

export default function AdminWebhooksPage() {
  const allowed = useCan('webhook.manage');
  return allowed ? <Webhooks /> : <NotFoundContent />;
}

function Webhooks() {
  const { t } = useTranslation('webhooks');
  const list = trpc.webhooks.list.useQuery(undefined, { refetchInterval: 15_000 });
  const [chosen, setChosen] = useState<number | null>(null);
  const endpoint = list.data?.items.find((e) => e.id === chosen);
  return (
    <div>
      <DocumentTitle title={t('title')} />
      <PageHeader title={t('title')} description={t('subtitle')} actions={<EndpointDialog />} />
      <div className="grid gap-4">
        {list.isPending ? (
          <Card className="grid gap-2 p-4" aria-busy="true">
            {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-8 w-full" />)}
          </Card>
        ) : list.error ? (
          <ErrorState message={list.error.message} />
        ) : list.data.items.length === 0 ? (
          <EmptyState title={t('emptyTitle')} description={t('emptyDescription')} />
        ) : (
          <Card className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="border-b border-border text-left text-xs uppercase text-muted-foreground">
                <tr>
                  <th className="px-4 py-2">{t('fields.name')}</th>
                  <th className="px-4 py-2">{t('fields.url')}</th>
                  <th className="px-4 py-2">{t('fields.events')}</th>
                  <th className="px-4 py-2">{t('fields.study')}</th>
                  <th className="px-4 py-2">{t('list.state')}</th>
                  <th className="px-4 py-2">{t('list.lastAttempt')}</th>
                  <th className="px-4 py-2"><span className="sr-only">{t('deliveries.actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((e) => (
                  <tr key={e.id} className="border-b border-border last:border-0" data-testid="webhook-endpoint">
                    <td className="px-4 py-2 font-medium">{e.name}</td>
                    <td className="max-w-xs truncate px-4 py-2 font-mono text-xs" title={e.url}>{e.url}</td>
                    <td className="px-4 py-2">{t('list.events', { count: e.events.length })}</td>
                    <td className="px-4 py-2">{e.studyCode ?? t('fields.allStudies')}</td>
                    <td className="px-4 py-2">
                      <div className="flex flex-wrap gap-1">
                        <Badge tone={e.active ? 'success' : 'neutral'}>{e.active ? t('list.active') : t('list.inactive')}</Badge>
                        {e.pending > 0 && <Badge tone="warning">{t('list.pending', { count: e.pending })}</Badge>}
                        {e.failed > 0 && <Badge tone="danger">{t('list.failed', { count: e.failed })}</Badge>}
                      </div>
                    </td>
                    <td className="whitespace-nowrap px-4 py-2">{e.lastAttemptAt ? formatDateTime(e.lastAttemptAt) : '—'}</td>
                    <td className="px-4 py-2">
                      <div className="flex justify-end gap-2">
                        <EndpointDialog endpoint={e} />
                        <Button variant={chosen === e.id ? 'default' : 'outline'} size="sm" onClick={() => setChosen(e.id)} aria-label={t('actions.deliveriesNamed', { name: e.name })}>
                          {t('actions.deliveries')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
        {endpoint && <DeliveriesPanel key={endpoint.id} endpoint={endpoint} />}
        <Card className="p-4 text-sm text-muted-foreground">
          <p>{t('howTo.signature')}</p>
          <pre className="mt-2 overflow-x-auto rounded bg-muted p-2 text-xs">X-CTP-Signature: t=&lt;unix-seconds&gt;,v1=hex(HMAC-SHA256(secret, "&lt;t&gt;.&lt;body&gt;"))</pre>
          <p className="mt-2">{t('howTo.payload')}</p>
        </Card>
      </div>
    </div>
  );
}
