// submissions.*: data entry. Investigators, coordinators (their own sites) and admins enter data;
// everyone who sees the study reads it.
import { z } from 'zod';
import { id, submissionLookupInput, submissionSaveInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { saveSubmission } from './save.ts';
import { getSubmission, subjectVisits } from './lookup.ts';

const read = permitted('form.read');

export const submissionsRouter = router({
  subjectVisits: read.input(z.object({ patientId: id })).query(({ ctx, input }) => subjectVisits(ctx, input.patientId)),
  get: read.input(submissionLookupInput).query(({ ctx, input }) => getSubmission(ctx, input)),
  save: permitted('data.enter').input(submissionSaveInput).mutation(({ ctx, input }) => saveSubmission(ctx, input)),
});
