// The study the analytics are computed for: one of the user's studies, by code.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';

export function StudySelect({ value, onChange }: { value: number | null; onChange: (id: string) => void }) {
  const { t } = useTranslation('analytics');
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const known = studies.data?.items.some((s) => s.id === value);
  return (
    <NativeSelect className="w-48" value={value ?? ''} onChange={(e) => onChange(e.target.value)} aria-label={t('study')} data-testid="analytics-study">
      {value !== null && !known && <option value={value}>#{value}</option>}
      {studies.data?.items.map((s) => (
        <option key={s.id} value={s.id}>
          {s.studyId}
        </option>
      ))}
    </NativeSelect>
  );
}
