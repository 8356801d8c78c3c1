// studies.*: the studies a user may see, their detail with insights, create, update and recent activity.
import { z } from 'zod';
import { id, studyActivityInput, studyCreateInput, studyListInput, studyUpdateInput } from '@ctp/contracts';
import { router, permitted, actorOf } from '../../trpc.ts';
import { canInStudy, visibleStudyIds } from '../../access.ts';
import { listStudies } from './list.ts';
import { studyDetail } from './detail.ts';
import { createStudy, updateStudy } from './write.ts';
import { recentActivity } from './activity.ts';
import { armsVisible } from '../design/blinding.ts';

export const studiesRouter = router({
  list: permitted('study.read')
    .input(studyListInput)
    .query(({ ctx, input }) => listStudies(ctx.db, visibleStudyIds(ctx.scope), input)),

  byId: permitted('study.read')
    .input(z.object({ id }))
    .query(({ ctx, input }) => studyDetail(ctx.db, ctx.scope, input.id)),

  create: permitted('study.create')
    .input(studyCreateInput)
    .mutation(async ({ ctx, input }) => {
      const study = await createStudy(ctx.db, actorOf(ctx, 'Study created'), ctx.user, input);
      ctx.identity.forgetScope(ctx.user.id); // the creator is now a member of the new study
      return study;
    }),

  update: permitted('study.update')
    .input(studyUpdateInput)
    .mutation(({ ctx, input }) => updateStudy(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),

  /** Audit events of the study and its child rows; old/new values only for roles with 'audit.read'. */
  recentActivity: permitted('study.read')
    .input(studyActivityInput)
    .query(async ({ ctx, input }) =>
      recentActivity(ctx.db, ctx.scope, input, canInStudy(ctx.user, ctx.scope, input.studyId, 'audit.read'), await armsVisible(ctx.db, ctx.user, ctx.scope, input.studyId)),
    ),
});
