// Filing documents and their review: upload (a new document and its first version), a new version,
// send for review to a named approver, approve (that approver only, with an electronic signature of
// meaning approval bound to the file's sha256), return with a comment, withdraw with a reason. Every
// step is a document_review_steps row and an audited change, in one transaction with the stored row.
import { sql, verifyPassword, withActor, type Tx } from '@ctp/db';
import { checkSigningSecondFactor, type SigningSession } from '../mfa/service.ts';
import { can, keyedMessage, type DocumentNewVersionInput, type DocumentReview, type DocumentUploadInput, type Role } from '@ctp/contracts';
import { assertActsForSite, assertStudyVisible, canSeeStudy } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { notifyUser } from '../notifications/notify.ts';
import { checkUploadedFile } from './file-check.ts';
import { refuse, refuseField } from '../../refusal.ts';

export interface EtmfCtx extends ProcedureCtx {
  upload?: UploadedFile;
}

interface DocumentForStep {
  id: number;
  code: string;
  studyId: number;
  siteId: number | null;
  status: string;
  reviewStatus: string;
  approverId: number | null;
  currentVersionId: number | null;
  versionCount: number;
  createdBy: number | null;
  artifactNumber: string;
  version: number;
}

/** The document, visible to the user (site staff: trial-level ones and their own sites'), locked, at the version read. */
async function lockDocument(tx: Tx, ctx: ProcedureCtx, id: number, version: number): Promise<DocumentForStep> {
  const d = await tx
    .selectFrom('documents')
    .select(['id', 'code', 'studyId', 'siteId', 'status', 'reviewStatus', 'approverId', 'currentVersionId', 'versionCount', 'createdBy', 'artifactNumber', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!d || !documentVisible(ctx, d.studyId, d.siteId)) throw refuse('NOT_FOUND', 'documentNotFound');
  if (d.version !== version) throw staleVersion();
  return d;
}

export function documentVisible(ctx: Pick<ProcedureCtx, 'scope'>, studyId: number, siteId: number | null): boolean {
  if (!canSeeStudy(ctx.scope, studyId)) return false;
  const own = ctx.scope.siteScoped ? ctx.scope.sites.get(studyId) : undefined;
  return siteId === null || !own || own.includes(siteId);
}

/** Site staff file documents for their own sites only (a trial-level document is the sponsor's). */
function assertMayFile(ctx: ProcedureCtx, studyId: number, siteId: number | null) {
  if (siteId !== null) return assertActsForSite(ctx.scope, studyId, siteId);
  assertStudyVisible(ctx.scope, studyId);
  if (ctx.scope.siteScoped && ctx.scope.sites.has(studyId)) {
    throw refuse('FORBIDDEN', 'ownSiteDocuments');
  }
}

/** The approver must be someone else who may approve and who sees the document's study. */
async function assertApprover(tx: Tx, ctx: ProcedureCtx, approverId: number, studyId: number) {
  if (approverId === ctx.user.id) throw refuseField('approverId', 'approverNotSelf');
  const u = await tx.selectFrom('users').select(['id', 'role', 'isActive']).where('id', '=', approverId).executeTakeFirst();
  const member = u && (u.role === 'admin' || (await tx.selectFrom('studyMemberships').select('userId').where('userId', '=', approverId).where('studyId', '=', studyId).where('endedAt', 'is', null).executeTakeFirst()));
  if (!u || !u.isActive || !member || !can(u.role as Role, 'document.approve')) {
    throw refuseField('approverId', 'chooseApprover');
  }
}

async function step(tx: Tx, d: { id: number; studyId: number }, action: 'uploaded' | 'submitted' | 'approved' | 'returned' | 'withdrawn', ctx: Pick<ProcedureCtx, 'user'>, extra: { versionId?: number | null; comment?: string | null; signatureId?: number | null } = {}) {
  await tx
    .insertInto('documentReviewSteps')
    .values({ documentId: d.id, studyId: d.studyId, versionId: extra.versionId ?? null, action, actorId: ctx.user.id, comment: extra.comment ?? null, signatureId: extra.signatureId ?? null })
    .execute();
}

async function notifyReview(tx: Tx, d: { studyId: number; code: string; id: number }, approverId: number, title: string) {
  await notifyUser(tx, approverId, { kind: 'document_review', studyId: d.studyId, title: keyedMessage('documentReviewTitle', { code: d.code }), body: title.slice(0, 300), link: `/etmf?tab=review&doc=${d.id}` });
}

/** A new document with its first version. */
export async function uploadDocument(ctx: EtmfCtx, input: DocumentUploadInput) {
  const siteId = input.siteId ?? null;
  assertMayFile(ctx, input.studyId, siteId);
  const artifact = await ctx.db.selectFrom('tmfArtifacts').select(['number', 'needsApproval']).where('number', '=', input.artifactNumber).executeTakeFirst();
  if (!artifact) throw refuseField('artifactNumber', 'chooseArtifact');
  if (siteId !== null) {
    const inStudy = await ctx.db.selectFrom('studySites').select('siteId').where('studyId', '=', input.studyId).where('siteId', '=', siteId).executeTakeFirst();
    if (!inStudy) throw refuseField('siteId', 'siteNotInStudy');
  }
  const checked = await checkUploadedFile(ctx.upload);
  const stored = await ctx.files.putFile(ctx.upload!.path);
  return withActor(ctx.db, actorOf(ctx, 'Document uploaded to the trial master file'), async (tx) => {
    if (input.approverId) await assertApprover(tx, ctx, input.approverId, input.studyId);
    return fileDocument(tx, ctx, { ...input, siteId, artifact, fileName: ctx.upload!.originalName, contentType: checked.contentType, stored });
  });
}

export interface DocumentToFile {
  studyId: number;
  siteId: number | null;
  artifact: { number: string; needsApproval: boolean };
  title: string;
  versionLabel: string;
  approverId?: number;
  expiryDate?: string;
  comment?: string;
  fileName: string;
  contentType: string;
  stored: { sha256: string; size: number };
}

/** Files a stored file as a new document with its first version, inside the caller's audited transaction
 *  (an upload, or a file the product wrote itself such as a site close-out archive). */
export async function fileDocument(tx: Tx, ctx: Pick<ProcedureCtx, 'user'>, input: DocumentToFile) {
  const { artifact, siteId, stored } = input;
  const { rows } = await sql<{ prefix: string; seq: number }>`
    select split_part(st.code, '-', 1) as prefix, coalesce((select max(seq) from documents where study_id = st.id), 0) + 1 as seq
      from (select id, code from studies where id = ${input.studyId} for update) st`.execute(tx);
  const { prefix, seq } = rows[0]!;
  const code = `DOC-${prefix}-${String(seq).padStart(5, '0')}`;
  const inReview = input.approverId !== undefined;
  const doc = await tx
    .insertInto('documents')
    .values({
      studyId: input.studyId,
      siteId,
      artifactNumber: artifact.number,
      seq,
      code,
      title: input.title,
      // Filed as final unless the artifact is approved before it counts, or an approver is named.
      status: artifact.needsApproval || inReview ? 'draft' : 'current',
      reviewStatus: inReview ? 'in-review' : artifact.needsApproval ? 'pending' : 'complete',
      approverId: input.approverId ?? null,
      createdBy: ctx.user.id,
    })
    .returning(['id', 'code', 'studyId'])
    .executeTakeFirstOrThrow();
  const v = await tx
    .insertInto('documentVersions')
    .values({
      documentId: doc.id,
      studyId: input.studyId,
      seq: 1,
      versionLabel: input.versionLabel,
      fileName: input.fileName,
      contentType: input.contentType,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      expiryDate: input.expiryDate ?? null,
      comment: input.comment ?? null,
      uploadedBy: ctx.user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await tx.updateTable('documents').set({ currentVersionId: v.id, versionCount: 1 }).where('id', '=', doc.id).returning(['id', 'code', 'status', 'reviewStatus', 'version']).executeTakeFirstOrThrow();
  await step(tx, doc, 'uploaded', ctx, { versionId: v.id, comment: input.comment });
  if (inReview) {
    await step(tx, doc, 'submitted', ctx, { versionId: v.id });
    await notifyReview(tx, doc, input.approverId!, input.title);
  }
  return { ...row, sha256: stored.sha256, size: stored.size };
}

/** A new version: the earlier ones stay readable; the document goes back to draft (or current) and needs review again. */
export async function uploadNewVersion(ctx: EtmfCtx, input: DocumentNewVersionInput) {
  const checked = await checkUploadedFile(ctx.upload);
  const stored = await ctx.files.putFile(ctx.upload!.path);
  return withActor(ctx.db, actorOf(ctx, `New version ${input.versionLabel} uploaded`), async (tx) => {
    const d = await lockDocument(tx, ctx, input.documentId, input.version);
    assertMayFile(ctx, d.studyId, d.siteId);
    if (d.status === 'withdrawn') throw refuse('PRECONDITION_FAILED', 'withdrawnNoVersions');
    const artifact = await tx.selectFrom('tmfArtifacts').select('needsApproval').where('number', '=', d.artifactNumber).executeTakeFirstOrThrow();
    const seq = d.versionCount + 1;
    const v = await tx
      .insertInto('documentVersions')
      .values({
        documentId: d.id,
        studyId: d.studyId,
        seq,
        versionLabel: input.versionLabel,
        fileName: ctx.upload!.originalName,
        contentType: checked.contentType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
        expiryDate: input.expiryDate ?? null,
        comment: input.comment ?? null,
        uploadedBy: ctx.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await tx
      .updateTable('documents')
      .set({
        currentVersionId: v.id,
        versionCount: seq,
        status: artifact.needsApproval ? 'draft' : 'current',
        reviewStatus: artifact.needsApproval ? 'pending' : 'complete',
        expiryAlertedFor: null,
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', d.id)
      .returning(['id', 'code', 'status', 'reviewStatus', 'version', 'versionCount'])
      .executeTakeFirstOrThrow();
    await step(tx, d, 'uploaded', ctx, { versionId: v.id, comment: input.comment });
    return row;
  });
}

export async function sendForReview(ctx: ProcedureCtx, input: { id: number; version: number; approverId: number; comment?: string }) {
  return withActor(ctx.db, actorOf(ctx, 'Document sent for review'), async (tx) => {
    const d = await lockDocument(tx, ctx, input.id, input.version);
    assertMayFile(ctx, d.studyId, d.siteId);
    if (d.status === 'withdrawn' || d.status === 'expired') throw refuse('PRECONDITION_FAILED', d.status === 'withdrawn' ? 'withdrawnNotForReview' : 'expiredNotForReview');
    if (d.reviewStatus === 'in-review') throw refuse('PRECONDITION_FAILED', 'alreadyInReview');
    if (d.status === 'approved') throw refuse('PRECONDITION_FAILED', 'versionAlreadyApproved');
    await assertApprover(tx, ctx, input.approverId, d.studyId);
    const row = await tx
      .updateTable('documents')
      .set({ reviewStatus: 'in-review', approverId: input.approverId, updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', d.id)
      .returning(['id', 'status', 'reviewStatus', 'version', 'title'])
      .executeTakeFirstOrThrow();
    await step(tx, d, 'submitted', ctx, { versionId: d.currentVersionId, comment: input.comment });
    await notifyReview(tx, d, input.approverId, row.title);
    return row;
  });
}

function assertNamedApprover(ctx: ProcedureCtx, d: DocumentForStep) {
  if (d.reviewStatus !== 'in-review') throw refuse('PRECONDITION_FAILED', 'notInReview');
  if (d.approverId !== ctx.user.id) throw refuse('FORBIDDEN', 'onlyNamedApprover');
}

/** Approval with an electronic signature (21 CFR Part 11 §11.50, §11.200): password re-entered, meaning approval, bound to the file's sha256. */
export async function approveDocument(ctx: ProcedureCtx & SigningSession, input: { id: number; version: number; password: string; code?: string }) {
  const user = await ctx.db.selectFrom('users').select(['passwordHash', 'fullName']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  const passwordOk = await verifyPassword(user.passwordHash, input.password);
  // Two-factor authentication: the first signature of a session needs the code too (11.200(a)(1)).
  const second = await checkSigningSecondFactor(ctx, input.code, 'document');
  return withActor(ctx.db, actorOf(ctx, 'Document approved (electronic signature)'), async (tx) => {
    const d = await lockDocument(tx, ctx, input.id, input.version);
    assertNamedApprover(ctx, d);
    if (!passwordOk) throw refuseField('password', 'documentPasswordWrong');
    if (second.error) throw second.error;
    await second.record(tx);
    const v = await tx.selectFrom('documentVersions').select(['id', 'sha256', 'uploadedBy']).where('id', '=', d.currentVersionId!).executeTakeFirstOrThrow();
    const signature = await tx
      .insertInto('signatures')
      .values({ studyId: d.studyId, patientId: null, documentVersionId: v.id, signerId: ctx.user.id, printedName: user.fullName, meaning: 'approval', contentHash: v.sha256, entries: 1 })
      .returning(['id', 'signedAt'])
      .executeTakeFirstOrThrow();
    await tx.updateTable('documentVersions').set({ approvedAt: sql`now()`, approvedBy: ctx.user.id }).where('id', '=', v.id).execute();
    const row = await tx
      .updateTable('documents')
      .set({ status: 'approved', reviewStatus: 'complete', updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', d.id)
      .returning(['id', 'status', 'reviewStatus', 'version'])
      .executeTakeFirstOrThrow();
    await step(tx, d, 'approved', ctx, { versionId: v.id, signatureId: signature.id });
    const author = v.uploadedBy ?? d.createdBy;
    if (author !== null && author !== ctx.user.id) {
      await notifyUser(tx, author, { kind: 'document_approved', studyId: d.studyId, title: keyedMessage('documentApprovedTitle', { code: d.code }), body: keyedMessage('documentApprovedBody', { name: user.fullName }), link: `/etmf?doc=${d.id}` });
    }
    return { ...row, signatureId: signature.id, signedAt: signature.signedAt.toISOString(), contentHash: v.sha256 };
  });
}

export async function returnDocument(ctx: ProcedureCtx, input: { id: number; version: number; comment: string }) {
  return withActor(ctx.db, actorOf(ctx, 'Document returned by the reviewer'), async (tx) => {
    const d = await lockDocument(tx, ctx, input.id, input.version);
    assertNamedApprover(ctx, d);
    const row = await tx
      .updateTable('documents')
      .set({ reviewStatus: 'pending', updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', d.id)
      .returning(['id', 'status', 'reviewStatus', 'version'])
      .executeTakeFirstOrThrow();
    await step(tx, d, 'returned', ctx, { versionId: d.currentVersionId, comment: input.comment });
    const v = await tx.selectFrom('documentVersions').select('uploadedBy').where('id', '=', d.currentVersionId!).executeTakeFirstOrThrow();
    const author = v.uploadedBy ?? d.createdBy;
    if (author !== null) await notifyUser(tx, author, { kind: 'document_returned', studyId: d.studyId, title: keyedMessage('documentReturnedTitle', { code: d.code }), body: input.comment.slice(0, 300), link: `/etmf?doc=${d.id}` });
    return row;
  });
}

export async function withdrawDocument(ctx: ProcedureCtx, input: { id: number; version: number; reason: string }) {
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const d = await lockDocument(tx, ctx, input.id, input.version);
    if (d.status === 'withdrawn') throw refuse('PRECONDITION_FAILED', 'alreadyWithdrawn');
    const row = await tx
      .updateTable('documents')
      .set({ status: 'withdrawn', withdrawnReason: input.reason, reviewStatus: d.reviewStatus === 'in-review' ? 'pending' : (d.reviewStatus as DocumentReview), updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', d.id)
      .returning(['id', 'status', 'reviewStatus', 'version'])
      .executeTakeFirstOrThrow();
    await step(tx, d, 'withdrawn', ctx, { versionId: d.currentVersionId, comment: input.reason });
    return row;
  });
}
