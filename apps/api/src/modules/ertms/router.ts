// ertms.*: regulatory submissions, their workflow (write.ts) and the screen's tabs (list.ts).
import { z } from 'zod';
import { id, submissionCreateInput, submissionFilterInput, submissionLinkInput, submissionListInput, submissionStepInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { listSubmissions, submissionDetail, submissionReports, submissionsByAgency, submissionTimeline } from './list.ts';
import { createSubmission, linkDocument, stepSubmission } from './write.ts';

const read = permitted('submission.read');
const manage = permitted('submission.manage');

export const ertmsRouter = router({
  list: read.input(submissionListInput).query(({ ctx, input }) => listSubmissions(ctx.db, ctx.scope, input)),
  byId: read.input(z.object({ id })).query(({ ctx, input }) => submissionDetail(ctx.db, ctx.scope, input.id)),
  timeline: read.input(submissionFilterInput.optional()).query(({ ctx, input }) => submissionTimeline(ctx.db, ctx.scope, input ?? {})),
  byAgency: read.input(submissionFilterInput.optional()).query(({ ctx, input }) => submissionsByAgency(ctx.db, ctx.scope, input ?? {})),
  reports: read.input(submissionFilterInput.optional()).query(({ ctx, input }) => submissionReports(ctx.db, ctx.scope, input ?? {})),
  types: read.query(({ ctx }) => ctx.db.selectFrom('submissionTypes').select(['code', 'name', 'requiredArtifacts']).orderBy('sort').execute()),
  create: manage.input(submissionCreateInput).mutation(({ ctx, input }) => createSubmission(ctx, input)),
  linkDocument: manage.input(submissionLinkInput).mutation(({ ctx, input }) => linkDocument(ctx, input)),
  unlinkDocument: manage.input(submissionLinkInput).mutation(({ ctx, input }) => linkDocument(ctx, input, true)),
  step: manage.input(submissionStepInput).mutation(({ ctx, input }) => stepSubmission(ctx, input)),
});
