// Identifiers and text limits shared by the ODM and CSV codecs. Imported files come from other tools,
// so names are made to fit the form schema (field codes: a letter, then letters, digits and _, at most
// 40 characters) instead of failing the whole import on one odd name.
import { TEXT_LIMITS } from '@ctp/contracts';

const CODE_RE = /^[A-Za-z][A-Za-z0-9_]*$/;
const MAX_CODE = TEXT_LIMITS.code;

/** True when `raw` is already a valid field code. */
export function isFieldCode(raw: string | undefined): raw is string {
  return raw !== undefined && raw.length <= MAX_CODE && CODE_RE.test(raw);
}

/** `raw` made into a field code (runs of other characters become _), or undefined when nothing is left. */
export function sanitiseCode(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let code = raw.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (!code) return undefined;
  if (!/^[A-Za-z]/.test(code)) code = `X${code}`;
  return code.slice(0, MAX_CODE);
}

/**
 * The first candidate that is a valid, unused code; else the first loose candidate whose sanitised
 * form is unused; else the first sanitised one (or `fallback`) made unique with a _2, _3... suffix.
 * The chosen code is added to `used`.
 */
export function pickCode(exact: (string | undefined)[], loose: (string | undefined)[], used: Set<string>, fallback: string): string {
  const sanitised = loose.map(sanitiseCode).filter((c): c is string => c !== undefined);
  let code = exact.find((c) => isFieldCode(c) && !used.has(c)) ?? sanitised.find((c) => !used.has(c));
  if (!code) {
    const base = sanitised[0] ?? fallback;
    code = base;
    for (let n = 2; used.has(code); n++) code = `${base.slice(0, MAX_CODE - String(n).length - 1)}_${n}`;
  }
  used.add(code);
  return code;
}

/** Text cut to a schema limit (imported labels and descriptions may be longer than ours allow). */
export function clip(value: string | undefined, max: number): string | undefined {
  const t = value?.trim();
  if (!t) return undefined;
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/** An upper-case code for OIDs built from a form's name or given OID ('Adverse events' -> ADVERSE_EVENTS). */
export function formCodeFrom(name: string): string {
  return (sanitiseCode(name) ?? 'FORM').toUpperCase();
}

/** Drops keys whose value is undefined, so imported objects compare equal to hand-written ones. */
export function compact<T extends object>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

/** Parses JSON text; undefined when the text is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
