// siteArchives.create: a data manager or administrator asks for a site's (or the whole study's)
// close-out archive. The row is written (audited) with the number of subjects to archive and a job is
// sent to the queue; the request does not wait. One archive at a time per study and site.
import { withActor } from '@ctp/db';
import type { SiteArchiveCreateInput } from '@ctp/contracts';
import { assertStudyVisible, canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { actorOf } from '../../trpc.ts';
import { refuse } from '../../refusal.ts';

export const SITE_ARCHIVE_JOB = 'site-archive';

export interface SiteArchiveJobData {
  archiveId: number;
  clientIp: string | null;
}

export async function startSiteArchive(ctx: ProcedureCtx & { jobs: JobQueue }, input: SiteArchiveCreateInput & { studyId: number; siteId?: number }) {
  assertStudyVisible(ctx.scope, input.studyId);
  const siteId = input.siteId ?? null;
  if (siteId !== null) {
    const inStudy = await ctx.db.selectFrom('studySites').select('siteId').where('studyId', '=', input.studyId).where('siteId', '=', siteId).executeTakeFirst();
    if (!inStudy || !canSeeStudySite(ctx.scope, input.studyId, siteId)) throw refuse('NOT_FOUND', 'siteNotFound');
  } else if (ctx.scope.sites.get(input.studyId)) {
    throw refuse('FORBIDDEN', 'ownSiteOnly');
  }
  const running = await ctx.db
    .selectFrom('siteArchives')
    .select('id')
    .where('studyId', '=', input.studyId)
    .where((eb) => (siteId === null ? eb('siteId', 'is', null) : eb('siteId', '=', siteId)))
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (running) return { id: running.id, started: false };
  let subjects = ctx.db.selectFrom('patients').select((eb) => eb.fn.countAll<number>().as('n')).where('studyId', '=', input.studyId);
  if (siteId !== null) subjects = subjects.where('siteId', '=', siteId);
  const total = Number((await subjects.executeTakeFirstOrThrow()).n);
  const row = await withActor(ctx.db, actorOf(ctx, siteId === null ? 'Study close-out archive requested' : 'Site close-out archive requested'), (tx) =>
    tx
      .insertInto('siteArchives')
      .values({ studyId: input.studyId, siteId, status: 'running', step: 'Waiting', subjectsTotal: total, startedBy: ctx.user.id })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await ctx.jobs.send(SITE_ARCHIVE_JOB, { archiveId: row.id, clientIp: ctx.req.ip } satisfies SiteArchiveJobData, { key: `site-archive-${row.id}` });
  return { id: row.id, started: true };
}
