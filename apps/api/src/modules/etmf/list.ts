// etmf.list, summary (the tiles), byId (versions, review history, signatures) and tree (the TMF
// Reference Model with document counts). Rows carry the spec's eTMF document fields plus what the
// screen needs (code, artifact, site, expiry, file).
import { sql, type Db } from '@ctp/db';
import { DOCUMENT_EXPIRY_WARNING_DAYS, type DocumentFilterInput, type DocumentReview, type DocumentStatus } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { pageWindow, todayIso } from '../../sql-helpers.ts';
import { documentWhere } from './scope.ts';
import { documentVisible } from './write.ts';
import { refuse } from '../../refusal.ts';

export interface DocumentRow {
  id: number;
  code: string;
  documentName: string;
  documentType: string;
  artifactNumber: string;
  category: string;
  section: string;
  version: string;
  versionCount: number;
  status: DocumentStatus;
  reviewStatus: DocumentReview;
  studyId: string;
  studyDbId: number;
  siteId: number | null;
  siteName: string | null;
  uploadDate: string;
  lastModified: string;
  size: number;
  approver: string | null;
  approverId: number | null;
  documentPath: string;
  fileName: string;
  contentType: string;
  expiryDate: string | null;
  expiringSoon: boolean;
  rowVersion: number;
}

export const filePath = (id: number) => `/api/etmf-documents/${id}/file`;

interface RawRow extends Omit<DocumentRow, 'uploadDate' | 'lastModified' | 'documentPath' | 'expiringSoon'> {
  uploadDate: Date;
  lastModified: Date;
  total: number;
}

export async function listDocuments(db: Db, scope: StudyScope, userId: number, f: DocumentFilterInput & { limit: number; offset: number; documentId?: number }) {
  const today = todayIso();
  const w = pageWindow(f);
  // The review queue puts the user's own reviews first.
  const order = f.reviewQueue ? sql`(d.approver_id = ${userId} and d.review_status = 'in-review') desc, d.updated_at desc, d.id desc` : sql`d.updated_at desc, d.id desc`;
  // The page's ids first (walking documents_updated_idx, migration 0044), then their details and the total:
  // a window count over every joined row built each row's columns for the whole scope before the limit.
  // A document's artifact, study and current version are foreign keys, so the inner joins keep every
  // document that has a current version.
  const where = sql`${documentWhere(scope, f, today)} and d.current_version_id is not null`;
  const { rows } = await sql<RawRow>`
    with page as materialized (
      select d.id from documents d where ${where} order by ${order} limit ${w.limit} offset ${w.offset})
    select d.id, d.code, d.title as "documentName", a.name as "documentType", d.artifact_number as "artifactNumber",
           z.number || ' ' || z.name as category, s.number || ' ' || s.name as section,
           v.version_label as version, d.version_count as "versionCount", d.status, d.review_status as "reviewStatus",
           st.code as "studyId", d.study_id as "studyDbId", d.site_id as "siteId", si.name as "siteName",
           (select min(fv.uploaded_at) from document_versions fv where fv.document_id = d.id) as "uploadDate",
           d.updated_at as "lastModified", v.size_bytes as size, ap.full_name as approver, d.approver_id as "approverId",
           v.file_name as "fileName", v.content_type as "contentType", v.expiry_date as "expiryDate", d.version as "rowVersion",
           (select count(*) from documents d where ${where})::int as total
      from page
      join documents d on d.id = page.id
      join tmf_artifacts a on a.number = d.artifact_number
      join tmf_sections s on s.number = a.section_number
      join tmf_zones z on z.number = s.zone_number
      join studies st on st.id = d.study_id
      join document_versions v on v.id = d.current_version_id
      left join sites si on si.id = d.site_id
      left join users ap on ap.id = d.approver_id
     order by ${order}`.execute(db);
  const soon = addDays(today, DOCUMENT_EXPIRY_WARNING_DAYS);
  return {
    items: rows.map(({ total: _, ...r }) => ({
      ...r,
      uploadDate: new Date(r.uploadDate).toISOString(),
      lastModified: new Date(r.lastModified).toISOString(),
      documentPath: filePath(r.id),
      expiringSoon: !!r.expiryDate && r.expiryDate >= today && r.expiryDate <= soon && r.status !== 'expired',
    })),
    total: rows[0]?.total ?? 0,
    limit: f.limit,
    offset: f.offset,
  };
}

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The tiles: documents, pending review (mine among them), expiring soon, expired, storage used (stored bytes, each file once). */
export async function documentSummary(db: Db, scope: StudyScope, userId: number, f: Pick<DocumentFilterInput, 'studyId'>) {
  const today = todayIso();
  const where = documentWhere(scope, { studyId: f.studyId }, today);
  const { rows } = await sql<{ documents: number; pendingReview: number; myReviews: number; expiring: number; expired: number; approved: number }>`
    select count(*)::int as documents,
           count(*) filter (where d.review_status <> 'complete' and d.status <> 'expired')::int as "pendingReview",
           count(*) filter (where d.review_status = 'in-review' and d.approver_id = ${userId})::int as "myReviews",
           count(*) filter (where d.status in ('draft', 'current', 'approved') and v.expiry_date between ${today}::date and ${today}::date + ${DOCUMENT_EXPIRY_WARNING_DAYS}::int)::int as expiring,
           count(*) filter (where d.status = 'expired')::int as expired,
           count(*) filter (where d.status = 'approved')::int as approved
      from documents d join document_versions v on v.id = d.current_version_id
     where ${where}`.execute(db);
  const storage = await sql<{ bytes: number; files: number }>`
    select coalesce(sum(size_bytes), 0)::bigint as bytes, count(*)::int as files
      from (select distinct on (dv.sha256) dv.size_bytes from document_versions dv join documents d on d.id = dv.document_id where ${where}) x`.execute(db);
  return { ...rows[0]!, storageBytes: Number(storage.rows[0]?.bytes ?? 0), storedFiles: storage.rows[0]?.files ?? 0, expiryWarningDays: DOCUMENT_EXPIRY_WARNING_DAYS };
}

