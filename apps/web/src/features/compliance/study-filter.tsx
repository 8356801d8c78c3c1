// The study filter in the page header: the user's studies by code, or all of them.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';

export function StudyFilter({ value, onChange }: { value: number | undefined; onChange: (id: string) => void }) {
  const { t } = useTranslation('compliance');
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const known = studies.data?.items.some((s) => s.id === value);
  return (
    <NativeSelect className="w-44" value={value ?? ''} onChange={(e) => onChange(e.target.value)} aria-label={t('filter.study')}>
      <option value="">{t('filter.allStudies')}</option>
      {value !== undefined && !known && <option value={value}>#{value}</option>}
      {studies.data?.items.map((s) => (
        <option key={s.id} value={s.id}>
          {s.studyId}
        </option>
      ))}
    </NativeSelect>
  );
}
