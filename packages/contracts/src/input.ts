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
  /** A password (hashed, never stored), a webhook's signing secret. */
  secret: 256,
  /** An address (a webhook endpoint's URL). */
  url: 2000,
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

/**
 * The largest document or definition an input carries, in characters (UTF-16 code units, what
 * String.length counts: a file of N bytes never has more than N of them, so a 2 MB file is within a
 * 2 MB limit). Each content-bearing input has its own kind here, never a paragraph's `text` (5,000):
 * that cap once made forms.import refuse every real file. The API's request body limit for these
 * procedures is derived from the same numbers (apps/api/src/http/body-limits.ts), so the limit a
 * sender meets is always this one, with this message, never a bare 413.
 */
export const DOCUMENT_LIMITS = {
  /** forms.import `content`: one CDISC ODM 1.3.x XML file or CSV data dictionary (2 MB). */
  formImport: 2 * 1024 * 1024,
  /**
   * A form definition (fields and edit checks) as compact JSON (1 MB): forms.saveDraft `definition`
   * and each form an import creates, so an imported form can always be saved again.
   */
  formDefinition: 1024 * 1024,
  /** supply.registerCsv `csv`: kits to register (number, kit type, lot, expiry), 1 MB. */
  kitCsv: 1024 * 1024,
} as const;
export type DocumentKind = keyof typeof DOCUMENT_LIMITS;

/** A document limit in words: '2 MB (2,097,152 characters)'. */
export function documentLimitText(kind: DocumentKind): string {
  const chars = DOCUMENT_LIMITS[kind];
  return `${chars / (1024 * 1024)} MB (${chars.toLocaleString('en-US')} characters)`;
}

/** The message an over-long document is refused with. */
export function documentTooLargeMessage(kind: DocumentKind): string {
  if (kind === 'kitCsv') return `The CSV is larger than the limit of ${documentLimitText(kind)}`;
  return kind === 'formImport'
    ? `The file is larger than the import limit of ${documentLimitText(kind)}`
    : `The form definition is larger than the limit of ${documentLimitText(kind)}`;
}

/**
 * The text of a document (an uploaded file's content): storable, untrimmed, at most its kind's
 * DOCUMENT_LIMITS. Tagged with its kind (zod metadata `{ document }`) so the input-bounds test
 * holds it to its own limit rather than a paragraph's.
 */
export function documentText(kind: DocumentKind) {
  return z
    .string()
    .max(DOCUMENT_LIMITS[kind], { abort: true, error: documentTooLargeMessage(kind) })
    .refine(isStorableText, 'Remove the control or invalid characters from this text')
    .meta({ document: kind });
}

/** The document kind a schema was tagged with by documentText or a definition schema, if any. */
export function documentKindOf(schema: z.ZodType): DocumentKind | undefined {
  const kind = (z.globalRegistry.get(schema) as { document?: unknown } | undefined)?.document;
  return typeof kind === 'string' && kind in DOCUMENT_LIMITS ? (kind as DocumentKind) : undefined;
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
