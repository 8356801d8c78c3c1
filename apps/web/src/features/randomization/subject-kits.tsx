// The kits dispensed to a subject, one small line per visit (kit number only, never a kit type or a
// treatment), and, for site staff, dispensing the next kit at a visit without one.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';

export function SubjectKits({ patientId, fresh }: { patientId: number; fresh?: string[] }) {
  const { t } = useTranslation('randomization');
  const query = trpc.supply.subjectKits.useQuery({ patientId });
  const kits = query.data ?? (fresh ?? []).map((kitNumber) => ({ kitNumber, visitCode: null as string | null }));
  if (!kits.length) return null;
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
