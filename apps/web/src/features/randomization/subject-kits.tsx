// The kits dispensed to a subject, one small line per visit (kit number only, never a kit type or a
// treatment), and, for site staff, dispensing the next kit at a visit without one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';

export function SubjectKits({ patientId, fresh }: { patientId: number; fresh?: string[] }) {
  const query = trpc.supply.subjectKits.useQuery({ patientId });
  const kits = query.data ?? (fresh ?? []).map((kitNumber) => ({ kitNumber, visitCode: null as string | null }));
  return (
    <div className="grid gap-2">
      {kits.length > 0 && <KitList kits={kits} />}
      {query.data && <DispenseKit patientId={patientId} />}
    </div>
  );
}

function KitList({ kits }: { kits: { kitNumber: string; visitCode: string | null }[] }) {
  const { t } = useTranslation('randomization');
  return (
    <ul className="grid gap-0.5 text-sm" data-testid="subject-kits">
      {kits.map((k) => (
        <li key={k.kitNumber} className="flex justify-between gap-2">
          <span className="text-muted-foreground">{k.visitCode ? t('supply.kitAtVisit', { visit: k.visitCode }) : t('supply.kit')}</span>
          <span className="font-mono font-medium" data-testid="subject-kit">
            {k.kitNumber}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Site staff: the next kit for one of the subject's visits that has none (supply.dispense). */
function DispenseKit({ patientId }: { patientId: number }) {
  const { t } = useTranslation('randomization');
  const visits = trpc.supply.dispensableVisits.useQuery({ patientId });
  const [visitId, setVisitId] = useState<number | null>(null);
  const utils = trpc.useUtils();
  const dispense = trpc.supply.dispense.useMutation({
    onSuccess: async () => {
      setVisitId(null);
      await Promise.all([utils.supply.subjectKits.invalidate({ patientId }), utils.supply.dispensableVisits.invalidate({ patientId })]);
    },
  });
  const list = visits.data ?? [];
  if (!list.length) return null;
  const chosen = visitId ?? list[0]!.subjectVisitId;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="dispense-kit">
      <select aria-label={t('supply.dispenseAt')} className="h-9 rounded-md border border-border bg-white px-2" value={chosen} onChange={(e) => setVisitId(Number(e.target.value))}>
        {list.map((v) => (
          <option key={v.subjectVisitId} value={v.subjectVisitId}>
            {v.visitCode} · {v.scheduledDate}
          </option>
        ))}
      </select>
      <Button type="button" variant="outline" disabled={dispense.isPending} onClick={() => dispense.mutate({ patientId, subjectVisitId: chosen })}>
        {t('supply.dispense')}
      </Button>
      {dispense.error && (
        <span className="text-destructive" role="alert">
          {dispense.error.message}
        </span>
      )}
    </div>
  );
}
