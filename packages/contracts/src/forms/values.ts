// Entered values, one field at a time: what counts as empty, how each field type's value is parsed
// into what is stored, and the date and rounding helpers the evaluator shares. Pure and
// browser-safe (no node imports, no clock): the same code runs in the form and on the server.
import { isStorableText } from '../input.ts';
import type { ScalarField } from './definition.ts';
import { keyedMessage, type KeyedMessage, type MessageParams, type ServerMessageName } from '../server-messages.ts';

/** A value as stored: trimmed text or a code, a number, or the codes of a multiple choice. */
export type StoredScalar = string | number | string[];

/** The outcome of parsing one entered value: `value` null means empty (or refused, see `problem`). */
export interface ParsedValue {
  value: StoredScalar | null;
  problem?: { kind: 'type' | 'choice'; message: KeyedMessage };
}

/** Empty means undefined, null, blank text (after trim) or an empty list (nothing ticked). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

// --- Dates ---------------------------------------------------------------------------------------

const PARTIAL_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** [year], [year, month] or [year, month, day] of a valid (partial) date, else null. */
function dateParts(value: unknown): number[] | null {
  if (typeof value !== 'string') return null;
  const match = PARTIAL_DATE.exec(value);
  if (!match) return null;
  const parts = match.slice(1).filter((p): p is string => p !== undefined).map(Number);
  const [year = 0, month, day] = parts;
  if (year < 1900 || year > 2100) return null;
  if (month !== undefined && (month < 1 || month > 12)) return null;
  if (month !== undefined && day !== undefined && (day < 1 || day > daysInMonth(year, month))) return null;
  return parts;
}

/** Checks whether a partial date string is valid: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (a real calendar day), years 1900-2100. */
export function isPartialDate(value: string): boolean {
  return dateParts(value) !== null;
}

/**
 * Compares two date-like strings (full or partial) for the compare check: negative when a is
 * before b, 0 when equal, positive when after. Rule: compare the parts both dates have (year, then
 * month, then day); the first part that differs decides ('2023' < '2024-03-01', '2024-02' <
 * '2024-03-15'). When every shared part is equal and one date is less precise, the order cannot be
 * known ('2024' vs '2024-03-01', '2024-03' vs '2024-03-15'): null, and the check is skipped. Null
 * too when either is not a valid (partial) date.
 */
export function comparePartialDates(a: string, b: string): number | null {
  const pa = dateParts(a);
  const pb = dateParts(b);
  if (!pa || !pb) return null;
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return pa.length === pb.length ? 0 : null;
}

/** Whole days from `from` to `to` (to − from) for two full YYYY-MM-DD dates, else null. */
export function daysBetween(from: unknown, to: unknown): number | null {
  const a = dateParts(from);
  const b = dateParts(to);
  if (a?.length !== 3 || b?.length !== 3) return null;
  const day = ([y = 0, m = 1, d = 1]: number[]) => Date.UTC(y, m - 1, d) / 86_400_000;
  return day(b) - day(a);
}

// --- Numbers -------------------------------------------------------------------------------------

/**
 * Rounds half away from zero to `decimals` places, on the decimal digits a person sees (1.005 →
 * 1.01, not 1.00 as binary floating point would give).
 */
export function roundTo(value: number, decimals: number): number {
  const abs = Math.abs(value);
  // Beyond 15 significant digits there is nothing left to round.
  if (!Number.isFinite(value) || abs * 10 ** decimals >= 1e15) return value;
  const [mantissa, exponent = '0'] = abs.toPrecision(15).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  const rounded = Math.sign(value) * Number(`${shifted}e-${decimals}`);
  return rounded === 0 ? 0 : rounded; // no -0
}

/** Entered numbers stay within what the values schema accepts. */
const NUMBER_LIMIT = 1e12;
const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A number, or a numeric string (trimmed) matching `syntax`; NaN otherwise. */
function toNumber(raw: unknown, syntax: RegExp): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && syntax.test(raw.trim())) return Number(raw.trim());
  return Number.NaN;
}

// --- Parsing one value by field type ---------------------------------------------------------------

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_MAX_LENGTH = 4000;

const ok = (value: StoredScalar | null): ParsedValue => ({ value });
const refuse = (kind: 'type' | 'choice', name: ServerMessageName, params: MessageParams = {}): ParsedValue => ({
  value: null,
  problem: { kind, message: keyedMessage(name, params) },
});

/**
 * Parses an entered value as its field's type: text trimmed, numbers parsed from numeric strings,
 * codes checked against the code list. A value that cannot be stored as the type is refused with a
 * message (kind 'type', or 'choice' for a code not in the list). Calculated fields are not entered:
 * the caller computes them and never passes their value here.
 */
export function parseFieldValue(field: ScalarField, raw: unknown): ParsedValue {
  if (isEmptyValue(raw)) return ok(null);
  const trimmed = typeof raw === 'string' ? raw.trim() : raw;
  switch (field.type) {
    case 'text':
    case 'longText': {
      if (typeof trimmed !== 'string') return refuse('type', 'enterText');
      if (!isStorableText(trimmed)) return refuse('type', 'invalidText');
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
      return trimmed.length > max ? refuse('type', 'textTooLong', { count: max }) : ok(trimmed);
    }
    case 'integer': {
      const n = toNumber(raw, WHOLE);
      if (!Number.isInteger(n)) return refuse('type', 'wholeNumber');
      return Math.abs(n) > NUMBER_LIMIT ? refuse('type', 'tooLarge') : ok(n === 0 ? 0 : n);
    }
    case 'decimal': {
      const n = toNumber(raw, DECIMAL);
      if (!Number.isFinite(n)) return refuse('type', 'enterNumber');
      if (Math.abs(n) > NUMBER_LIMIT) return refuse('type', 'tooLarge');
      const decimals = field.decimals ?? 1;
      // Trailing zeros are not counted: '70.50' is 70.5, one decimal.
      if (roundTo(n, decimals) !== n) {
        return decimals === 0 ? refuse('type', 'wholeNumber') : refuse('type', 'tooManyDecimals', { count: decimals });
      }
      return ok(n === 0 ? 0 : n);
    }
    case 'date':
      if (typeof trimmed !== 'string' || !FULL_DATE.test(trimmed)) return refuse('type', 'fullDate');
      return isPartialDate(trimmed) ? ok(trimmed) : refuse('type', 'realDate');
    case 'partialDate':
      return typeof trimmed === 'string' && isPartialDate(trimmed) ? ok(trimmed) : refuse('type', 'partialDate');
    case 'time':
      return typeof trimmed === 'string' && TIME.test(trimmed) ? ok(trimmed) : refuse('type', 'timeOfDay');
    case 'yesNo':
      return trimmed === 'Y' || trimmed === 'N' ? ok(trimmed) : refuse('type', 'yesNo');
    case 'singleChoice':
      return typeof trimmed === 'string' && field.codeList.some((item) => item.code === trimmed)
        ? ok(trimmed)
        : refuse('choice', 'oneOption');
    case 'multipleChoice': {
      if (!Array.isArray(raw) || !raw.every((c) => typeof c === 'string')) return refuse('choice', 'listedOptions');
      const codes = raw.map((c: string) => c.trim());
      if (new Set(codes).size !== codes.length) return refuse('choice', 'optionOnce');
      if (!codes.every((c) => field.codeList.some((item) => item.code === c))) return refuse('choice', 'listedOptions');
      // Stored in code-list order, so the same choices always store the same way.
      return ok(field.codeList.map((item) => item.code).filter((c) => codes.includes(c)));
    }
    case 'calculated':
      return ok(null);
  }
}
