// Export and Archive for the inclusions list's selection (the ticked subjects, or every subject the
// filter matches when select-all is on). Export: the visit grid as CSV, by subject code, read by keyset
// pages and handed on a page at a time (GET /api/studies/{id}/inclusions.csv streams it, the screen's tRPC
// download joins it). Archive: the subjects leave the default list (archived_at set, with the reason in
// the audit trail); nothing is deleted.
import { sql, withActor, type Db } from '@ctp/db';
import { INCLUSION_VISITS, type InclusionRow } from '@ctp/contracts';
import { csvRows, type FileOutput } from '../../csv.ts';
import { assertStudyVisible, type StudyScope } from '../../access.ts';
import { refuse } from '../../refusal.ts';
import { joinChunks, type StreamedFile } from '../../http/streamed-file.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { todayIso } from '../../sql-helpers.ts';
import { inclusionRows } from './list.ts';
import { inclusionWhere, type InclusionFilter, type InclusionSelection } from './scope.ts';

/** The most subjects one export holds (a study's whole list at the benchmark scale is a few hundred). */
export const MAX_INCLUSION_EXPORT = 20_000;
export const INCLUSION_CSV_HEADER = ['ID', 'Site', 'Status', 'Start date', ...INCLUSION_VISITS.flatMap(([key]) => [`${key} status`, `${key} date`])];
const PAGE = 500;

type ExportInput = InclusionFilter & { selection: InclusionSelection };
const csvRecord = (r: InclusionRow) => [r.patientId, r.siteName, r.status, r.startDate, ...INCLUSION_VISITS.flatMap(([key]) => [r[key].status, r[key].date])];

/** The header, then one chunk per page of subjects; `page` is a parameter so tests can cross pages. */
export async function* inclusionsCsvChunks(db: Db, scope: StudyScope, input: ExportInput, opts: { page?: number; max?: number; tally?: { rows: number } } = {}): AsyncGenerator<string> {
  const { page = PAGE, max = MAX_INCLUSION_EXPORT, tally = { rows: 0 } } = opts;
  yield csvRows([INCLUSION_CSV_HEADER]);
  let after: { patientId: string; id: number } | null = null;
  for (let written = 0; written < max; ) {
    const limit = Math.min(page, max - written);
    const { items } = await inclusionRows(db, scope, { ...input, sort: 'patientId' }, { limit, offset: 0, after }, input.selection);
    if (!items.length) return;
    written += items.length;
    tally.rows = written;
    const last = items[items.length - 1]!;
    after = { patientId: last.patientId, id: last.id };
    yield csvRows(items.map(csvRecord));
    if (items.length < limit) return;
  }
}

export async function streamInclusionsCsv(ctx: ProcedureCtx, input: ExportInput, tally?: { rows: number }): Promise<StreamedFile> {
  // Refused before the first chunk: once a stream has begun, an error can only cut it.
  assertStudyVisible(ctx.scope, input.studyId);
  const study = await ctx.db.selectFrom('studies').select('code').where('id', '=', input.studyId).executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  return { filename: `${study.code}-inclusions-${todayIso()}.csv`, chunks: inclusionsCsvChunks(ctx.db, ctx.scope, input, { tally }) };
}

export async function exportInclusions(ctx: ProcedureCtx, input: ExportInput): Promise<FileOutput & { rows: number }> {
  const tally = { rows: 0 };
  const file = await streamInclusionsCsv(ctx, input, tally);
  return { filename: file.filename, contentType: 'text/csv', content: await joinChunks(file.chunks), rows: tally.rows };
}

export async function archiveInclusions(ctx: ProcedureCtx, input: InclusionFilter & { selection: InclusionSelection; reason: string }) {
  const where = inclusionWhere(ctx.scope, input, input.selection);
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const result = await sql`update patients p set archived_at = now(), updated_at = now(), version = p.version + 1 where ${where}`.execute(tx);
    return { archived: Number(result.numAffectedRows ?? 0) };
  });
}
