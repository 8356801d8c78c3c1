// siteArchives.*: site close-out archives (issue 33 item 4). Data managers and administrators
// (siteArchive.manage) ask for one and follow its progress; the zip is downloaded as the eTMF document
// it is filed as (GET /api/etmf-documents/{id}/file).
import { siteArchiveByIdInput, siteArchiveCreateInput, siteArchiveListInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { startSiteArchive } from './start.ts';
import { listSiteArchives, siteArchiveById } from './list.ts';

export const siteArchivesRouter = router({
  create: permitted('siteArchive.manage').input(siteArchiveCreateInput).mutation(({ ctx, input }) => startSiteArchive(ctx, input)),
  list: permitted('siteArchive.manage').input(siteArchiveListInput).query(({ ctx, input }) => listSiteArchives(ctx.db, ctx.scope, input.studyId)),
  byId: permitted('siteArchive.manage').input(siteArchiveByIdInput).query(({ ctx, input }) => siteArchiveById(ctx.db, ctx.scope, input.id)),
});
