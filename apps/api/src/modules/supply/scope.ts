// Who may act on a study's supply: the study must be in the caller's scope (NOT_FOUND outside it,
// FORBIDDEN for a role that does not allow the action), and site staff act only for their own sites.
import { TRPCError } from '@trpc/server';
import type { Db, Tx } from '@ctp/db';
import { assertStudyVisible, canSeeStudySite, type StudyScope } from '../../access.ts';

export async function supplyStudy(db: Db | Tx, scope: StudyScope, studyId: number) {
  assertStudyVisible(scope, studyId);
  const study = await db.selectFrom('studies').select(['id', 'code', 'blinding']).where('id', '=', studyId).executeTakeFirst();
  if (!study) throw new TRPCError({ code: 'NOT_FOUND', message: 'Study not found' });
  return study;
}

/** The sites of the study the caller sees (site staff: their own). */
export function sitesInScope(scope: StudyScope, studyId: number, siteIds: number[]): number[] {
  return siteIds.filter((s) => canSeeStudySite(scope, studyId, s));
}

/** A site taking part in the study, or NOT_FOUND. */
export async function studySite(db: Db | Tx, studyId: number, siteId: number) {
  const site = await db
    .selectFrom('studySites as ss')
    .innerJoin('sites as s', 's.id', 'ss.siteId')
    .select(['s.id', 's.siteNumber', 's.name'])
    .where('ss.studyId', '=', studyId)
    .where('ss.siteId', '=', siteId)
    .executeTakeFirst();
  if (!site) throw new TRPCError({ code: 'NOT_FOUND', message: 'Site not found in this study' });
  return site;
}
