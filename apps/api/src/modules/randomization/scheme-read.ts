// randomization.get: the study's arms and sites (to configure a scheme) and its test and production
// schemes. The sealed list never leaves through here: only its hash and size.
import type { Db, Tx } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { isoOrNull } from '../../sql-helpers.ts';
import { assertStudyInScope } from '../design/scope.ts';
import { fromJson, normalizedContent, studyArms, studySiteLevels, type StudyArm } from './scheme-content.ts';

type Content = ReturnType<typeof normalizedContent>;

export async function schemeRow(db: Db | Tx, studyId: number, kind: 'test' | 'production') {
  return db.selectFrom('randomizationSchemes').selectAll().where('studyId', '=', studyId).where('kind', '=', kind).executeTakeFirst();
}
type SchemeRow = NonNullable<Awaited<ReturnType<typeof schemeRow>>>;

export function rowContent(row: SchemeRow): Content {
  return {
    method: row.method,
    arms: fromJson(row.arms),
    factors: fromJson(row.factors),
    blockSizes: row.blockSizes === null ? null : fromJson(row.blockSizes),
    minimization: row.minimization === null ? null : fromJson(row.minimization),
    plannedEnrollment: row.plannedEnrollment,
    marginPercent: row.marginPercent,
  };
}

export function schemeView(row: SchemeRow, arms: StudyArm[]) {
  const content = rowContent(row);
  const byId = new Map(arms.map((a) => [a.id, a]));
  return {
    id: row.id,
    studyId: row.studyId,
    kind: row.kind,
    status: row.status,
    ...content,
    arms: content.arms.map((a) => ({ ...a, code: byId.get(a.armId)?.code ?? null, name: byId.get(a.armId)?.name ?? null })),
    contentHash: row.contentHash,
    listHash: row.listHash,
    liveAt: isoOrNull(row.liveAt),
    lockedAt: isoOrNull(row.lockedAt),
    updatedAt: isoOrNull(row.updatedAt)!,
    version: row.version,
  };
}
export type SchemeView = ReturnType<typeof schemeView>;

export async function getRandomization(db: Db, scope: StudyScope, studyId: number) {
  await assertStudyInScope(db, scope, studyId);
  const [arms, sites, test, production] = await Promise.all([
    studyArms(db, studyId),
    studySiteLevels(db, studyId),
    schemeRow(db, studyId, 'test'),
    schemeRow(db, studyId, 'production'),
  ]);
  const listLength = production?.listId
    ? await db.selectFrom('randomizationLists').select(['strata', 'entriesPerStratum']).where('id', '=', production.listId).executeTakeFirst()
    : undefined;
  return {
    arms,
    sites,
    test: test ? schemeView(test, arms) : null,
    production: production ? { ...schemeView(production, arms), list: listLength ?? null } : null,
  };
}
