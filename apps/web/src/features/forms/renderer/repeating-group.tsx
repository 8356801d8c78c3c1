// A repeating group (adverse events, medications): its rows as cards, each with a row number, the
// row's checks at its top, its sub-fields rendered as any other field, and a Remove button; an Add
// row button (disabled at maxRows) and the row limits as a hint.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import type { FormRowValues, RepeatingGroupField } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldView, RequiredMark } from './field-view';
import { IssueList, IssueSummary } from './issue-message';
import { useRenderer } from './renderer-context';
import { isShown, rowPath, subPath, withKey } from './values';

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function RepeatingGroup({
  field,
  rows,
  onChange,
  onRowRemoved,
}: {
  field: RepeatingGroupField;
  rows: FormRowValues[];
  onChange: (rows: FormRowValues[]) => void;
  /** Told after a row was removed, so per-row state (touched fields) can follow the rows that moved up. */
  onRowRemoved: (index: number) => void;
}) {
  const { t } = useTranslation('forms-renderer');
  const { evaluation, disabled, issuesAt, markTouched, idFor } = useRenderer();
  const id = idFor(field.code);
  const issues = issuesAt(field.code);
  const minRows = field.minRows ?? 0;
  const maxRows = field.maxRows ?? 50;
  const required = field.required === true;
  const helpId = field.helpText ? `${id}-help` : undefined;
  const hintId = `${id}-limits`;
  const issuesId = issues.length > 0 ? `${id}-issues` : undefined;
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Keyboard users land in the row they just added.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || index >= rows.length) return;
    focusRow.current = null;
    listRef.current?.children[index]?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [rows.length]);

  const addRow = () => {
    focusRow.current = rows.length;
    onChange([...rows, {}]);
  };
  const removeRow = (index: number) => {
    onChange(rows.filter((_, i) => i !== index));
    onRowRemoved(index);
    addRef.current?.focus();
  };
  const setCell = (index: number, code: string, value: FormRowValues[string] | undefined) =>
    onChange(rows.map((row, i) => (i === index ? withKey(row, code, value) : row)));

  const limits =
    minRows > 0
      ? t('group.limitsBetween', { min: minRows, count: maxRows })
      : t('group.limitsMax', { count: maxRows });

  return (
    <fieldset
      id={id}
      data-field={field.code}
      aria-invalid={issues.some((i) => i.severity === 'error') || undefined}
      aria-describedby={[helpId, hintId, issuesId].filter(Boolean).join(' ')}
      className="min-w-0"
      onBlur={() => markTouched(field.code)}
    >
      <legend className="mb-1.5 text-sm font-semibold leading-none">
        {field.label}
        <RequiredMark required={required} />
      </legend>
      <div className="grid gap-3">
        {field.helpText ? (
          <p id={helpId} className="text-xs text-muted-foreground">
            {field.helpText}
          </p>
        ) : null}
        <p id={hintId} className="text-xs text-muted-foreground">
          {limits}
        </p>
        <IssueList id={issuesId} issues={issues} />
        {rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
            {t('group.noRows')}
          </p>
        ) : null}
        <ol ref={listRef} className="grid gap-3">
          {rows.map((row, index) => {
            const path = rowPath(field.code, index);
            const rowId = idFor(path);
            return (
              // Rows have no identity of their own; every control is controlled by its value, so index keys are safe.
              <li key={index}>
                <Card
                  role="group"
                  aria-labelledby={`${rowId}-title`}
                  className="grid gap-4 p-4"
                  data-row={path}
                >
                  <div className="flex items-center justify-between gap-2">
                    <p id={`${rowId}-title`} className="text-sm font-semibold">
                      {t('group.row', { n: index + 1 })}
                    </p>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      disabled={disabled}
                      aria-label={t('group.removeRowLabel', { n: index + 1, label: field.label })}
                      onClick={() => removeRow(index)}
                    >
                      <Trash2 aria-hidden />
                      {t('group.removeRow')}
                    </Button>
                  </div>
                  <IssueSummary title={t('issues.rowChecks')} issues={issuesAt(path)} />
                  <div className="grid gap-4 sm:grid-cols-2">
                    {field.fields
                      .filter((sub) => isShown(evaluation, subPath(field.code, index, sub.code)))
                      .map((sub) => (
                        <FieldView
                          key={sub.code}
                          field={sub}
                          path={subPath(field.code, index, sub.code)}
                          value={row[sub.code]}
                          onChange={(value) => setCell(index, sub.code, value)}
                        />
                      ))}
                  </div>
                </Card>
              </li>
            );
          })}
        </ol>
        <div>
          <Button
            ref={addRef}
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled || rows.length >= maxRows}
            onClick={addRow}
          >
            <Plus aria-hidden />
            {t('group.addRow')}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
