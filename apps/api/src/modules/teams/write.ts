// Changing a study's team: add a person with a study role (and sites for site roles), change the role
// or sites, remove. Nothing is deleted: a membership that ends gets ended_at, and a site taken away
// ends that site's membership. Every change names its reason and is audited by the database; the
// person's access changes at their next request (their cached memberships are forgotten).
import { sql, withActor, type Tx } from '@ctp/db';
import { SITE_SCOPED_ROLES, type AddTeamMemberInput, type ChangeTeamMemberInput, type RemoveTeamMemberInput, type Role } from '@ctp/contracts';
import { actorOf, type Context } from '../../trpc.ts';
import type { SessionUser } from '../auth/session.ts';
import { assertStudyVisible, type StudyScope } from '../../access.ts';
import { refuse, refuseField } from '../../refusal.ts';

type TeamCtx = Pick<Context, 'db' | 'req' | 'identity'> & { user: SessionUser; scope: StudyScope };

async function openMemberships(tx: Tx, studyId: number, userId: number) {
  return tx
    .selectFrom('studyMemberships')
    .select(['id', 'role', 'siteId'])
    .where('studyId', '=', studyId)
    .where('userId', '=', userId)
    .where('endedAt', 'is', null)
    .forUpdate()
    .execute();
}

/** The sites a membership will name: the study's own sites for a site role, none otherwise. */
async function sitesFor(tx: Tx, studyId: number, role: Role, siteIds: number[]): Promise<(number | null)[]> {
  if (!SITE_SCOPED_ROLES.includes(role)) return [null];
  const unique = [...new Set(siteIds)];
  const found = await tx.selectFrom('studySites').select('siteId').where('studyId', '=', studyId).where('siteId', 'in', unique).execute();
  if (found.length !== unique.length) throw refuseField('siteIds', 'chooseTeamSites');
  return unique;
}

export async function addTeamMember(ctx: TeamCtx, input: AddTeamMemberInput) {
  assertStudyVisible(ctx.scope, input.studyId);
  await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const user = await tx.selectFrom('users').select(['id', 'isActive', 'deactivatedAt']).where('id', '=', input.userId).executeTakeFirst();
    if (!user) throw refuse('NOT_FOUND', 'userNotFound');
    if (user.deactivatedAt) throw refuse('PRECONDITION_FAILED', 'deactivatedNotOnTeam');
    if ((await openMemberships(tx, input.studyId, input.userId)).length) {
      throw refuse('CONFLICT', 'alreadyOnTeam');
    }
    const sites = await sitesFor(tx, input.studyId, input.role, input.siteIds);
    await tx
      .insertInto('studyMemberships')
      .values(sites.map((siteId) => ({ userId: input.userId, studyId: input.studyId, role: input.role, siteId })))
      .execute();
  });
  ctx.identity.forgetScope(input.userId);
  return { ok: true };
}

export async function changeTeamMember(ctx: TeamCtx, input: ChangeTeamMemberInput) {
  assertStudyVisible(ctx.scope, input.studyId);
  await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const open = await openMemberships(tx, input.studyId, input.userId);
    if (!open.length) throw refuse('NOT_FOUND', 'notOnTeam');
    const wanted = await sitesFor(tx, input.studyId, input.role, input.siteIds);
    const key = (siteId: number | null) => siteId ?? 0;
    const wantedKeys = new Set(wanted.map(key));
    // Sites taken away end; the others keep their start and take the new role; new sites start now.
    const ending = open.filter((m) => !wantedKeys.has(key(m.siteId))).map((m) => m.id);
    const keeping = open.filter((m) => wantedKeys.has(key(m.siteId)) && m.role !== input.role).map((m) => m.id);
    const adding = wanted.filter((siteId) => !open.some((m) => key(m.siteId) === key(siteId)));
    if (ending.length) await tx.updateTable('studyMemberships').set({ endedAt: sql`now()`, updatedAt: sql`now()`, version: sql`version + 1` }).where('id', 'in', ending).execute();
    if (keeping.length) await tx.updateTable('studyMemberships').set({ role: input.role, updatedAt: sql`now()`, version: sql`version + 1` }).where('id', 'in', keeping).execute();
    if (adding.length) {
      await tx.insertInto('studyMemberships').values(adding.map((siteId) => ({ userId: input.userId, studyId: input.studyId, role: input.role, siteId }))).execute();
    }
  });
  ctx.identity.forgetScope(input.userId);
  return { ok: true };
}

export async function removeTeamMember(ctx: TeamCtx, input: RemoveTeamMemberInput) {
  assertStudyVisible(ctx.scope, input.studyId);
  if (input.userId === ctx.user.id) throw refuse('PRECONDITION_FAILED', 'notRemoveSelf');
  await withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const open = await openMemberships(tx, input.studyId, input.userId);
    if (!open.length) throw refuse('NOT_FOUND', 'notOnTeam');
    await tx
      .updateTable('studyMemberships')
      .set({ endedAt: sql`now()`, updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', 'in', open.map((m) => m.id))
      .execute();
  });
  ctx.identity.forgetScope(input.userId);
  return { ok: true };
}
