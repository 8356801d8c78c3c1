// An ordered list of fields with drag and drop reordering (@dnd-kit sortable): pointer, and keyboard
// through the handle (KeyboardSensor with sortableKeyboardCoordinates), announced to screen readers
// by field code. Used for the form's fields and, nested, for a repeating group's sub-fields.
import { useTranslation } from 'react-i18next';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FormField } from '@ctp/contracts';
import { AddFieldMenu } from './add-field-menu';
import { FieldCard } from './field-card';
import { SCALAR_TYPES } from './field-factory';
import { keyOf } from './field-keys';
import type { FieldPath } from './field-tree';
import type { FieldActions } from './use-field-actions';

export interface FieldListProps {
  fields: readonly FormField[];
  /** The index of the repeating group whose sub-fields these are. */
  group?: number;
  groupCode?: string;
  selected: string | null;
  readOnly: boolean;
  issueCount: (path: FieldPath) => number;
  actions: FieldActions;
  onDelete: (path: FieldPath) => void;
  testId?: string;
}

export function SortableFieldList({ fields, group, groupCode, selected, readOnly, issueCount, actions, onDelete, testId }: FieldListProps) {
  const { t } = useTranslation('forms-builder');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = fields.map((f) => keyOf(f));
  const pathAt = (i: number): FieldPath => (group === undefined ? { index: i } : { index: group, sub: i });
  const codeOf = (id: UniqueIdentifier) => fields[ids.indexOf(String(id))]?.code ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.start', { code: codeOf(active.id), position: positionOf(active.id), count: ids.length }),
    onDragOver: ({ active, over }) => (over ? t('dnd.over', { code: codeOf(active.id), position: positionOf(over.id), count: ids.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('dnd.end', { code: codeOf(active.id), position: positionOf(over.id), count: ids.length }) : undefined),
    onDragCancel: ({ active }) => t('dnd.cancel', { code: codeOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) actions.move(pathAt(from), to);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="grid gap-2" data-testid={testId} aria-label={groupCode === undefined ? t('list.title') : t('list.subFieldsOf', { code: groupCode })}>
          {fields.map((field, i) => {
            const path = pathAt(i);
            const id = ids[i]!;
            return (
              <FieldCard
                key={id}
                id={id}
                field={field}
                position={i}
                count={fields.length}
                selected={selected === id}
                readOnly={readOnly}
                issueCount={issueCount(path)}
                onSelect={() => actions.select(id)}
                onMove={(to, direction) => actions.move(path, to, id, direction)}
                onDuplicate={() => actions.duplicate(path)}
                onDelete={() => onDelete(path)}
              >
                {field.type === 'repeatingGroup' && group === undefined ? (
                  <div className="grid gap-2">
                    <SortableFieldList fields={field.fields} group={i} groupCode={field.code} selected={selected} readOnly={readOnly} issueCount={issueCount} actions={actions} onDelete={onDelete} />
                    {!readOnly && <AddFieldMenu types={SCALAR_TYPES} label={t('list.addSubField')} onAdd={(type) => actions.add(type, i)} testId={`builder-add-subfield-${field.code}`} />}
                  </div>
                ) : null}
              </FieldCard>
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
