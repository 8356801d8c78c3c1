// Integer and decimal entry. The typed text is kept while it is being typed ('7.', '-'); the value
// sent is a number whenever the text is a clean number within the storable limits, else the text
// itself (the evaluator then reports it), and nothing when blank. The decimal separator is '.'
// only: '1,500' is refused rather than guessed as 1.5 or 1500.
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { READ_ONLY_CLASS, singleControlProps, type ControlProps } from './control-props';
import { asText, type EnteredValue } from './values';

const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const LIMIT = 1e12;

/** What to send for typed text. */
export function numberValue(text: string, integer: boolean): EnteredValue {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!(integer ? WHOLE : DECIMAL).test(trimmed)) return text;
  const n = Number(trimmed);
  return Number.isFinite(n) && Math.abs(n) <= LIMIT && (!integer || Number.isSafeInteger(n)) ? n : text;
}

const same = (a: EnteredValue, b: unknown) =>
  a === b || (a === undefined && (b === undefined || b === null || b === ''));

export function NumberInput({ integer, unit, ...props }: ControlProps & { integer: boolean; unit?: string }) {
  // The text last typed here, shown for as long as the value is still the one it produced (so a
  // value replaced from outside, e.g. a row removed above, shows as itself).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft !== null && same(numberValue(draft, integer), props.value) ? draft : asText(props.value);
  const unitId = unit ? `${props.id}-unit` : undefined;
  const describedBy = [props.describedBy, unitId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex items-center gap-2">
      <Input
        {...singleControlProps(props)}
        aria-describedby={describedBy}
        type="text"
        inputMode={integer ? 'numeric' : 'decimal'}
        autoComplete="off"
        className={cn('w-40 tabular-nums', READ_ONLY_CLASS)}
        value={text}
        onChange={(e) => {
          setDraft(e.target.value);
          props.onChange(numberValue(e.target.value, integer));
        }}
      />
      {unit ? (
        <span id={unitId} className="text-sm text-muted-foreground">
          {unit}
        </span>
      ) : null}
    </div>
  );
}
