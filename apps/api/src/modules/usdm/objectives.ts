// usdm.objectives: a study's objectives with their endpoints, in order (the study's Overview shows them).
import type { ProcedureCtx } from '../../procedure-context.ts';
import { assertStudyVisible } from '../../access.ts';

export async function studyObjectives(ctx: ProcedureCtx, studyId: number) {
  assertStudyVisible(ctx.scope, studyId);
  const [objectives, endpoints] = await Promise.all([
    ctx.db.selectFrom('studyObjectives').select(['id', 'code', 'level', 'text']).where('studyId', '=', studyId).orderBy('ordinal').execute(),
    ctx.db.selectFrom('studyEndpoints').select(['id', 'objectiveId', 'code', 'level', 'text', 'purpose']).where('studyId', '=', studyId).orderBy('ordinal').execute(),
  ]);
  return objectives.map((o) => ({ ...o, endpoints: endpoints.filter((e) => e.objectiveId === o.id).map(({ objectiveId: _o, ...e }) => e) }));
}
