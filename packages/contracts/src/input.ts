// The building blocks of every input schema: text PostgreSQL can hold and numbers within the columns
// they are stored in. A NUL character or a lone UTF-16 surrogate cannot be written as UTF-8 text
// (PostgreSQL answered 500 'invalid byte sequence'); a number beyond `integer` failed in SQL. Both are
// refused here, at the edge, with a message a person can act on. A test walks every procedure's input
// and fails on a string or number that does not refuse them (apps/api/test/input-bounds.unit.test.ts).
import { z } from 'zod';

/** PostgreSQL `integer`. */
export const PG_INT_MAX = 2_147_483_647;
/** The deepest list offset a pager asks for (100,000 pages of 100 rows). */
export const MAX_OFFSET = 10_000_000;

/** The longest text of each kind, in characters. */
export const TEXT_LIMITS = {
  /** A search box. */
  search: 100,
  /** A code (study code, site number, form field code). */
  code: 40,
  /** A name or short label. */
  name: 200,
  /** A paragraph: a description, a comment. */
  text: 5000,
  /** A reason for change. */
  reason: 500,
  /** A password (hashed, never stored). */
  secret: 256,
} as const;
export type TextKind = keyof typeof TEXT_LIMITS;

// A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when PostgreSQL can store the text as UTF-8 (no NUL, no unpaired surrogate). */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

const storable = z.string().refine(isStorableText, 'Remove the control or invalid characters from this text');

/**
 * Text of one kind: storable, at most its kind's length (after trimming unless `trim: false`). Chain
 * `.min()`, `.regex()` and the like on the result as on any zod string.
 */
export function text(kind: TextKind, opts: { trim?: boolean } = {}) {
  const base = opts.trim === false ? z.string() : z.string().trim();
  // Length first (abort): a 10,000-character string is refused without scanning it for characters.
  return base.max(TEXT_LIMITS[kind], { abort: true }).refine(isStorableText, 'Remove the control or invalid characters from this text');
}

/** A search term: trimmed, storable, at most 100 characters; optional. */
export const searchTerm = text('search').optional();

/** A whole number stored as PostgreSQL `integer` (within its range). */
export function pgInt() {
  return z.coerce.number().int('Use a whole number').min(-PG_INT_MAX - 1).max(PG_INT_MAX, 'This number is too large');
}

/** A list offset: non-negative and at most MAX_OFFSET. */
export const listOffset = z.coerce.number().int('Use a whole number').min(0).max(MAX_OFFSET, 'This page is too far');

/** Re-exported for schemas that only need to check text they got elsewhere (e.g. a JSON value). */
export const storableText = storable;
