// How an indicator's value reads: proportions as percentages, rates and means with their unit.
import type { KriCode } from '@ctp/contracts';
import { formatNumber } from '@/lib/format';

const PROPORTIONS: KriCode[] = ['missingForms', 'outOfWindow', 'screenFailure'];
const DIGITS: Record<KriCode, number> = {
  queryRate: 3,
  queryAnswerDays: 1,
  aeRate: 2,
  missingForms: 1,
  outOfWindow: 1,
  screenFailure: 1,
  enrollmentVsPlan: 2,
};

export function kriValue(code: KriCode, value: number | null, unit: string): string {
  if (value === null) return '—';
  if (PROPORTIONS.includes(code)) return `${formatNumber(value * 100, DIGITS[code])} %`;
  return unit ? `${formatNumber(value, DIGITS[code])} ${unit}` : formatNumber(value, DIGITS[code]);
}
