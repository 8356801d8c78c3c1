// Export and Archive for the inclusions list's selection (the ticked subjects, or every subject the
// filter matches when select-all is on). Export: the visit grid as CSV. Archive: the subjects leave
// the default list (archived_at set, with the reason in the audit trail); nothing is deleted.
import { sql, withActor } from '@ctp/db';
import { INCLUSION_VISITS } from '@ctp/contracts';
import { toCsv, type FileOutput } from '../../csv.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { todayIso } from '../../sql-helpers.ts';
import { inclusionRows } from './list.ts';
import { inclusionWhere, type InclusionFilter, type InclusionSelection } from './scope.ts';

/** The most subjects one export holds (a study's whole list at the benchmark scale is a few hundred). */
export const MAX_INCLUSION_EXPORT = 20_000;

export async function exportInclusions(ctx: ProcedureCtx, input: InclusionFilter & { selection: InclusionSelection }): Promise<FileOutput & { rows: number }> {
  const { items } = await inclusionRows(ctx.db, ctx.scope, { ...input, sort: 'patientId' }, { limit: MAX_INCLUSION_EXPORT, offset: 0 }, input.selection);
  const study = await ctx.db.selectFrom('studies').select('code').where('id', '=', input.studyId).executeTakeFirstOrThrow();
  const header = ['ID', 'Site', 'Status', 'Start date', ...INCLUSION_VISITS.flatMap(([key]) => [`${key} status`, `${key} date`])];
  const rows = items.map((r) => [r.patientId, r.siteName, r.status, r.startDate, ...INCLUSION_VISITS.flatMap(([key]) => [r[key].status, r[key].date])]);
  return { filename: `${study.code}-inclusions-${todayIso()}.csv`, contentType: 'text/csv', content: toCsv(header, rows), rows: rows.length };
}

export async function archiveInclusions(ctx: ProcedureCtx, input: InclusionFilter & { selection: InclusionSelection; reason: string }) {
  const where = inclusionWhere(ctx.scope, input, input.selection);
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const result = await sql`update patients p set archived_at = now(), updated_at = now(), version = p.version + 1 where ${where}`.execute(tx);
    return { archived: Number(result.numAffectedRows ?? 0) };
  });
}
