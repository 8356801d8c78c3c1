// The compliance page's study filter (the shared one, with this page's words).
import { useTranslation } from 'react-i18next';
import { StudyFilter as Filter } from '@/components/study-filter';

export function StudyFilter({ value, onChange }: { value: number | undefined; onChange: (id: string) => void }) {
  const { t } = useTranslation('compliance');
  return <Filter value={value} onChange={onChange} label={t('filter.study')} allLabel={t('filter.allStudies')} />;
}
