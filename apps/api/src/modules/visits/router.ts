// visits.*: a study's visit schedule. Everyone in the study reads it; form builders change it.
import { visitCreateInput, visitDueFormsInput, visitScheduleInput, visitUpdateInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { createVisit, setDueForms, updateVisit, visitSchedule } from './schedule.ts';

const build = permitted('form.build');

export const visitsRouter = router({
  schedule: permitted('form.read').input(visitScheduleInput).query(({ ctx, input }) => visitSchedule(ctx, input.studyId)),
  create: build.input(visitCreateInput).mutation(({ ctx, input }) => createVisit(ctx, input)),
  update: build.input(visitUpdateInput).mutation(({ ctx, input }) => updateVisit(ctx, input)),
  setDueForms: build.input(visitDueFormsInput).mutation(({ ctx, input }) => setDueForms(ctx, input)),
});
