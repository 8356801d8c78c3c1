// One field in the list: a drag handle (pointer or keyboard: Space to lift, arrows to move, Space to
// drop), the field's code, type, label and badges (select it by clicking), Move up / Move down as a
// fallback, Duplicate and Delete. A repeating group's sub-fields come as `children`.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { AlertCircle, ArrowDown, ArrowUp, Copy, GripVertical, Trash2 } from 'lucide-react';
import type { FormField } from '@ctp/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface FieldCardProps {
  id: string;
  field: FormField;
  position: number;
  count: number;
  selected: boolean;
  readOnly: boolean;
  issueCount: number;
  onSelect: () => void;
  onMove: (to: number, direction: 'up' | 'down') => void;
  onDuplicate: () => void;
  onDelete: () => void;
  children?: ReactNode;
}

export function FieldCard({ id, field, position, count, selected, readOnly, issueCount, onSelect, onMove, onDuplicate, onDelete, children }: FieldCardProps) {
  const { t } = useTranslation('forms-builder');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: readOnly });
  const code = field.code || t('list.noCode');
  const ranged = (field.type === 'integer' || field.type === 'decimal') && field.range && (field.range.min !== undefined || field.range.max !== undefined);
  const moveButton = (direction: 'up' | 'down', to: number, Icon: typeof ArrowUp) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-7"
      data-move-key={id}
      data-direction={direction}
      disabled={to < 0 || to >= count}
      aria-label={t(direction === 'up' ? 'list.moveUp' : 'list.moveDown', { code })}
      title={t(direction === 'up' ? 'list.moveUpShort' : 'list.moveDownShort')}
      onClick={() => onMove(to, direction)}
    >
      <Icon aria-hidden />
    </Button>
  );

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`builder-field-${field.code}`}
      data-field-type={field.type}
      className={cn('rounded-lg border bg-white', selected ? 'border-primary ring-2 ring-primary/30' : 'border-border', isDragging && 'relative z-10 shadow-lg')}
    >
      <div className="flex items-start gap-1 p-2">
        {!readOnly && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('list.dragHandle', { code })}
            className="mt-1 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        )}
        <button type="button" onClick={onSelect} aria-current={selected ? 'true' : undefined} className="grid min-w-0 flex-1 gap-1 rounded p-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs font-semibold text-primary">{code}</span>
            <span className="text-xs text-muted-foreground">{t(`types.${field.type}`)}</span>
            {issueCount > 0 && (
              <span className="inline-flex items-center gap-1 text-xs text-destructive">
                <AlertCircle className="size-3.5" aria-hidden /> {t('list.issueCount', { count: issueCount })}
              </span>
            )}
          </span>
          <span className="truncate text-sm">{field.label || t('list.noLabel')}</span>
          <span className="flex flex-wrap gap-1">
            {field.required && <Badge tone="danger">{t('badges.required')}</Badge>}
            {field.showIf !== undefined && <Badge tone="info">{t('badges.showIf')}</Badge>}
            {ranged && <Badge tone="warning">{t(field.range?.severity === 'hard' ? 'badges.rangeHard' : 'badges.rangeSoft')}</Badge>}
            {field.type === 'repeatingGroup' && <Badge tone="primary">{t('badges.subFields', { count: field.fields.length })}</Badge>}
          </span>
        </button>
        {!readOnly && (
          <div className="flex shrink-0 items-center">
            {moveButton('up', position - 1, ArrowUp)}
            {moveButton('down', position + 1, ArrowDown)}
            <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={t('list.duplicate', { code })} title={t('list.duplicateShort')} onClick={onDuplicate}>
              <Copy aria-hidden />
            </Button>
            <Button type="button" variant="ghost" size="icon" className="size-7 text-destructive" aria-label={t('list.delete', { code })} title={t('list.deleteShort')} onClick={onDelete}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        )}
      </div>
      {children ? <div className="border-t border-dashed border-border bg-muted/40 p-2 pl-6">{children}</div> : null}
    </li>
  );
}
