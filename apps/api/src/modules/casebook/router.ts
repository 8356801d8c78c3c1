// casebook.*: a subject's casebook, its review steps (SDV, freeze, lock) and signatures.
import { z } from 'zod';
import { casebookOpenQueriesInput, casebookSignInput, id, studyLockInput, subjectLockInput, submissionReviewInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { casebookView } from './view.ts';
import { lockStudy, lockSubject, reviewSubmission } from './review.ts';
import { signCasebook } from './signatures.ts';
import { casebookOpenQueries } from './open-queries.ts';
import { casebookPdfDownload } from './pdf/download.ts';

export const casebookRouter = router({
  view: permitted('form.read').input(z.object({ patientId: id })).query(({ ctx, input }) => casebookView(ctx, input.patientId)),
  /** The casebook as a PDF (base64), as GET /api/patients/{id}/casebook.pdf sends it. */
  pdf: permitted('form.read').input(z.object({ patientId: id })).query(({ ctx, input }) => casebookPdfDownload(ctx, input.patientId)),
  // The role each step needs is checked inside (verify: data.verify; freeze and lock: data.lock).
  /** The unresolved queries the SDV, lock and signature dialogs list before asking to go on. */
  openQueries: permitted('form.read').input(casebookOpenQueriesInput).query(({ ctx, input }) => casebookOpenQueries(ctx, input)),
  review: permitted('form.read').input(submissionReviewInput).mutation(({ ctx, input }) => reviewSubmission(ctx, input)),
  lockSubject: permitted('data.lock').input(subjectLockInput).mutation(({ ctx, input }) => lockSubject(ctx, input)),
  lockStudy: permitted('data.lock').input(studyLockInput).mutation(({ ctx, input }) => lockStudy(ctx, input)),
  sign: permitted('casebook.sign').input(casebookSignInput).mutation(({ ctx, input }) => signCasebook(ctx, input)),
});
