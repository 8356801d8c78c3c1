// One scalar field: its label (a legend for a group of inputs), a red asterisk when required, the
// help text, the control and its messages, tied together by id, aria-describedby and aria-invalid.
// A blur anywhere inside marks the field touched, which lets its 'required' message show.
import type { ReactNode } from 'react';
import type { ScalarField } from '@ctp/contracts';
import { Label } from '@/components/ui/label';
import { controlLayout, FieldControl } from './field-control';
import { IssueList } from './issue-message';
import { useRenderer } from './renderer-context';
import type { EnteredValue } from './values';

export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="ml-0.5 text-destructive" aria-hidden>
      *
    </span>
  ) : null;
}

export function FieldView({
  field,
  path,
  value,
  onChange,
}: {
  field: ScalarField;
  path: string;
  value: unknown;
  onChange: (value: EnteredValue) => void;
}) {
  const { evaluation, disabled, issuesAt, markTouched, idFor, fieldAddon } = useRenderer();
  const id = idFor(path);
  const issues = issuesAt(path);
  const invalid = issues.some((issue) => issue.severity === 'error');
  const helpId = field.helpText ? `${id}-help` : undefined;
  const issuesId = issues.length > 0 ? `${id}-issues` : undefined;
  const describedBy = [helpId, issuesId].filter(Boolean).join(' ') || undefined;
  const layout = controlLayout(field);
  const required = field.required === true && field.type !== 'calculated';
  const label = (
    <>
      {field.label}
      <RequiredMark required={required} />
    </>
  );
  const help = field.helpText ? (
    <p id={helpId} className="text-xs text-muted-foreground">
      {field.helpText}
    </p>
  ) : null;
  const body = (control: ReactNode) => (
    <>
      {help}
      {control}
      <IssueList id={issuesId} issues={issues} />
      {fieldAddon?.(field, path, value)}
    </>
  );
  const control = (
    <FieldControl
      field={field}
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      invalid={invalid}
      required={required}
      // A fieldset carries the description itself; its inputs need not repeat it.
      describedBy={layout === 'single' ? describedBy : undefined}
      calculated={evaluation.calculated[path]}
    />
  );

  if (layout === 'single') {
    return (
      <div className="grid content-start gap-1.5" data-field={path} onBlur={() => markTouched(path)}>
        <Label htmlFor={id}>{label}</Label>
        {body(control)}
      </div>
    );
  }
  return (
    <fieldset
      id={id}
      data-field={path}
      role={layout === 'radiogroup' ? 'radiogroup' : undefined}
      aria-invalid={invalid || undefined}
      aria-required={layout === 'radiogroup' && required ? true : undefined}
      aria-describedby={describedBy}
      className="min-w-0"
      onBlur={() => markTouched(path)}
    >
      <legend className="mb-1.5 text-sm font-medium leading-none">{label}</legend>
      <div className="grid content-start gap-1.5">{body(control)}</div>
    </fieldset>
  );
}
