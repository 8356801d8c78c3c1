// The unblinding report (issue 30 item 5): every unblinding of the study, newest first — each emergency
// unblinding of one subject (who, when, why) and the planned unblinding of the whole study (requested by
// whom and why, approved by whom and when; a request not yet approved is listed too). Only for readers
// who see arms (administrators, the unblinded team, everyone once the study is unblinded). Also as CSV
// (GET /api/randomization/unblindings.csv?studyId=).
import { assertStudyVisible } from '../../access.ts';
import { toCsv, type FileOutput } from '../../csv.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { isoOrNull } from '../../sql-helpers.ts';
import { assertArmsVisible } from '../design/blinding.ts';

export interface UnblindingReportRow {
  key: string;
  kind: 'emergency' | 'planned';
  id: number;
  patientId: number | null;
  subjectCode: string | null;
  randomizationNumber: string | null;
  userName: string;
  occurredAt: string;
  reason: string;
  approvedBy: string | null;
  approvedAt: string | null;
}

export async function unblindingReport(ctx: ProcedureCtx, studyId: number): Promise<UnblindingReportRow[]> {
  assertStudyVisible(ctx.scope, studyId);
  await assertArmsVisible(ctx.db, ctx.user, ctx.scope, studyId);
  const [events, planned] = await Promise.all([
    ctx.db
      .selectFrom('unblindingEvents as e')
      .innerJoin('patients as p', 'p.id', 'e.patientId')
      .innerJoin('randomizationAllocations as a', 'a.id', 'e.allocationId')
      .innerJoin('users as u', 'u.id', 'e.userId')
      .select(['e.id', 'e.reason', 'e.occurredAt', 'p.id as patientId', 'p.subjectCode', 'a.randomizationNumber', 'u.fullName as userName'])
      .where('e.studyId', '=', studyId)
      .execute(),
    ctx.db
      .selectFrom('plannedUnblindings as x')
      .innerJoin('users as r', 'r.id', 'x.requestedBy')
      .leftJoin('users as a', 'a.id', 'x.approvedBy')
      .select(['x.id', 'x.reason', 'x.requestedAt', 'x.approvedAt', 'r.fullName as userName', 'a.fullName as approvedBy'])
      .where('x.studyId', '=', studyId)
      .execute(),
  ]);
  const rows: UnblindingReportRow[] = [
    ...events.map((e) => ({
      key: `emergency-${e.id}`,
      kind: 'emergency' as const,
      id: e.id,
      patientId: e.patientId,
      subjectCode: e.subjectCode,
      randomizationNumber: e.randomizationNumber,
      userName: e.userName,
      occurredAt: isoOrNull(e.occurredAt)!,
      reason: e.reason,
      approvedBy: null,
      approvedAt: null,
    })),
    ...planned.map((x) => ({
      key: `planned-${x.id}`,
      kind: 'planned' as const,
      id: x.id,
      patientId: null,
      subjectCode: null,
      randomizationNumber: null,
      userName: x.userName,
      occurredAt: isoOrNull(x.requestedAt)!,
      reason: x.reason,
      approvedBy: x.approvedBy,
      approvedAt: isoOrNull(x.approvedAt),
    })),
  ];
  return rows.sort((a, b) => (a.occurredAt < b.occurredAt ? 1 : a.occurredAt > b.occurredAt ? -1 : b.id - a.id));
}

export async function unblindingReportCsv(ctx: ProcedureCtx, studyId: number): Promise<FileOutput> {
  const rows = await unblindingReport(ctx, studyId);
  const study = await ctx.db.selectFrom('studies').select('code').where('id', '=', studyId).executeTakeFirstOrThrow();
  const content = toCsv(
    ['kind', 'subject', 'randomization_number', 'by', 'at', 'reason', 'approved_by', 'approved_at'],
    rows.map((r) => [r.kind, r.subjectCode, r.randomizationNumber, r.userName, r.occurredAt, r.reason, r.approvedBy, r.approvedAt]),
  );
  return { filename: `${study.code}-unblinding-report.csv`, contentType: 'text/csv', content };
}
