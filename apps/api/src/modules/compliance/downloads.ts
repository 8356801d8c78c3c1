// The compliance page's three downloads. Every figure comes from the database at the moment of download.
//   audit-trail  one study's audit trail as CSV (audit.trail's keyset pages, up to MAX_AUDIT_EXPORT entries;
//                also streamed by GET /api/studies/{id}/audit-trail.csv)
//   evidence     the Part 11 / ALCOA+ evidence report as PDF (evidence-pdf.ts)
//   signatures   the signature manifest as CSV: who signed which casebook or approved which document
//                version, when, with which meaning and
//                hash, and whether the signature is still valid
import { assertStudyVisible, canInStudy, visibleStudyIds } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { toCsv } from '../../csv.ts';
import { sql } from '@ctp/db';
import { todayIso, intArrayLiteral } from '../../sql-helpers.ts';
import { auditCsvChunks } from '../audit/csv.ts';
import { computeCompliance } from '../dashboard/compliance.ts';
import { latestSnapshot } from '../dashboard/insights.ts';
import { casebookHash } from '../casebook/signatures.ts';
import { auditReadiness } from './readiness.ts';
import { evidencePdf } from './evidence-pdf.ts';
import { refuse } from '../../refusal.ts';
import { joinChunks, type StreamedFile } from '../../http/streamed-file.ts';

export const MAX_AUDIT_EXPORT = 100_000;

export interface Download {
  filename: string;
  contentType: string;
  /** base64 for binary files (PDF), the text itself otherwise. */
  content: string;
  encoding: 'base64' | 'utf8';
}

/** One study's audit trail CSV as chunks (GET /api/studies/{id}/audit-trail.csv); refused before the first chunk. */
export async function streamAuditTrailCsv(ctx: ProcedureCtx, studyId: number): Promise<StreamedFile> {
  assertStudyVisible(ctx.scope, studyId);
  if (!canInStudy(ctx.user, ctx.scope, studyId, 'audit.read')) throw refuse('FORBIDDEN', 'auditForbidden');
  const study = await ctx.db.selectFrom('studies').select('code').where('id', '=', studyId).executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  return { filename: `${study.code}-audit-trail-${todayIso()}.csv`, chunks: auditCsvChunks(ctx, { studyId }, { max: MAX_AUDIT_EXPORT }) };
}

async function auditTrailCsv(ctx: ProcedureCtx, studyId: number): Promise<Download> {
  const file = await streamAuditTrailCsv(ctx, studyId);
  return { filename: file.filename, contentType: 'text/csv', content: await joinChunks(file.chunks), encoding: 'utf8' };
}

async function evidence(ctx: ProcedureCtx, studyId?: number): Promise<Download> {
  if (studyId) assertStudyVisible(ctx.scope, studyId);
  const [status, readiness, snap] = await Promise.all([computeCompliance(ctx.db), auditReadiness(ctx.db, ctx.scope, studyId), latestSnapshot(ctx.db)]);
  const study = studyId ? await ctx.db.selectFrom('studies').select(['code', 'title']).where('id', '=', studyId).executeTakeFirstOrThrow() : null;
  const pdf = await evidencePdf({
    generatedAt: new Date(),
    generatedBy: ctx.user.fullName,
    scopeLabel: study ? `${study.code} — ${study.title}` : ctx.scope.all ? 'all studies' : `${ctx.scope.studyIds.length} studies`,
    status,
    readiness,
    chain: snap
      ? { verifiedAt: snap.computedAt.toISOString(), rows: Number(snap.auditRowsVerified), intact: snap.auditChainValid, firstBrokenId: snap.auditFirstBrokenId === null ? null : Number(snap.auditFirstBrokenId) }
      : { verifiedAt: null, rows: 0, intact: null, firstBrokenId: null },
  });
  return { filename: `part11-evidence-${todayIso()}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' };
}

async function signatureManifest(ctx: ProcedureCtx, studyId?: number): Promise<Download> {
  if (studyId) assertStudyVisible(ctx.scope, studyId);
  const ids = studyId ? [studyId] : visibleStudyIds(ctx.scope);
  // Casebook signatures (a subject) and document approvals (a trial master file document version).
  const { rows } = await sql<{ id: number; studyCode: string; patientId: number | null; record: string; printedName: string; meaning: string; signedAt: Date; contentHash: string; entries: number; fileHash: string | null }>`
    select s.id, st.code as study_code, s.patient_id, coalesce(p.subject_code, d.code || ' v' || v.version_label) as record,
           s.printed_name, s.meaning, s.signed_at, s.content_hash, s.entries, v.sha256 as file_hash
      from signatures s join studies st on st.id = s.study_id
      left join patients p on p.id = s.patient_id
      left join document_versions v on v.id = s.document_version_id
      left join documents d on d.id = v.document_id
     where ${ids ? sql`s.study_id = any(${intArrayLiteral(ids)}::int[])` : sql`true`}
     order by s.id`.execute(ctx.db);
  const current = new Map<number, string>();
  for (const r of rows) if (r.patientId !== null && !current.has(r.patientId)) current.set(r.patientId, (await casebookHash(ctx.db, r.patientId)).hash);
  const valid = (r: (typeof rows)[number]) => (r.patientId !== null ? current.get(r.patientId) === r.contentHash : r.fileHash === r.contentHash);
  const content = toCsv(
    ['Signature', 'Study', 'Signed record', 'Signed by', 'Meaning', 'Signed at', 'Entries signed', 'sha256 of the signed content', 'Status'],
    rows.map((r) => [r.id, r.studyCode, r.record, r.printedName, r.meaning, new Date(r.signedAt).toISOString(), r.entries, r.contentHash, valid(r) ? 'valid' : 'broken (content changed after signing)']),
  );
  return { filename: `signature-manifest-${todayIso()}.csv`, contentType: 'text/csv', content, encoding: 'utf8' };
}

export async function complianceDownload(ctx: ProcedureCtx, input: { kind: 'audit-trail' | 'evidence' | 'signatures'; studyId?: number }): Promise<Download> {
  if (input.kind === 'audit-trail') {
    if (!input.studyId) throw refuse('BAD_REQUEST', 'chooseAuditStudy');
    return auditTrailCsv(ctx, input.studyId);
  }
  return input.kind === 'evidence' ? evidence(ctx, input.studyId) : signatureManifest(ctx, input.studyId);
}
