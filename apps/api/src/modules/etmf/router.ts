// etmf.*: the trial master file. Uploads arrive as multipart on the REST path (rest.ts), which hands the
// file to `upload` / `newVersion` through the context; over tRPC alone they answer that a file is needed.
import { z } from 'zod';
import {
  completenessInput,
  documentApproveInput,
  documentFilterInput,
  documentListInput,
  documentNewVersionInput,
  documentReturnInput,
  documentSendForReviewInput,
  documentUploadInput,
  documentWithdrawInput,
  id,
} from '@ctp/contracts';
import { sql } from '@ctp/db';
import { router, permitted } from '../../trpc.ts';
import { assertStudyVisible } from '../../access.ts';
import { documentDetail, documentSummary, listDocuments, tmfTree } from './list.ts';
import { completenessCsv, completenessReport } from './completeness.ts';
import { fileForDownload } from './file-access.ts';
import { approveDocument, returnDocument, sendForReview, uploadDocument, uploadNewVersion, withdrawDocument } from './write.ts';

const read = permitted('document.read');
const upload = permitted('document.upload');

export const etmfRouter = router({
  list: read.input(documentListInput).query(({ ctx, input }) => listDocuments(ctx.db, ctx.scope, ctx.user.id, input)),
  summary: read.input(documentFilterInput.pick({ studyId: true }).optional()).query(({ ctx, input }) => documentSummary(ctx.db, ctx.scope, ctx.user.id, input ?? {})),
  byId: read.input(z.object({ id })).query(({ ctx, input }) => documentDetail(ctx, input.id)),
  tree: read.input(completenessInput.optional()).query(({ ctx, input }) => tmfTree(ctx.db, ctx.scope, input ?? {})),
  completeness: read.input(completenessInput.optional()).query(({ ctx, input }) => completenessReport(ctx.db, ctx.scope, input ?? {})),
  completenessCsv: permitted('report.export').input(completenessInput.optional()).mutation(({ ctx, input }) => completenessCsv(ctx.db, ctx.scope, input ?? {})),
  /** Who may be named approver on a study's documents: members (and admins) whose role may approve, not the asker. */
  approvers: read.input(z.object({ studyId: id })).query(async ({ ctx, input }) => {
    assertStudyVisible(ctx.scope, input.studyId);
    const { rows } = await sql<{ id: number; fullName: string; role: string }>`
      select u.id, u.full_name as "fullName", u.role from users u
       where u.is_active and u.id <> ${ctx.user.id} and u.role in ('admin', 'data-manager', 'study-manager', 'investigator')
         and (u.role = 'admin' or exists (select 1 from study_memberships m where m.user_id = u.id and m.study_id = ${input.studyId} and m.ended_at is null))
       order by u.full_name`.execute(ctx.db);
    return rows;
  }),
  /** What a download streams (after the access check); the REST path streams it. */
  fileInfo: read.input(z.object({ id, version: id.optional() })).query(({ ctx, input }) => fileForDownload(ctx, input)),
  upload: upload.input(documentUploadInput).mutation(({ ctx, input }) => uploadDocument({ ...ctx, upload: ctx.req.upload }, input)),
  newVersion: upload.input(documentNewVersionInput).mutation(({ ctx, input }) => uploadNewVersion({ ...ctx, upload: ctx.req.upload }, input)),
  sendForReview: upload.input(documentSendForReviewInput).mutation(({ ctx, input }) => sendForReview(ctx, input)),
  approve: permitted('document.approve').input(documentApproveInput).mutation(({ ctx, input }) => approveDocument(ctx, input)),
  return: permitted('document.approve').input(documentReturnInput).mutation(({ ctx, input }) => returnDocument(ctx, input)),
  withdraw: permitted('document.withdraw').input(documentWithdrawInput).mutation(({ ctx, input }) => withdrawDocument(ctx, input)),
});
