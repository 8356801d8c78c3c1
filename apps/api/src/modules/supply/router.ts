// supply.*: trial supply (issue 30 item 6). Study managers and administrators manage kit types, depots,
// kits, shipments and thresholds; site staff read their sites' inventory, receive shipments to their
// sites and dispense kits at visits; the arm behind a kit type is shown only to those who see arms.
import {
  depotCreateInput,
  dispenseInput,
  kitCsvInput,
  kitListInput,
  kitRangeInput,
  kitTypeCreateInput,
  shipmentCreateInput,
  shipmentInput,
  shipmentReceiveInput,
  subjectKitsInput,
  supplySettingsInput,
  supplyStudyInput,
  thresholdSetInput,
} from '@ctp/contracts';
import { actorOf, permitted, router } from '../../trpc.ts';
import { dispenseForVisit } from './dispense.ts';
import { dispensableVisits, listKits, subjectKits, supplyOverview } from './read.ts';
import { registerCsv, registerRange } from './register.ts';
import { addDepot, addKitType, setMargin } from './setup.ts';
import { createShipment, receiveShipment, shipShipment } from './shipments.ts';
import { setThreshold } from './thresholds.ts';

const manage = permitted('supply.manage');

export const supplyRouter = router({
  overview: permitted('supply.read').input(supplyStudyInput).query(({ ctx, input }) => supplyOverview(ctx, input.studyId)),
  kits: permitted('supply.read').input(kitListInput).query(({ ctx, input }) => listKits(ctx, input)),
  subjectKits: permitted('patient.read').input(subjectKitsInput).query(({ ctx, input }) => subjectKits(ctx, input.patientId)),
  dispensableVisits: permitted('patient.read').input(subjectKitsInput).query(({ ctx, input }) => dispensableVisits(ctx, input.patientId)),
  addKitType: manage.input(kitTypeCreateInput).mutation(({ ctx, input }) => addKitType(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  addDepot: manage.input(depotCreateInput).mutation(({ ctx, input }) => addDepot(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  setMargin: manage.input(supplySettingsInput).mutation(({ ctx, input }) => setMargin(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  registerRange: manage.input(kitRangeInput).mutation(({ ctx, input }) => registerRange(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  registerCsv: manage.input(kitCsvInput).mutation(({ ctx, input }) => registerCsv(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  createShipment: manage.input(shipmentCreateInput).mutation(({ ctx, input }) => createShipment(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  ship: manage.input(shipmentInput).mutation(({ ctx, input }) => shipShipment(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  receive: permitted('supply.receive')
    .input(shipmentReceiveInput)
    .mutation(({ ctx, input }) => receiveShipment(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  setThreshold: manage.input(thresholdSetInput).mutation(({ ctx, input }) => setThreshold(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  dispense: permitted('supply.dispense').input(dispenseInput).mutation(({ ctx, input }) => dispenseForVisit(ctx, input)),
});
