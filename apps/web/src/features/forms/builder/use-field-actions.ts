// The field list's commands on the builder state: add (with a free code and translated defaults),
// duplicate, move, remove and select. Moves keep keyboard focus on the moved card's button.
import { useMemo, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldType, FormDefinition } from '@ctp/contracts';
import { copyField, freeCode, newField, type NewFieldText } from './field-factory';
import { allCodes, fieldAt, type FieldPath } from './field-tree';
import type { BuilderAction } from './use-builder-state';

export interface FieldActions {
  text: NewFieldText;
  add: (type: FieldType, group?: number) => void;
  duplicate: (path: FieldPath) => void;
  move: (path: FieldPath, to: number, focusKey?: string, direction?: 'up' | 'down') => void;
  remove: (path: FieldPath) => void;
  select: (key: string | null) => void;
}

/** After a move, focus returns to the moved card's button in that direction (or the other one at an end). */
function refocus(key: string, direction: 'up' | 'down') {
  requestAnimationFrame(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>(`[data-move-key="${key}"]`)].filter((b) => !b.disabled);
    (buttons.find((b) => b.dataset.direction === direction) ?? buttons[0])?.focus();
  });
}

export function useFieldActions(definition: FormDefinition, dispatch: Dispatch<BuilderAction>): FieldActions {
  const { t } = useTranslation('forms-builder');
  return useMemo(() => {
    const text: NewFieldText = { label: t('list.newFieldLabel'), option: (n) => t('list.newOption', { n }) };
    const codes = allCodes(definition.fields);
    return {
      text,
      add: (type, group) => {
        const code = freeCode(codes);
        dispatch({ type: 'add', field: newField(type, code, text, codes), group });
      },
      duplicate: (path) => {
        const field = fieldAt(definition.fields, path);
        if (field) dispatch({ type: 'duplicate', path, copy: copyField(field, codes) });
      },
      move: (path, to, focusKey, direction) => {
        dispatch({ type: 'move', path, to });
        if (focusKey && direction) refocus(focusKey, direction);
      },
      remove: (path) => dispatch({ type: 'remove', path }),
      select: (key) => dispatch({ type: 'select', key }),
    };
  }, [definition.fields, dispatch, t]);
}