/** One document with every version (newest first), its review history and approval signatures. */
export async function documentDetail(ctx: ProcedureCtx, id: number) {
  const d = await ctx.db.selectFrom('documents').select(['id', 'studyId', 'siteId']).where('id', '=', id).executeTakeFirst();
  if (!d || !documentVisible(ctx, d.studyId, d.siteId)) throw refuse('NOT_FOUND', 'documentNotFound');
  const row = (await listDocuments(ctx.db, ctx.scope, ctx.user.id, { limit: 1, offset: 0, documentId: id })).items[0];
  if (!row) throw refuse('NOT_FOUND', 'documentNotFound');
  const versions = await sql<{
    id: number; seq: number; versionLabel: string; fileName: string; contentType: string; size: number; sha256: string; expiryDate: string | null;
    comment: string | null; uploadedBy: string | null; uploadedAt: Date; approvedAt: Date | null; approvedBy: string | null;
  }>`
    select v.id, v.seq, v.version_label as "versionLabel", v.file_name as "fileName", v.content_type as "contentType", v.size_bytes as size, v.sha256,
           v.expiry_date as "expiryDate", v.comment, u.full_name as "uploadedBy", v.uploaded_at as "uploadedAt", v.approved_at as "approvedAt", ab.full_name as "approvedBy"
      from document_versions v left join users u on u.id = v.uploaded_by left join users ab on ab.id = v.approved_by
     where v.document_id = ${id} order by v.seq desc`.execute(ctx.db);
  const steps = await sql<{ id: number; action: string; actor: string | null; comment: string | null; versionLabel: string | null; at: Date; signatureId: number | null }>`
    select s.id, s.action, u.full_name as actor, s.comment, v.version_label as "versionLabel", s.created_at as at, s.signature_id as "signatureId"
      from document_review_steps s left join users u on u.id = s.actor_id left join document_versions v on v.id = s.version_id
     where s.document_id = ${id} order by s.id desc`.execute(ctx.db);
  const signatures = await sql<{ id: number; printedName: string; meaning: string; signedAt: Date; contentHash: string; versionLabel: string; fileHash: string }>`
    select g.id, g.printed_name as "printedName", g.meaning, g.signed_at as "signedAt", g.content_hash as "contentHash", v.version_label as "versionLabel", v.sha256 as "fileHash"
      from signatures g join document_versions v on v.id = g.document_version_id
     where v.document_id = ${id} order by g.id desc`.execute(ctx.db);
  const withdrawn = await ctx.db.selectFrom('documents').select('withdrawnReason').where('id', '=', id).executeTakeFirstOrThrow();
  return {
    ...row,
    withdrawnReason: withdrawn.withdrawnReason,
    versions: versions.rows.map((v) => ({ ...v, uploadedAt: new Date(v.uploadedAt).toISOString(), approvedAt: v.approvedAt ? new Date(v.approvedAt).toISOString() : null, filePath: `${filePath(id)}?version=${v.seq}` })),
    history: steps.rows.map((s) => ({ ...s, at: new Date(s.at).toISOString() })),
    signatures: signatures.rows.map(({ fileHash, ...g }) => ({ ...g, signedAt: new Date(g.signedAt).toISOString(), valid: g.contentHash === fileHash })),
  };
}

/** The TMF Reference Model as a tree: zones, sections, artifacts, each with its count of documents in scope. */
export async function tmfTree(db: Db, scope: StudyScope, f: Pick<DocumentFilterInput, 'studyId' | 'siteId'>) {
  const where = documentWhere(scope, { studyId: f.studyId, siteId: f.siteId }, todayIso());
  const { rows } = await sql<{ zone: string; zoneName: string; section: string; sectionName: string; artifact: string; artifactName: string; expectedLevel: string | null; needsApproval: boolean; expires: boolean; documents: number; modelVersion: string }>`
    select z.number as zone, z.name as "zoneName", s.number as section, s.name as "sectionName", a.number as artifact, a.name as "artifactName",
           a.expected_level as "expectedLevel", a.needs_approval as "needsApproval", a.expires, z.model_version as "modelVersion",
           coalesce(c.n, 0)::int as documents
      from tmf_artifacts a
      join tmf_sections s on s.number = a.section_number
      join tmf_zones z on z.number = s.zone_number
      left join (select d.artifact_number, count(*) as n from documents d where ${where} group by d.artifact_number) c on c.artifact_number = a.number
     order by a.number`.execute(db);
  const zones: { number: string; name: string; documents: number; sections: { number: string; name: string; documents: number; artifacts: { number: string; name: string; expectedLevel: string | null; needsApproval: boolean; expires: boolean; documents: number }[] }[] }[] = [];
  for (const r of rows) {
    let zone = zones.at(-1);
    if (zone?.number !== r.zone) zones.push((zone = { number: r.zone, name: r.zoneName, documents: 0, sections: [] }));
    let section = zone.sections.at(-1);
    if (section?.number !== r.section) zone.sections.push((section = { number: r.section, name: r.sectionName, documents: 0, artifacts: [] }));
    section.artifacts.push({ number: r.artifact, name: r.artifactName, expectedLevel: r.expectedLevel, needsApproval: r.needsApproval, expires: r.expires, documents: r.documents });
    section.documents += r.documents;
    zone.documents += r.documents;
  }
  return { model: 'TMF Reference Model', version: rows[0]?.modelVersion ?? '', zones };
}
