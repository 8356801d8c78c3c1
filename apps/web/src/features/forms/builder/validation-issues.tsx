// The definition's issues beside the field list: where (field code › setting) and what, errors first.
// An issue on a field selects that field when clicked.
import { useTranslation } from 'react-i18next';
import { AlertCircle, AlertTriangle } from 'lucide-react';
import type { FormDefinition } from '@ctp/contracts';
import { cn } from '@/lib/utils';
import { describeWhere, fieldPathOf, type DefinitionIssue } from './definition-issues';
import type { FieldPath } from './field-tree';
import { issueText } from './issue-text';

export function ValidationIssues({
  issues,
  definition,
  onSelectField,
  onShowChecks,
}: {
  issues: readonly DefinitionIssue[];
  definition: FormDefinition;
  onSelectField: (path: FieldPath) => void;
  onShowChecks: () => void;
}) {
  const { t } = useTranslation('forms-builder');
  if (issues.length === 0) return null;
  const errors = issues.filter((i) => i.severity === 'error').length;
  const sorted = [...issues].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <section
      aria-labelledby="builder-issues-title"
      data-testid="builder-issues"
      className={cn('grid gap-2 rounded-md border p-3 text-sm', errors ? 'border-red-200 bg-red-50' : 'border-amber-200 bg-amber-50')}
    >
      <h2 id="builder-issues-title" className="font-medium">
        {errors ? t('issues.title', { count: errors }) : t('issues.warningsTitle')}
      </h2>
      <ul className="grid gap-1">
        {sorted.map((issue, i) => {
          const field = fieldPathOf(issue.path);
          const onCheck = issue.path[0] === 'checks';
          const Icon = issue.severity === 'error' ? AlertCircle : AlertTriangle;
          const text = (
            <>
              <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span>
                <span className="font-mono text-xs font-semibold">{describeWhere(definition, issue.path, t)}</span>: {issueText(t, issue.message)}
              </span>
            </>
          );
          const cls = cn('flex items-start gap-1.5 text-left', issue.severity === 'error' ? 'text-red-700' : 'text-amber-800');
          return (
            <li key={`${issue.path.join('.')}-${i}`} data-severity={issue.severity}>
              {field || onCheck ? (
                <button type="button" className={cn(cls, 'hover:underline')} onClick={() => (field ? onSelectField(field) : onShowChecks())}>
                  {text}
                </button>
              ) : (
                <span className={cls}>{text}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
