// A partial date (CDASH onset dates): a year, then optionally a month, then optionally a day,
// producing 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. The parts are read back from the value itself, so
// the control needs no state of its own: a month without a year is kept as '-MM' and reported by the
// evaluator, and the day stays disabled until a month is chosen.
import { useTranslation } from 'react-i18next';
import { Input, NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { READ_ONLY_CLASS, type ControlProps } from './control-props';
import type { EnteredValue } from './values';

interface Parts {
  year: string;
  month: string;
  day: string;
}

function partsOf(value: unknown): Parts {
  const [year = '', month = '', day = ''] = typeof value === 'string' ? value.split('-') : [];
  return { year, month, day };
}

function compose({ year, month, day }: Parts): EnteredValue {
  if (!year && !month && !day) return undefined;
  if (!month) return year;
  return day ? `${year}-${month}-${day}` : `${year}-${month}`;
}

function daysIn(year: string, month: string): number {
  const m = Number(month);
  if (m === 2) {
    if (!/^\d{4}$/.test(year)) return 29;
    const y = Number(year);
    return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function PartialDateInput({ id, value, onChange, disabled, invalid, required }: ControlProps) {
  const { t, i18n } = useTranslation('forms-renderer');
  const parts = partsOf(value);
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const days = parts.month ? daysIn(parts.year, parts.month) : 31;

  const change = (next: Partial<Parts>) => {
    const merged = { ...parts, ...next };
    // No day without a month. A day the month does not have (30 February) is kept and shown, and
    // the evaluator reports it: nothing entered is dropped silently.
    if (!merged.month) merged.day = '';
    onChange(compose(merged));
  };
  const common = { disabled, 'aria-invalid': invalid || undefined } as const;
  const caption = 'text-xs text-muted-foreground';

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={`${id}-year`} className={caption}>
          {t('partialDate.year')}
        </label>
        <Input
          {...common}
          id={`${id}-year`}
          aria-required={required || undefined}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          placeholder={t('partialDate.yearPlaceholder')}
          className={cn('w-20 tabular-nums', READ_ONLY_CLASS)}
          value={parts.year}
          onChange={(e) => change({ year: e.target.value.replace(/\D/g, '') })}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-month`} className={caption}>
          {t('partialDate.month')}
        </label>
        <NativeSelect
          {...common}
          id={`${id}-month`}
          className={cn('w-36', READ_ONLY_CLASS)}
          value={parts.month}
          onChange={(e) => change({ month: e.target.value })}
        >
          <option value="">{t('partialDate.unknown')}</option>
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {monthName.format(Date.UTC(2000, i, 1))}
            </option>
          ))}
          {parts.month && !/^(0[1-9]|1[0-2])$/.test(parts.month) ? (
            <option value={parts.month}>{parts.month}</option>
          ) : null}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-day`} className={caption}>
          {t('partialDate.day')}
        </label>
        <NativeSelect
          {...common}
          id={`${id}-day`}
          disabled={disabled || !parts.month}
          className={cn('w-20', READ_ONLY_CLASS)}
          value={parts.day}
          onChange={(e) => change({ day: e.target.value })}
        >
          <option value="">{t('partialDate.unknown')}</option>
          {Array.from({ length: days }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {i + 1}
            </option>
          ))}
          {parts.day && !(Number(parts.day) >= 1 && Number(parts.day) <= days && parts.day.length === 2) ? (
            <option value={parts.day}>{parts.day}</option>
          ) : null}
        </NativeSelect>
      </div>
    </div>
  );
}
