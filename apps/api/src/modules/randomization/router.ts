// randomization.*: a study's randomization schemes (issue 30, first slice). Study managers and
// administrators of the study configure, simulate and take the production scheme live; only
// administrators read a sealed list. Every write runs in withActor with its reason.
import { goLiveInput, schemeKindInput, schemeSaveInput, schemeStudyInput, sealedListInput, simulationInput } from '@ctp/contracts';
import { actorOf, permitted, router } from '../../trpc.ts';
import { goLive } from './go-live.ts';
import { getRandomization } from './scheme-read.ts';
import { saveScheme } from './scheme-save.ts';
import { sealedList } from './sealed-list.ts';
import { listSimulations, SIMULATION_REASON, simulateScheme } from './simulate.ts';

const manage = permitted('randomization.manage');

export const randomizationRouter = router({
  get: manage.input(schemeStudyInput).query(({ ctx, input }) => getRandomization(ctx.db, ctx.scope, input.studyId)),
  save: manage.input(schemeSaveInput).mutation(({ ctx, input }) => saveScheme(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  simulate: manage
    .input(simulationInput)
    .mutation(({ ctx, input }) => simulateScheme(ctx.db, actorOf(ctx, input.reason ?? SIMULATION_REASON), ctx.scope, input)),
  simulations: manage.input(schemeKindInput).query(({ ctx, input }) => listSimulations(ctx.db, ctx.scope, input.studyId, input.kind)),
  goLive: manage.input(goLiveInput).mutation(({ ctx, input }) => goLive(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  sealedList: permitted('randomization.list.read').input(sealedListInput).query(({ ctx, input }) => sealedList(ctx.db, ctx.scope, input)),
});
