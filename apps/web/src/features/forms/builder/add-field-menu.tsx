// 'Add field': a menu of the field types (a repeating group's 'Add sub-field' offers scalar types only).
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { FieldType } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

export function AddFieldMenu({ types, onAdd, label, testId }: { types: readonly FieldType[]; onAdd: (type: FieldType) => void; label: string; testId?: string }) {
  const { t } = useTranslation('forms-builder');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" data-testid={testId}>
          <Plus aria-hidden /> {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>{t('list.chooseType')}</DropdownMenuLabel>
        {types.map((type) => (
          <DropdownMenuItem key={type} data-field-type={type} onSelect={() => onAdd(type)}>
            {t(`types.${type}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
