// randomization.*: a study's randomization schemes (issue 30). Study managers and administrators of
// the study configure, simulate and take the production scheme live; only administrators read a sealed
// list. Site staff randomize their site's subjects; the site's investigator unblinds one in an
// emergency; allocations and the unblinding report are for administrators and the unblinded team.
// Unblinded study managers and administrators may upload a statistician's list instead; unblinded data
// managers and administrators correct an allocation (documented); two administrators unblind the whole
// study after database lock. Every write runs in withActor with its reason.
import {
  allocationsInput,
  correctAllocationInput,
  plannedUnblindingApproveInput,
  plannedUnblindingRequestInput,
  uploadListInput,
  emergencyUnblindInput,
  goLiveInput,
  randomizeInput,
  schemeKindInput,
  schemeSaveInput,
  schemeStudyInput,
  sealedListInput,
  setUnblindedInput,
  simulationInput,
  subjectRandomizationInput,
} from '@ctp/contracts';
import { actorOf, permitted, router } from '../../trpc.ts';
import { randomizeSubject } from './allocate.ts';
import { studyAllocations, subjectRandomization } from './allocations-read.ts';
import { correctAllocation } from './correction.ts';
import { uploadList } from './list-upload/upload.ts';
import { approvePlannedUnblinding, plannedUnblindingStatus, requestPlannedUnblinding } from './planned-unblinding.ts';
import { unblindingReport, unblindingReportCsv } from './unblinding-report.ts';
import { goLive } from './go-live.ts';
import { getRandomization } from './scheme-read.ts';
import { saveScheme } from './scheme-save.ts';
import { sealedList } from './sealed-list.ts';
import { listSimulations, SIMULATION_REASON, simulateScheme } from './simulate.ts';
import { emergencyUnblind } from './unblind.ts';
import { setUnblinded, unblindedTeam } from './unblinded-team.ts';

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
  randomize: permitted('randomization.randomize').input(randomizeInput).mutation(({ ctx, input }) => randomizeSubject(ctx, input)),
  subject: permitted('patient.read').input(subjectRandomizationInput).query(({ ctx, input }) => subjectRandomization(ctx, input.patientId)),
  allocations: permitted('study.read').input(allocationsInput).query(({ ctx, input }) => studyAllocations(ctx, input.studyId)),
  unblindings: permitted('study.read').input(allocationsInput).query(({ ctx, input }) => unblindingReport(ctx, input.studyId)),
  unblindingsCsv: permitted('study.read').input(allocationsInput).query(({ ctx, input }) => unblindingReportCsv(ctx, input.studyId)),
  team: manage.input(allocationsInput).query(({ ctx, input }) => unblindedTeam(ctx.db, ctx.scope, input.studyId)),
  setUnblinded: permitted('randomization.team.grant')
    .input(setUnblindedInput)
    .mutation(({ ctx, input }) => setUnblinded(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  uploadList: manage.input(uploadListInput).mutation(({ ctx, input }) => uploadList(ctx, input)),
  correct: permitted('randomization.correct').input(correctAllocationInput).mutation(({ ctx, input }) => correctAllocation(ctx, input)),
  plannedUnblinding: permitted('study.read').input(allocationsInput).query(({ ctx, input }) => plannedUnblindingStatus(ctx, input.studyId)),
  requestUnblinding: permitted('randomization.unblindStudy')
    .input(plannedUnblindingRequestInput)
    .mutation(({ ctx, input }) => requestPlannedUnblinding(ctx, input)),
  approveUnblinding: permitted('randomization.unblindStudy')
    .input(plannedUnblindingApproveInput)
    .mutation(({ ctx, input }) => approvePlannedUnblinding(ctx, input)),
  emergencyUnblind: permitted('randomization.unblind').input(emergencyUnblindInput).mutation(({ ctx, input }) => emergencyUnblind(ctx, input)),
});
