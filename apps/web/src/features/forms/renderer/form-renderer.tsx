// The one eCRF renderer (data entry, the form builder's live preview, the Preview dialog): every
// field of a definition with its control, the shared evaluator run on each change (skip logic,
// calculated values, live messages), the server's issues beside the client's, and the form's
// fieldless checks in a box at the top. Controlled: the page owns the values.
import { useCallback, useMemo, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue, FormDefinition, FormValues } from '@ctp/contracts';
import { FieldView } from './field-view';
import { IssueSummary } from './issue-message';
import { labelOfPath, mergeIssues, placeIssues, SUMMARY } from './issues';
import { RendererContext, type RendererContextValue } from './renderer-context';
import { RepeatingGroup } from './repeating-group';
import { useFormEvaluation } from './use-form-evaluation';
import { isShown, renderedPaths, rowsOf, withKey, type EnteredValue } from './values';

export { useFormEvaluation } from './use-form-evaluation';

export interface FormRendererProps {
  definition: FormDefinition;
  /** Controlled: the raw values as entered. */
  values: FormValues;
  /** Omitted or readOnly => nothing editable. */
  onChange?: (values: FormValues) => void;
  readOnly?: boolean;
  /** Server-side issues to show as well (e.g. after a refused submit), by path, same shape as FieldIssue. */
  serverIssues?: FieldIssue[];
  /** true (after a submit attempt): show every 'required' message. false (default): only on fields the user has touched (blurred). Other messages always show. */
  showAllIssues?: boolean;
  /** For unique element ids when two renderers are on a page (default 'crf'). */
  idPrefix?: string;
  /** Shown under each field (e.g. a coding suggestion); null for nothing. */
  fieldAddon?: RendererContextValue['fieldAddon'];
}

const NO_ISSUES: readonly FieldIssue[] = [];

export function FormRenderer({
  definition,
  values,
  onChange,
  readOnly = false,
  serverIssues,
  showAllIssues = false,
  idPrefix = 'crf',
  fieldAddon,
}: FormRendererProps): JSX.Element {
  const { t } = useTranslation('forms-renderer');
  const evaluation = useFormEvaluation(definition, values);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const disabled = readOnly || !onChange;

  const placed = useMemo(() => {
    const shown = mergeIssues(
      evaluation.issues,
      serverIssues ?? NO_ISSUES,
      (path) => showAllIssues || touched.has(path),
    );
    return placeIssues(shown, renderedPaths(definition, evaluation, values));
  }, [definition, evaluation, values, serverIssues, showAllIssues, touched]);

  const markTouched = useCallback(
    (path: string) => setTouched((prev) => (prev.has(path) ? prev : new Set(prev).add(path))),
    [],
  );

  // After row `index` of `group` is removed, the touched marks of the rows below move up with them.
  const rowRemoved = useCallback((group: string, index: number) => {
    setTouched((prev) => {
      const next = new Set<string>();
      for (const path of prev) {
        const [code, row, ...rest] = path.split('.');
        const n = Number(row);
        if (code !== group || row === undefined || !Number.isInteger(n) || n < index) next.add(path);
        else if (n > index) next.add([code, n - 1, ...rest].join('.'));
      }
      return next;
    });
  }, []);

  const context = useMemo<RendererContextValue>(
    () => ({
      evaluation,
      disabled,
      issuesAt: (path) => placed.get(path) ?? NO_ISSUES,
      markTouched,
      idFor: (path) => `${idPrefix}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`,
      fieldAddon,
    }),
    [evaluation, disabled, placed, markTouched, idPrefix, fieldAddon],
  );

  const setValue = (code: string, value: EnteredValue | FormValues[string]) => {
    if (!disabled) onChange?.(withKey(values, code, value));
  };

  const summary = placed.get(SUMMARY) ?? NO_ISSUES;
  return (
    <RendererContext value={context}>
      <div className="grid gap-5" data-form-renderer={idPrefix}>
        <IssueSummary
          id={`${idPrefix}-summary`}
          title={t('issues.formChecks')}
          issues={summary}
          prefixOf={(issue) => labelOfPath(definition, issue.path, t)}
        />
        {definition.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : null}
        {definition.fields.map((field) => {
          if (!isShown(evaluation, field.code)) return null;
          if (field.type === 'repeatingGroup') {
            return (
              <RepeatingGroup
                key={field.code}
                field={field}
                rows={rowsOf(values[field.code])}
                onChange={(rows) => setValue(field.code, rows.length > 0 ? rows : undefined)}
                onRowRemoved={(index) => rowRemoved(field.code, index)}
              />
            );
          }
          return (
            <FieldView
              key={field.code}
              field={field}
              path={field.code}
              value={values[field.code]}
              onChange={(value) => setValue(field.code, value)}
            />
          );
        })}
      </div>
    </RendererContext>
  );
}
