// Receiving a shipment at the site: every kit is received in good condition unless marked damaged or
// lost (those are quarantined).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { SupplyOverview } from './supply-card';

type Condition = 'ok' | 'damaged' | 'lost';

export function ReceiveShipment({ shipment }: { shipment: SupplyOverview['shipments'][number] }) {
  const { t } = useTranslation('randomization');
  const [conditions, setConditions] = useState<Record<number, Condition>>({});
  const utils = trpc.useUtils();
  const receive = trpc.supply.receive.useMutation({
    onSuccess: async () => {
      toast({ title: t('supply.received', { number: shipment.shipmentNumber }) });
      await utils.supply.overview.invalidate();
    },
  });
  return (
    <div className="mt-2 grid gap-2" data-testid="receive-shipment">
      <ul className="grid gap-1">
        {shipment.kits.map((k) => (
          <li key={k.id} className="flex items-center gap-2">
            <span className="font-mono">{k.kitNumber}</span>
            <span className="text-muted-foreground">{k.kitTypeCode}</span>
            <select
              aria-label={t('supply.conditionOf', { kit: k.kitNumber })}
              className="h-8 rounded-md border border-border bg-white px-2 text-sm"
              value={conditions[k.id] ?? 'ok'}
              onChange={(e) => setConditions({ ...conditions, [k.id]: e.target.value as Condition })}
            >
              {(['ok', 'damaged', 'lost'] as const).map((c) => (
                <option key={c} value={c}>
                  {t(`supply.condition.${c}`)}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          disabled={receive.isPending}
          onClick={() => receive.mutate({ shipmentId: shipment.id, conditions: Object.entries(conditions).map(([kitId, condition]) => ({ kitId: Number(kitId), condition })) })}
        >
          {t('supply.receive')}
        </Button>
        {receive.error && <span className="text-sm text-destructive">{receive.error.message}</span>}
      </div>
    </div>
  );
}
