// How the rule language reads a cell: empty (null or blank text), as a number, as text, as an ISO 8601
// date of some precision, and Python regular expressions (the engine's dialect) in JavaScript.
import type { Cell, Derived } from './types.ts';

export const isEmpty = (v: Derived | undefined): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v === '') || (Array.isArray(v) && v.length === 0);

export function asNumber(v: Derived | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v.trim());
  return Number.isFinite(n) ? n : null;
}

/** Text of a cell; numbers without trailing zeros (the engine's type-insensitive comparison). */
export function asText(v: Derived | undefined): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(asText).join(',');
  return typeof v === 'number' ? String(v) : v;
}

/** Equality of two cells: numbers by value (a numeric text equals its number), text exactly. */
export function sameValue(a: Derived | undefined, b: Derived | undefined, opts: { caseInsensitive?: boolean; typeInsensitive?: boolean } = {}): boolean {
  // Two empty values are equal (the engine compares DSSTDTC with DM.DTHDTC, both blank, as equal).
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (typeof a === 'number' || typeof b === 'number' || opts.typeInsensitive) {
    const x = asNumber(a as Cell);
    const y = asNumber(b as Cell);
    if (x !== null && y !== null) return x === y;
  }
  const x = asText(a);
  const y = asText(b);
  return opts.caseInsensitive ? x.toLowerCase() === y.toLowerCase() : x === y;
}

// ISO 8601 dates and datetimes, complete or partial (SDTMIG 4.4.2): 2014, 2014-03, 2014-03-17T10:30.
const ISO = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d+)?)?)?)?)?)?$/;
const PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DatePart = (typeof PARTS)[number];

export interface IsoDate {
  parts: number[];
}

export function parseIsoDate(v: Derived | undefined): IsoDate | null {
  if (typeof v !== 'string') return null;
  const m = ISO.exec(v.trim());
  if (!m) return null;
  const parts = m.slice(1).filter((p) => p !== undefined).map(Number);
  const [, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  if (parts.length >= 3) {
    const d = new Date(Date.UTC(parts[0]!, month - 1, day));
    if (d.getUTCMonth() !== month - 1) return null; // 2014-02-30
  }
  return { parts };
}

/** A complete date: year, month and day at least (the engine's is_complete_date). */
export const isCompleteDate = (v: Derived | undefined) => (parseIsoDate(v)?.parts.length ?? 0) >= 3;

/**
 * Compares two dates: -1, 0, 1, or null when either is not a date. At a named component (year, month,
 * ...), only the parts up to it; with 'auto', at the precision both have; otherwise partial dates
 * count from their start (2014-03 is 2014-03-01), as the engine's parser reads them.
 */
export function compareDates(a: Derived | undefined, b: Derived | undefined, component?: string): number | null {
  const x = parseIsoDate(a);
  const y = parseIsoDate(b);
  if (!x || !y) return null;
  let depth = 6;
  if (component === 'auto') depth = Math.min(x.parts.length, y.parts.length);
  else if (component && (PARTS as readonly string[]).includes(component)) depth = PARTS.indexOf(component as DatePart) + 1;
  const fill = (p: number[]) => [p[0]!, p[1] ?? 1, p[2] ?? 1, p[3] ?? 0, p[4] ?? 0, p[5] ?? 0];
  const xs = fill(x.parts);
  const ys = fill(y.parts);
  for (let i = 0; i < depth; i++) if (xs[i] !== ys[i]) return xs[i]! < ys[i]! ? -1 : 1;
  return 0;
}

const regexCache = new Map<string, RegExp | null>();
/**
 * A Python regular expression as a JavaScript one, anchored at the start like Python's re.match (the
 * engine's matches_regex); null when JavaScript cannot read it.
 */
export function pythonRegex(pattern: string): RegExp | null {
  let re = regexCache.get(pattern);
  if (re !== undefined) return re;
  let source = pattern.replace(/\(\?P<(\w+)>/g, '(?<$1>').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  let flags = '';
  // A scoped flag group, (?i:...), which JavaScript before ES2025 cannot read: the flag for the whole.
  if (/\(\?i:/.test(source)) {
    source = source.replace(/\(\?i:/g, '(?:');
    flags += 'i';
  }
  const inline = /^\(\?([aiLmsux]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    if (inline[1]!.includes('i')) flags += 'i';
    if (inline[1]!.includes('s')) flags += 's';
    if (inline[1]!.includes('m')) flags += 'm';
  }
  source = source.replace(/\\Z/g, '$').replace(/\\A/g, '^');
  try {
    re = new RegExp(`^(?:${source})`, [...new Set(flags)].join(''));
  } catch {
    re = null;
  }
  regexCache.set(pattern, re);
  return re;
}
