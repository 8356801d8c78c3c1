// The queries list as CSV, with the filters of the screen (at most MAX_QUERY_EXPORT rows, newest first);
// status and type in the words every screen shows.
import type { Db } from '@ctp/db';
import { QUERY_KIND_LABELS, QUERY_LIFECYCLE_LABELS, type QueryFilterInput } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { toCsv, type FileOutput } from '../../csv.ts';
import { todayIso } from '../../sql-helpers.ts';
import { queryRows, toQueryRow } from './list.ts';

export const MAX_QUERY_EXPORT = 50_000;

export async function exportQueriesCsv(db: Db, scope: StudyScope, f: QueryFilterInput): Promise<FileOutput & { rows: number }> {
  const today = todayIso();
  const rows = (await queryRows(db, scope, f, { limit: MAX_QUERY_EXPORT, offset: 0 })).map((r) => toQueryRow(r, today));
  const header = ['Query ID', 'Study', 'Center', 'Subject', 'Form', 'Field', 'Type', 'Priority', 'Status', 'Progress', 'Description', 'Raised by', 'Raised', 'Due', 'Overdue', 'Resolved'];
  const content = toCsv(
    header,
    rows.map((r) => [r.queryId, r.studyId, r.center, r.patientId, r.formName, r.field, QUERY_KIND_LABELS[r.kind], r.priority, QUERY_LIFECYCLE_LABELS[r.lifecycle], r.progress, r.description, r.raisedBy ?? 'System', r.startDate, r.dueDate, r.overdue ? 'yes' : 'no', r.resolvedAt]),
  );
  return { filename: `queries-${today}.csv`, contentType: 'text/csv', content, rows: rows.length };
}
