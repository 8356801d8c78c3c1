// sites.assignToStudy and sites.activate: a site takes part in a study through a study_sites row
// with its own enrollment target; it starts 'pending' and is activated once (pending -> active,
// recording the activation date). Activation also makes a pending site itself active.
import { sql, withActor } from '@ctp/db';
import type { ActivateSiteInput, AssignSiteInput } from '@ctp/contracts';
import { assertStudyVisible } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { siteScope } from './scope.ts';
import { findVisibleSite } from './detail.ts';
import { isUniqueViolation, staleVersion, todayIso } from '../../sql-helpers.ts';
import { notifyStudyRole } from '../notifications/notify.ts';
import { refuse } from '../../refusal.ts';
import { keyedMessage } from '@ctp/contracts';

const ASSIGNABLE = ['active', 'pending'];

export async function assignSiteToStudy(ctx: ProcedureCtx, input: AssignSiteInput) {
  assertStudyVisible(ctx.scope, input.studyId);
  const site = await findVisibleSite(ctx.db, siteScope(ctx.scope, ctx.user.role), input.siteId);
  if (!ASSIGNABLE.includes(site.status)) {
    throw refuse('PRECONDITION_FAILED', 'siteNotAssignable');
  }
  const study = await ctx.db
    .selectFrom('studies')
    .select('code')
    .where('id', '=', input.studyId)
    .executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  const conflict = () =>
    refuse('CONFLICT', 'siteAlreadyAssigned', { siteNumber: site.siteNumber, studyCode: study.code });
  try {
    return await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
      const existing = await tx
        .selectFrom('studySites')
        .select('id')
        .where('studyId', '=', input.studyId)
        .where('siteId', '=', input.siteId)
        .executeTakeFirst();
      if (existing) throw conflict();
      const site = await tx.selectFrom('sites').select(['siteNumber', 'name']).where('id', '=', input.siteId).executeTakeFirstOrThrow();
      await notifyStudyRole(tx, input.studyId, ['study-manager'], {
        kind: 'site_activation_pending',
        studyId: input.studyId,
        title: keyedMessage('siteAwaitsTitle', { siteNumber: site.siteNumber }),
        body: keyedMessage('siteAwaitsBody', { site: site.name }),
        link: `/sites/${input.siteId}`,
      }, ctx.user.id);
      return tx
        .insertInto('studySites')
        .values({
          studyId: input.studyId,
          siteId: input.siteId,
          enrollmentTarget: input.enrollmentTarget,
          status: 'pending',
          assignedOn: todayIso(),
        })
        .returning([
          'id',
          'studyId',
          'siteId',
          'enrollmentTarget',
          'status',
          'assignedOn',
          'activatedOn',
          'version',
        ])
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    // Two simultaneous assignments: the unique (study_id, site_id) constraint refuses the second.
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
}

export async function activateSite(ctx: ProcedureCtx, input: ActivateSiteInput) {
  assertStudyVisible(ctx.scope, input.studyId);
  const today = todayIso();
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const current = await tx
      .selectFrom('studySites')
      .select(['id', 'status', 'version'])
      .where('studyId', '=', input.studyId)
      .where('siteId', '=', input.siteId)
      .forUpdate()
      .executeTakeFirst();
    if (!current)
      throw refuse('NOT_FOUND', 'siteNotAssigned');
    if (current.version !== input.version) throw staleVersion();
    if (current.status !== 'pending') {
      throw refuse('PRECONDITION_FAILED', 'siteNotPending');
    }
    const activated = await tx
      .updateTable('studySites')
      .set({
        status: 'active',
        activatedOn: today,
        version: sql<number>`version + 1`,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', current.id)
      .where('version', '=', input.version)
      .returning([
        'id',
        'studyId',
        'siteId',
        'enrollmentTarget',
        'status',
        'assignedOn',
        'activatedOn',
        'version',
      ])
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('sites')
      .set({ status: 'active', version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', input.siteId)
      .where('status', '=', 'pending')
      .execute();
    return activated;
  });
}
