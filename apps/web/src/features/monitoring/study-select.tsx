// The study filter of both monitoring tabs (the shared one, with this screen's words).
import { useTranslation } from 'react-i18next';
import { StudyFilter } from '@/components/study-filter';

export function StudySelect({ value, onChange }: { value: number | undefined; onChange: (id: string) => void }) {
  const { t } = useTranslation('monitoring');
  return <StudyFilter value={value} onChange={onChange} label={t('filters.study')} allLabel={t('filters.allStudies')} />;
}
