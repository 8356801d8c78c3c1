// A form's category (Baseline, Visit, Safety, Lab, Medication, PRO) as a badge in the reader's language.
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

export function CategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation('forms');
  return (
    <Badge tone="info" data-category={category} data-testid="form-card-category">
      {t(`categories.${category}`, { defaultValue: category })}
    </Badge>
  );
}
