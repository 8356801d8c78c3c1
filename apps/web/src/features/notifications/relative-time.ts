// "5 minutes ago" in the given language for the last week, the locale date and time beyond it.
import { formatDateTime } from '@/lib/format';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

export function relativeTime(value: string, language?: string, now = Date.now()): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '—';
  let diff = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) < size) return rtf.format(unit === 'second' ? 0 : diff, unit);
    diff = Math.round(diff / size);
  }
  return formatDateTime(value);
}
