// The queries list as CSV, with the filters of the screen (at most MAX_QUERY_EXPORT rows, newest first);
// status and type in the words every screen shows. Read by keyset pages (id below the last one) and
// handed on a page at a time: GET /api/queries/export.csv streams it, the screen's tRPC download joins it.
import type { Db } from '@ctp/db';
import { QUERY_KIND_LABELS, QUERY_LIFECYCLE_LABELS, type QueryFilterInput, type QueryRow } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { csvRows, type FileOutput } from '../../csv.ts';
import { joinChunks, type StreamedFile } from '../../http/streamed-file.ts';
import { todayIso } from '../../sql-helpers.ts';
import { queryRows, toQueryRow } from './list.ts';

export const MAX_QUERY_EXPORT = 50_000;
export const QUERY_CSV_HEADER = ['Query ID', 'Study', 'Center', 'Subject', 'Form', 'Field', 'Type', 'Priority', 'Status', 'Progress', 'Description', 'Raised by', 'Raised', 'Due', 'Overdue', 'Resolved'];
const PAGE = 1000;

const csvRecord = (r: QueryRow) => [r.queryId, r.studyId, r.center, r.patientId, r.formName, r.field, QUERY_KIND_LABELS[r.kind], r.priority, QUERY_LIFECYCLE_LABELS[r.lifecycle], r.progress, r.description, r.raisedBy ?? 'System', r.startDate, r.dueDate, r.overdue ? 'yes' : 'no', r.resolvedAt];

/** The header, then one chunk per page of queries; `page` is a parameter so tests can cross pages. */
export async function* queriesCsvChunks(
  db: Db,
  scope: StudyScope,
  f: QueryFilterInput,
  opts: { page?: number; max?: number; today?: string; tally?: { rows: number } } = {},
): AsyncGenerator<string> {
  const { page = PAGE, max = MAX_QUERY_EXPORT, today = todayIso(), tally = { rows: 0 } } = opts;
  yield csvRows([QUERY_CSV_HEADER]);
  let before: number | null = null;
  for (let written = 0; written < max; ) {
    const limit = Math.min(page, max - written);
    const rows = await queryRows(db, scope, f, { limit, offset: 0, before });
    if (!rows.length) return;
    written += rows.length;
    tally.rows = written;
    before = rows[rows.length - 1]!.id;
    yield csvRows(rows.map((r) => csvRecord(toQueryRow(r, today))));
    if (rows.length < limit) return;
  }
}

export function streamQueriesCsv(db: Db, scope: StudyScope, f: QueryFilterInput, tally?: { rows: number }): StreamedFile {
  const today = todayIso();
  return { filename: `queries-${today}.csv`, chunks: queriesCsvChunks(db, scope, f, { today, tally }) };
}

export async function exportQueriesCsv(db: Db, scope: StudyScope, f: QueryFilterInput): Promise<FileOutput & { rows: number }> {
  const tally = { rows: 0 };
  const file = streamQueriesCsv(db, scope, f, tally);
  const content = await joinChunks(file.chunks);
  return { filename: file.filename, contentType: 'text/csv', content, rows: tally.rows };
}
