// The study's trial supply, a card on the Randomization tab (issue 30 item 6): kit types (the arm only for
// those who see arms), depots, site inventories with the below-threshold sites highlighted and their
// suggested shipment, and shipments (site staff receive theirs with each kit's condition). Study managers
// and administrators also get the forms of supply-manage.tsx.
import { useTranslation } from 'react-i18next';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { SupplyManage } from './supply-manage';
import { ReceiveShipment } from './supply-receive';

export type SupplyOverview = RouterOutputs['supply']['overview'];

export function SupplyCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('randomization');
  const query = trpc.supply.overview.useQuery({ studyId });
  return (
    <Card data-testid="supply-card">
      <CardHeader>
        <CardTitle>{t('supply.title')}</CardTitle>
        <CardDescription>{t('supply.help', { days: query.data?.expiryMarginDays ?? 7 })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending ? <Skeleton className="h-40" /> : query.error ? <ErrorState message={query.error.message} /> : <SupplyBody data={query.data} />}
      </CardContent>
    </Card>
  );
}

function SupplyBody({ data }: { data: SupplyOverview }) {
  const { t } = useTranslation('randomization');
  const typeCode = (id: number | null) => (id === null ? t('supply.pooled') : (data.kitTypes.find((k) => k.id === id)?.code ?? '?'));
  return (
    <>
      <section className="grid gap-2" aria-label={t('supply.kitTypes')}>
        <h3 className="font-medium">{t('supply.kitTypes')}</h3>
        {data.kitTypes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('supply.noKitTypes')}</p>
        ) : (
          <ul className="text-sm" data-testid="supply-kit-types">
            {data.kitTypes.map((k) => (
              <li key={k.id}>
                <span className="font-mono">{k.code}</span> {k.name}
                {k.arm && <span className="text-muted-foreground"> — {t('supply.armOf', { arm: `${k.arm.name} (${k.arm.code})` })}</span>}
              </li>
            ))}
          </ul>
        )}
        {!data.armsShown && <p className="text-xs text-muted-foreground">{t('supply.blinded')}</p>}
      </section>
      {data.canManage && (
        <section className="grid gap-2" aria-label={t('supply.depots')}>
          <h3 className="font-medium">{t('supply.depots')}</h3>
          <ul className="text-sm" data-testid="supply-depots">
            {data.depots.map((d) => (
              <li key={d.id}>
                {d.name}
                {d.country ? ` (${d.country})` : ''}: {t('supply.freeKits', { count: d.free })}{' '}
                <span className="text-muted-foreground">{d.byKitType.map((b) => `${typeCode(b.kitTypeId)} ${b.free}`).join(' · ')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="grid gap-2" aria-label={t('supply.inventory')}>
        <h3 className="font-medium">{t('supply.inventory')}</h3>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="supply-inventory">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="py-1 pr-2">{t('supply.site')}</th>
                <th className="py-1 pr-2">{t('supply.available')}</th>
                {data.kitTypes.map((k) => (
                  <th key={k.id} className="py-1 pr-2 font-mono">{k.code}</th>
                ))}
                <th className="py-1 pr-2">{t('supply.inTransit')}</th>
                <th className="py-1 pr-2">{t('supply.dispensed')}</th>
                <th className="py-1 pr-2">{t('supply.quarantined')}</th>
                <th className="py-1 pr-2">{t('supply.expired')}</th>
                <th className="py-1">{t('supply.threshold')}</th>
              </tr>
            </thead>
            <tbody>
              {data.sites.map((s) => (
                <tr key={s.siteId} className={s.below ? 'bg-amber-500/10' : undefined} data-testid={`supply-site-${s.siteNumber}`} data-below={s.below}>
                  <td className="py-1 pr-2">
                    {s.siteNumber} <span className="text-muted-foreground">{s.name}</span>
                  </td>
                  <td className="py-1 pr-2 font-medium" data-testid="supply-available">{s.available}</td>
                  {s.byKitType.map((b) => (
                    <td key={b.kitTypeId} className="py-1 pr-2">{b.available}</td>
                  ))}
                  <td className="py-1 pr-2">{s.inTransit}</td>
                  <td className="py-1 pr-2">{s.dispensed}</td>
                  <td className="py-1 pr-2">{s.quarantined}</td>
                  <td className="py-1 pr-2">{s.expired}</td>
                  <td className="py-1">
                    {s.thresholds.map((th) => `${typeCode(th.kitTypeId)} ≥ ${th.threshold}`).join(', ') || '—'}
                    {s.below && (
                      <div className="flex flex-wrap items-center gap-1" data-testid="supply-suggestion">
                        <Badge tone="warning">{t('supply.below')}</Badge>
                        <span className="text-xs">
                          {t('supply.suggested', { kits: s.suggestion.map((g) => `${g.quantity} × ${typeCode(g.kitTypeId)}`).join(', ') })}
                        </span>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="grid gap-2" aria-label={t('supply.shipments')}>
        <h3 className="font-medium">{t('supply.shipments')}</h3>
        {data.shipments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('supply.noShipments')}</p>
        ) : (
          <ul className="grid gap-2 text-sm" data-testid="supply-shipments">
            {data.shipments.map((sh) => (
              <li key={sh.id} className="rounded-md border border-border p-2" data-testid={`shipment-${sh.shipmentNumber}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono">{sh.shipmentNumber}</span>
                  <span>{t('supply.route', { depot: sh.depotName, site: sh.siteNumber })}</span>
                  <Badge tone={sh.status === 'received' ? 'success' : sh.status === 'shipped' ? 'info' : 'neutral'} data-testid="shipment-status">
                    {t(`supply.status.${sh.status}`)}
                  </Badge>
                  <span className="text-muted-foreground">
                    {t('supply.kitCount', { count: sh.kits.length })} · {formatDateTime(sh.receivedAt ?? sh.shippedAt ?? sh.requestedAt)}
                  </span>
                </div>
                {sh.status === 'requested' && data.canManage && <ShipButton shipmentId={sh.id} />}
                {sh.status === 'shipped' && data.canReceive && <ReceiveShipment shipment={sh} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.canManage && <SupplyManage data={data} />}
    </>
  );
}

function ShipButton({ shipmentId }: { shipmentId: number }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const ship = trpc.supply.ship.useMutation({ onSuccess: () => utils.supply.overview.invalidate() });
  return (
    <div className="mt-2 flex items-center gap-2">
      <button type="button" className="rounded-md border border-border px-3 py-1 text-sm hover:bg-muted" disabled={ship.isPending} onClick={() => ship.mutate({ shipmentId })}>
        {t('supply.ship')}
      </button>
      {ship.error && <span className="text-sm text-destructive">{ship.error.message}</span>}
    </div>
  );
}
