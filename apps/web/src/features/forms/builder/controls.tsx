// Small labelled controls the builder's editors share: an optional number and a checkbox.
import { Input } from '@/components/ui/input';

/** A number that may be left empty (undefined); `step` any, so decimals can be typed. */
export function OptionalNumber({
  id,
  value,
  onChange,
  min,
  max,
  ...rest
}: {
  id?: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      step="any"
      min={min}
      max={max}
      value={value ?? ''}
      onChange={(e) => {
        const text = e.target.value.trim();
        const n = Number(text);
        onChange(text === '' || !Number.isFinite(n) ? undefined : n);
      }}
      {...rest}
    />
  );
}

/** A native checkbox inside its label (easy to reach by its label text, keyboard and screen reader). */
export function CheckField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
      <input id={id} type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
