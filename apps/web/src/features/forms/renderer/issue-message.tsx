// An evaluator or server message: errors in red (announced), warnings in amber, each with its icon.
import { useTranslation } from 'react-i18next';
import { AlertCircle, AlertTriangle } from 'lucide-react';
import type { FieldIssue } from '@ctp/contracts';
import { cn } from '@/lib/utils';
import { issueKey, issueText } from './issues';

export function IssueMessage({ issue, prefix }: { issue: FieldIssue; prefix?: string }) {
  const { t } = useTranslation('forms-renderer');
  const error = issue.severity === 'error';
  const Icon = error ? AlertCircle : AlertTriangle;
  return (
    <p
      role={error ? 'alert' : undefined}
      data-severity={issue.severity}
      className={cn('flex items-start gap-1.5 text-xs', error ? 'text-destructive' : 'text-amber-700')}
    >
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>
        <span className="sr-only">{error ? t('issues.error') : t('issues.warning')}: </span>
        {prefix ? <span className="font-medium">{prefix}: </span> : null}
        {issueText(issue)}
      </span>
    </p>
  );
}

/** The messages under one field; `id` is what the control's aria-describedby points at. */
export function IssueList({
  id,
  issues,
  className,
}: {
  id?: string;
  issues: readonly FieldIssue[];
  className?: string;
}) {
  if (issues.length === 0) return null;
  return (
    <div id={id} className={cn('grid gap-1', className)}>
      {issues.map((issue) => (
        <IssueMessage key={issueKey(issue)} issue={issue} />
      ))}
    </div>
  );
}

/** A box of messages that belong to no one field: the form's checks (top of the form) or a row's. */
export function IssueSummary({
  id,
  title,
  issues,
  prefixOf,
  className,
}: {
  id?: string;
  title: string;
  issues: readonly FieldIssue[];
  prefixOf?: (issue: FieldIssue) => string | undefined;
  className?: string;
}) {
  if (issues.length === 0) return null;
  const error = issues.some((issue) => issue.severity === 'error');
  return (
    <div
      id={id}
      role="group"
      aria-label={title}
      className={cn(
        'grid gap-1.5 rounded-md border px-3 py-2',
        error ? 'border-destructive/40 bg-red-50' : 'border-amber-300 bg-amber-50',
        className,
      )}
    >
      <p className="text-xs font-semibold text-slate-900">{title}</p>
      {issues.map((issue) => (
        <IssueMessage key={issueKey(issue)} issue={issue} prefix={prefixOf?.(issue)} />
      ))}
    </div>
  );
}
