// 'No forms found', with Clear Filters resetting the search, study and status filters together.
import { useTranslation } from 'react-i18next';
import { FilterX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';

export function FormsEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation('forms');
  return (
    <div data-testid="forms-empty">
      <EmptyState
        title={t('empty.title')}
        description={filtered ? t('empty.filtered') : t('empty.none')}
        action={
          <Button variant="outline" className="mt-2" onClick={onClear}>
            <FilterX /> {t('empty.clearFilters')}
          </Button>
        }
      />
    </div>
  );
}
