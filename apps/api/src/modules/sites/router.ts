// sites.*: procedures compose the services of this folder; access is checked by permitted() (role)
// and siteScope (studies the user may see).
import {
  siteListInput,
  siteSummaryInput,
  siteCreateInput,
  siteUpdateInput,
  assignSiteInput,
  activateSiteInput,
  siteActivityInput,
  id,
} from '@ctp/contracts';
import { z } from 'zod';
import { router, permitted } from '../../trpc.ts';
import { siteScope } from './scope.ts';
import { listSites, summarizeSites } from './list.ts';
import { siteDetail } from './detail.ts';
import { createSite, updateSite } from './write.ts';
import { assignSiteToStudy, activateSite } from './assignment.ts';
import { siteActivity } from './activity.ts';

const read = permitted('site.read');

export const sitesRouter = router({
  list: read
    .input(siteListInput)
    .query(({ ctx, input }) => listSites(ctx.db, siteScope(ctx.scope, ctx.user.role, input.studyId), input)),
  summary: read
    .input(siteSummaryInput)
    .query(({ ctx, input }) =>
      summarizeSites(ctx.db, siteScope(ctx.scope, ctx.user.role, input?.studyId), input ?? {}),
    ),
  byId: read
    .input(z.object({ id }))
    .query(({ ctx, input }) => siteDetail(ctx.db, siteScope(ctx.scope, ctx.user.role), input.id)),
  recentActivity: read.input(siteActivityInput).query(({ ctx, input }) => siteActivity(ctx, input)),
  create: permitted('site.create')
    .input(siteCreateInput)
    .mutation(({ ctx, input }) => createSite(ctx, input)),
  update: permitted('site.update')
    .input(siteUpdateInput)
    .mutation(({ ctx, input }) => updateSite(ctx, input)),
  assignToStudy: permitted('site.assign')
    .input(assignSiteInput)
    .mutation(({ ctx, input }) => assignSiteToStudy(ctx, input)),
  activate: permitted('site.activate')
    .input(activateSiteInput)
    .mutation(({ ctx, input }) => activateSite(ctx, input)),
});
