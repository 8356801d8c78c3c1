// Sort by start date (newest first), patient ID or status.
import { useTranslation } from 'react-i18next';
import { INCLUSION_SORTS } from '@ctp/contracts';
import { NativeSelect } from '@/components/ui/input';
import type { InclusionSort } from './use-inclusion-params';

export function SortSelect({ value, onChange }: { value: InclusionSort; onChange: (sort: InclusionSort) => void }) {
  const { t } = useTranslation('inclusions');
  return (
    <label className="flex items-center gap-2 text-sm text-muted-foreground">
      {t('sort.label')}
      <NativeSelect className="w-40" value={value} onChange={(e) => onChange(e.target.value as InclusionSort)}>
        {INCLUSION_SORTS.map((s) => (
          <option key={s} value={s}>
            {t(`sort.${s}`)}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
