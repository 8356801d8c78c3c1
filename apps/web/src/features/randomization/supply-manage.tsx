// Study managers' and administrators' supply forms: add a depot or a kit type, register kits (a range of
// numbers or a CSV with number, kit type, lot, expiry), request a shipment to a site (prefilled from a
// site's suggested resupply), set a site's threshold and the expiry margin. The server checks every rule
// again and names the rows it refuses.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import type { SupplyOverview } from './supply-card';

const selectClass = 'h-9 rounded-md border border-border bg-white px-2 text-sm';

function useSupplyMutation() {
  const utils = trpc.useUtils();
  return { onSuccess: () => utils.supply.overview.invalidate() };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      {children}
    </label>
  );
}

function FormBox({ title, onSubmit, error, pending, submit, testId, children }: { title: string; onSubmit: () => void; error?: string; pending: boolean; submit: string; testId: string; children: ReactNode }) {
  return (
    <form
      className="grid gap-2 rounded-md border border-border p-3"
      data-testid={testId}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h4 className="font-medium">{title}</h4>
      <div className="grid gap-2 sm:grid-cols-3">{children}</div>
      <div className="flex items-center gap-2">
        <Button type="submit" disabled={pending}>
          {submit}
        </Button>
        {error && (
          <span className="text-sm text-destructive" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

export function SupplyManage({ data }: { data: SupplyOverview }) {
  const { t } = useTranslation('randomization');
  return (
    <section className="grid gap-3" aria-label={t('supply.manage')}>
      <h3 className="font-medium">{t('supply.manage')}</h3>
      <ShipmentForm data={data} />
      <RegisterForm data={data} />
      <ThresholdForm data={data} />
      <SetupForms data={data} />
    </section>
  );
}

function ShipmentForm({ data }: { data: SupplyOverview }) {
  const { t } = useTranslation('randomization');
  const [depotId, setDepotId] = useState(data.depots[0]?.id ?? 0);
  const [siteId, setSiteId] = useState(data.sites.find((s) => s.below)?.siteId ?? data.sites[0]?.siteId ?? 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const create = trpc.supply.createShipment.useMutation({
    ...useSupplyMutation(),
    onSuccess: async (s) => {
      setQuantities({});
      toast({ title: t('supply.requested', { number: s.shipmentNumber }) });
    },
  });
  const utils = trpc.useUtils();
  // A suggestion per kit type as it is; a pooled one spread over the kit types.
  const suggest = () => {
    const site = data.sites.find((s) => s.siteId === siteId);
    const next: Record<number, string> = {};
    for (const g of site?.suggestion ?? []) {
      const targets = g.kitTypeId === null ? data.kitTypes.map((k) => k.id) : [g.kitTypeId];
      targets.forEach((id, i) => {
        const share = Math.floor(g.quantity / targets.length) + (i < g.quantity % targets.length ? 1 : 0);
        next[id] = String(Number(next[id] ?? 0) + share);
      });
    }
    setQuantities(next);
  };
  const items = data.kitTypes.map((k) => ({ kitTypeId: k.id, quantity: Number(quantities[k.id] || 0) })).filter((i) => i.quantity > 0);
  return (
    <FormBox
      title={t('supply.newShipment')}
      testId="supply-new-shipment"
      submit={t('supply.request')}
      pending={create.isPending}
      error={create.error?.message}
      onSubmit={() => create.mutate({ studyId: data.studyId, depotId, siteId, items }, { onSuccess: () => void utils.supply.overview.invalidate() })}
    >
      <Row label={t('supply.depot')}>
        <select className={selectClass} value={depotId} onChange={(e) => setDepotId(Number(e.target.value))}>
          {data.depots.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </Row>
      <Row label={t('supply.site')}>
        <select className={selectClass} value={siteId} onChange={(e) => setSiteId(Number(e.target.value))} data-testid="shipment-site">
          {data.sites.map((s) => (
            <option key={s.siteId} value={s.siteId}>
              {s.siteNumber} {s.name}
            </option>
          ))}
        </select>
      </Row>
      <div className="flex items-end">
        <Button type="button" variant="outline" onClick={suggest}>
          {t('supply.useSuggestion')}
        </Button>
      </div>
      {data.kitTypes.map((k) => (
        <Row key={k.id} label={t('supply.quantityOf', { kitType: k.code })}>
          <Input inputMode="numeric" value={quantities[k.id] ?? ''} onChange={(e) => setQuantities({ ...quantities, [k.id]: e.target.value })} />
        </Row>
      ))}
    </FormBox>
  );
}

function RegisterForm({ data }: { data: SupplyOverview }) {
  const { t } = useTranslation('randomization');
  const [depotId, setDepotId] = useState(data.depots[0]?.id ?? 0);
  const [kitTypeId, setKitTypeId] = useState(data.kitTypes[0]?.id ?? 0);
  const [range, setRange] = useState({ prefix: '', from: '', to: '', lot: '', expiryDate: '' });
  const done = (r: { registered: number }) => toast({ title: t('supply.registered', { count: r.registered }) });
  const byRange = trpc.supply.registerRange.useMutation({ ...useSupplyMutation() });
  const byCsv = trpc.supply.registerCsv.useMutation({ ...useSupplyMutation() });
  const utils = trpc.useUtils();
  const after = { onSuccess: (r: { registered: number }) => (done(r), void utils.supply.overview.invalidate()) };
  return (
    <FormBox
      title={t('supply.register')}
      testId="supply-register"
      submit={t('supply.registerRange')}
      pending={byRange.isPending || byCsv.isPending}
      error={byRange.error?.message ?? byCsv.error?.message}
      onSubmit={() => byRange.mutate({ studyId: data.studyId, depotId, kitTypeId, prefix: range.prefix, from: Number(range.from), to: Number(range.to), lot: range.lot, expiryDate: range.expiryDate }, after)}
    >
      <Row label={t('supply.depot')}>
        <select className={selectClass} value={depotId} onChange={(e) => setDepotId(Number(e.target.value))}>
          {data.depots.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </Row>
      <Row label={t('supply.kitType')}>
        <select className={selectClass} value={kitTypeId} onChange={(e) => setKitTypeId(Number(e.target.value))}>
          {data.kitTypes.map((k) => (
            <option key={k.id} value={k.id}>
              {k.code}
            </option>
          ))}
        </select>
      </Row>
      <Row label={t('supply.prefix')}>
        <Input value={range.prefix} onChange={(e) => setRange({ ...range, prefix: e.target.value })} />
      </Row>
      <Row label={t('supply.from')}>
        <Input inputMode="numeric" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} />
      </Row>
      <Row label={t('supply.to')}>
        <Input inputMode="numeric" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
      </Row>
      <Row label={t('supply.lot')}>
        <Input value={range.lot} onChange={(e) => setRange({ ...range, lot: e.target.value })} />
      </Row>
      <Row label={t('supply.expiry')}>
        <Input type="date" value={range.expiryDate} onChange={(e) => setRange({ ...range, expiryDate: e.target.value })} />
      </Row>
      <Row label={t('supply.csv')}>
        <Input
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) byCsv.mutate({ studyId: data.studyId, depotId, csv: await file.text() }, after);
            e.target.value = '';
          }}
        />
      </Row>
    </FormBox>
  );
}

function ThresholdForm({ data }: { data: SupplyOverview }) {
  const { t } = useTranslation('randomization');
  const [siteId, setSiteId] = useState(data.sites[0]?.siteId ?? 0);
  const [kitTypeId, setKitTypeId] = useState<number | null>(null);
  const [threshold, setThreshold] = useState('');
  const [quantity, setQuantity] = useState('');
  const set = trpc.supply.setThreshold.useMutation({ ...useSupplyMutation() });
  const utils = trpc.useUtils();
  return (
    <FormBox
      title={t('supply.setThreshold')}
      testId="supply-threshold"
      submit={t('supply.save')}
      pending={set.isPending}
      error={set.error?.message}
      onSubmit={() =>
        set.mutate(
          { studyId: data.studyId, siteId, kitTypeId, threshold: Number(threshold), resupplyQuantity: Number(quantity) },
          { onSuccess: () => (toast({ title: t('supply.saved') }), void utils.supply.overview.invalidate()) },
        )
      }
    >
      <Row label={t('supply.site')}>
        <select className={selectClass} value={siteId} onChange={(e) => setSiteId(Number(e.target.value))}>
          {data.sites.map((s) => (
            <option key={s.siteId} value={s.siteId}>
              {s.siteNumber}
            </option>
          ))}
        </select>
      </Row>
      <Row label={t('supply.kitType')}>
        <select className={selectClass} value={kitTypeId ?? ''} onChange={(e) => setKitTypeId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{t('supply.pooled')}</option>
          {data.kitTypes.map((k) => (
            <option key={k.id} value={k.id}>
              {k.code}
            </option>
          ))}
        </select>
      </Row>
      <Row label={t('supply.threshold')}>
        <Input inputMode="numeric" value={threshold} onChange={(e) => setThreshold(e.target.value)} />
      </Row>
      <Row label={t('supply.resupplyQuantity')}>
        <Input inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      </Row>
    </FormBox>
  );
}

function SetupForms({ data }: { data: SupplyOverview }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const refresh = { onSuccess: () => (toast({ title: t('supply.saved') }), void utils.supply.overview.invalidate()) };
  const [depot, setDepot] = useState({ name: '', country: '' });
  const [kitType, setKitType] = useState({ code: '', name: '', armId: 0 });
  const [margin, setMargin] = useState(String(data.expiryMarginDays));
  const addDepot = trpc.supply.addDepot.useMutation();
  const addKitType = trpc.supply.addKitType.useMutation();
  const setMarginDays = trpc.supply.setMargin.useMutation();
  return (
    <>
      <FormBox title={t('supply.addDepot')} testId="supply-add-depot" submit={t('supply.add')} pending={addDepot.isPending} error={addDepot.error?.message} onSubmit={() => addDepot.mutate({ studyId: data.studyId, name: depot.name, country: depot.country || undefined }, refresh)}>
        <Row label={t('supply.depotName')}>
          <Input value={depot.name} onChange={(e) => setDepot({ ...depot, name: e.target.value })} />
        </Row>
        <Row label={t('supply.country')}>
          <Input value={depot.country} onChange={(e) => setDepot({ ...depot, country: e.target.value })} />
        </Row>
      </FormBox>
      {data.armsShown && (
        <FormBox title={t('supply.addKitType')} testId="supply-add-kit-type" submit={t('supply.add')} pending={addKitType.isPending} error={addKitType.error?.message} onSubmit={() => addKitType.mutate({ studyId: data.studyId, ...kitType }, refresh)}>
          <Row label={t('supply.code')}>
            <Input value={kitType.code} onChange={(e) => setKitType({ ...kitType, code: e.target.value })} />
          </Row>
          <Row label={t('supply.name')}>
            <Input value={kitType.name} onChange={(e) => setKitType({ ...kitType, name: e.target.value })} />
          </Row>
          <Row label={t('supply.armId')}>
            <ArmSelect studyId={data.studyId} value={kitType.armId} onChange={(armId) => setKitType({ ...kitType, armId })} />
          </Row>
        </FormBox>
      )}
      <FormBox title={t('supply.margin')} testId="supply-margin" submit={t('supply.save')} pending={setMarginDays.isPending} error={setMarginDays.error?.message} onSubmit={() => setMarginDays.mutate({ studyId: data.studyId, expiryMarginDays: Number(margin) }, refresh)}>
        <Row label={t('supply.marginDays')}>
          <Input inputMode="numeric" value={margin} onChange={(e) => setMargin(e.target.value)} />
        </Row>
      </FormBox>
    </>
  );
}

/** The study's arms (design.byStudy), for those who see arms: a kit type packages one. */
function ArmSelect({ studyId, value, onChange }: { studyId: number; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation('randomization');
  const design = trpc.design.byStudy.useQuery({ studyId });
  const arms = design.data?.arms ?? [];
  return (
    <select className={selectClass} value={value || ''} onChange={(e) => onChange(Number(e.target.value))}>
      <option value="">{t('supply.chooseArm')}</option>
      {arms.map((a) => (
        <option key={a.id} value={a.id}>
          {a.code} {a.name}
        </option>
      ))}
    </select>
  );
}
