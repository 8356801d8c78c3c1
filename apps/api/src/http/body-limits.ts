// How large a JSON request body may be. Every procedure takes REQUEST_BODY_LIMIT_BYTES; one that
// carries a document (DOCUMENT_LIMITS in @ctp/contracts) takes that plus the most its document can
// weigh as JSON, so a document within its own limit always reaches its schema and is answered with
// that limit's message, never with a bare 413. The input-bounds test checks that this table names
// exactly the procedures whose input holds a document (apps/api/test/input-bounds.unit.test.ts).
import { DOCUMENT_LIMITS, type DocumentKind } from '@ctp/contracts';

/** The largest JSON request body, tRPC or REST, of an input without a document (file uploads have their own limits). */
export const REQUEST_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The most UTF-8 bytes one character of a document can take in the request's JSON. Document text is a
 * JSON string: JSON.stringify writes a control character (or a lone surrogate) as a six-byte \uXXXX
 * escape, every other UTF-16 code unit as at most three bytes. A definition is limited by the length
 * of its JSON, escapes included, so each of its characters is at most three bytes.
 */
const JSON_BYTES_PER_CHAR: Record<DocumentKind, number> = { formImport: 6, formDefinition: 3, kitCsv: 6 };

/** The procedures whose input carries a document, and its kind. */
export const DOCUMENT_PROCEDURES: Readonly<Record<string, DocumentKind>> = {
  'forms.import': 'formImport',
  'forms.saveDraft': 'formDefinition',
  'supply.registerCsv': 'kitCsv',
  'randomization.uploadList': 'formImport',
};

/** The most bytes a document of this kind can add to a request body. */
export function documentBodyBytes(kind: DocumentKind): number {
  return DOCUMENT_LIMITS[kind] * JSON_BYTES_PER_CHAR[kind];
}

/** The body limit of a tRPC request calling these procedures (a batch names several). */
export function trpcBodyLimit(procedures: readonly string[]): number {
  let extra = 0;
  for (const p of procedures) {
    const kind = Object.hasOwn(DOCUMENT_PROCEDURES, p) ? DOCUMENT_PROCEDURES[p] : undefined;
    if (kind) extra += documentBodyBytes(kind);
  }
  return REQUEST_BODY_LIMIT_BYTES + extra;
}
