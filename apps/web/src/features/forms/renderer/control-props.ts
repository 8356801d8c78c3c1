// The props every field control takes, and the look of a disabled (read-only) control: legible,
// not faded, since Preview and locked data are read, not skipped.
import type { EnteredValue } from './values';

export interface ControlProps {
  /** The control's id (for a group of inputs: the fieldset's; its inputs derive theirs from it). */
  id: string;
  /** The raw value as entered (any shape: a control shows what it can and the evaluator flags the rest). */
  value: unknown;
  onChange: (value: EnteredValue) => void;
  disabled: boolean;
  invalid: boolean;
  required: boolean;
  /** Ids of the help text and messages (and unit), for aria-describedby. */
  describedBy?: string;
}

export const READ_ONLY_CLASS =
  'disabled:cursor-not-allowed disabled:bg-muted/60 disabled:text-slate-900 disabled:opacity-100';
export const CHOICE_INPUT_CLASS = 'size-4 shrink-0 accent-primary disabled:cursor-not-allowed';

/** The attributes a single input/select/textarea carries. */
export function singleControlProps({ id, disabled, invalid, required, describedBy }: ControlProps) {
  return {
    id,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
  } as const;
}
