// design.*: a study's trial design (arms, elements, each arm's element sequence) and a subject's arm.
// Anyone who may see the study reads the design; admins and study managers change it; the staff who
// may change a subject's status assign its arm (scope: the subject's study and site). In a blinded study
// only administrators and study managers read or assign subjects' arms (blinding.ts).
import {
  armCreateInput,
  armSequenceInput,
  armUpdateInput,
  designDeleteInput,
  elementCreateInput,
  elementUpdateInput,
  studyDesignInput,
  subjectArmInput,
  subjectArmQueryInput,
} from '@ctp/contracts';
import { router, permitted, actorOf } from '../../trpc.ts';
import { studyDesign } from './read.ts';
import { createArm, deleteArm, updateArm } from './arms.ts';
import { createElement, deleteElement, updateElement } from './elements.ts';
import { setArmSequence } from './sequence.ts';
import { assignArm, subjectArm } from './assign.ts';

const read = permitted('study.read');
const manage = permitted('design.manage');

export const designRouter = router({
  byStudy: read.input(studyDesignInput).query(({ ctx, input }) => studyDesign(ctx.db, ctx.scope, input.studyId)),
  createArm: manage.input(armCreateInput).mutation(({ ctx, input }) => createArm(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  updateArm: manage.input(armUpdateInput).mutation(({ ctx, input }) => updateArm(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  deleteArm: manage.input(designDeleteInput).mutation(({ ctx, input }) => deleteArm(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  createElement: manage.input(elementCreateInput).mutation(({ ctx, input }) => createElement(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  updateElement: manage.input(elementUpdateInput).mutation(({ ctx, input }) => updateElement(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  deleteElement: manage.input(designDeleteInput).mutation(({ ctx, input }) => deleteElement(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  setArmSequence: manage.input(armSequenceInput).mutation(({ ctx, input }) => setArmSequence(ctx.db, actorOf(ctx, input.reason), ctx.scope, input)),
  subjectArm: permitted('patient.read').input(subjectArmQueryInput).query(({ ctx, input }) => subjectArm(ctx.db, ctx.user, ctx.scope, input.patientId)),
  assignArm: permitted('patient.updateStatus').input(subjectArmInput).mutation(({ ctx, input }) => assignArm(ctx.db, actorOf(ctx, input.reason), ctx.user, ctx.scope, input)),
});
