// randomization.sealedList: the live production list, for administrators only (until the study's
// unblinded team exists). Paged per stratum; the seed never leaves the server.
import { TRPCError } from '@trpc/server';
import type { Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { assertStudyInScope } from '../design/scope.ts';

export async function sealedList(db: Db, scope: StudyScope, input: { studyId: number; stratum?: string | null; offset: number; limit: number }) {
  await assertStudyInScope(db, scope, input.studyId);
  const scheme = await db
    .selectFrom('randomizationSchemes')
    .select(['listId', 'listHash'])
    .where('studyId', '=', input.studyId)
    .where('kind', '=', 'production')
    .executeTakeFirst();
  if (!scheme?.listId) throw new TRPCError({ code: 'NOT_FOUND', message: 'This study has no live randomization list' });
  const strata = (
    await db.selectFrom('randomizationListEntries').select('stratum').distinct().where('listId', '=', scheme.listId).orderBy('stratum').execute()
  ).map((r) => r.stratum);
  const stratum = input.stratum ?? strata[0]!;
  if (!strata.includes(stratum)) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such stratum in the list' });
  const entries = await db
    .selectFrom('randomizationListEntries as e')
    .innerJoin('trialArms as a', 'a.id', 'e.armId')
    .select(['e.position', 'e.block', 'e.blockSize', 'a.code as armCode'])
    .where('e.listId', '=', scheme.listId)
    .where('e.stratum', '=', stratum)
    .orderBy('e.position')
    .offset(input.offset)
    .limit(input.limit)
    .execute();
  return { listHash: scheme.listHash, strata, stratum, entries };
}
