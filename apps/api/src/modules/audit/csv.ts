// The audit trail as CSV, page by page (keyset pages of audit.trail): the compliance page's download and
// the site close-out archive write the same columns. Yields the header, then one chunk per page, so a
// caller streaming it holds one page at a time.
import { csvRows } from '../../csv.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { auditTrail } from './trail.ts';

export const AUDIT_CSV_HEADER = ['Entry', 'Timestamp', 'User', 'Action', 'Table', 'Record', 'Field', 'Old value', 'New value', 'Reason', 'IP address'];

const PAGE = 100;
const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * One study's trail (or one site's part of it), newest first, with audit.trail's masking (a blinded
 * reader gets no arm); stops once `max` entries are written. `page` is a parameter so tests can cross pages.
 */
export async function* auditCsvChunks(
  ctx: Pick<ProcedureCtx, 'db' | 'user' | 'scope'>,
  filter: { studyId: number; siteId?: number },
  opts: { max?: number; page?: number } = {},
): AsyncGenerator<string> {
  const { max = Infinity, page: limit = PAGE } = opts;
  yield csvRows([AUDIT_CSV_HEADER]);
  let cursor: string | undefined;
  let written = 0;
  do {
    const page = await auditTrail(ctx.db, ctx.user, ctx.scope, { ...filter, limit: Math.min(limit, max - written), cursor });
    written += page.items.length;
    yield csvRows(page.items.map((e) => [e.id, e.timestamp, e.userName, e.action, e.table, e.recordId, e.field, cell(e.oldValue), cell(e.newValue), e.reason, e.ipAddress]));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && written < max);
}
