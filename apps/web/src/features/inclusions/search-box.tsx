// Search on the subject code (the shared search box: applied 300 ms after the last keystroke).
import { useTranslation } from 'react-i18next';
import { SearchBox as ListSearchBox } from '@/components/search-box';

export function SearchBox({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const { t } = useTranslation('inclusions');
  return (
    <ListSearchBox
      value={value}
      onSearch={onSearch}
      label={t('search.label')}
      placeholder={t('search.placeholder')}
    />
  );
}
