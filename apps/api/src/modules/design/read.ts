// design.byStudy: a study's arms, each with its element sequence in order, and its elements, with how
// many subjects each arm has and how many arms use each element (the screen explains refused deletions).
import type { Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { assertStudyInScope } from './scope.ts';

export interface DesignStep {
  position: number;
  elementId: number;
  elementCode: string;
  elementName: string;
  epoch: string;
  branch: string | null;
  transition: string | null;
}
export interface DesignArm {
  id: number;
  code: string;
  name: string;
  description: string | null;
  order: number;
  version: number;
  subjects: number;
  steps: DesignStep[];
}
export interface DesignElement {
  id: number;
  code: string;
  name: string;
  startRule: string;
  endRule: string | null;
  plannedDuration: string | null;
  version: number;
  usedByArms: number;
}
export interface StudyDesign {
  studyId: number;
  arms: DesignArm[];
  elements: DesignElement[];
}

/** The design without a scope check (SDTM generation and the service below). */
export async function loadDesign(db: Db, studyId: number): Promise<StudyDesign> {
  const [arms, elements, steps] = await Promise.all([
    db
      .selectFrom('trialArms as a')
      .select((eb) => [
        'a.id', 'a.code', 'a.name', 'a.description', 'a.sortOrder as order', 'a.version',
        eb.selectFrom('patients as p').select((sb) => sb.fn.countAll<number>().as('n'))
          .where((w) => w.or([w('p.plannedArmId', '=', w.ref('a.id')), w('p.actualArmId', '=', w.ref('a.id'))]))
          .as('subjects'),
      ])
      .where('a.studyId', '=', studyId)
      .orderBy('a.sortOrder')
      .orderBy('a.code')
      .execute(),
    db
      .selectFrom('trialElements as e')
      .select((eb) => [
        'e.id', 'e.code', 'e.name', 'e.startRule', 'e.endRule', 'e.plannedDuration', 'e.version',
        eb.selectFrom('trialArmElements as s').select((sb) => sb.fn.count<number>('s.armId').distinct().as('n')).whereRef('s.elementId', '=', 'e.id').as('usedByArms'),
      ])
      .where('e.studyId', '=', studyId)
      .orderBy('e.code')
      .execute(),
    db
      .selectFrom('trialArmElements as s')
      .innerJoin('trialElements as e', 'e.id', 's.elementId')
      .select(['s.armId', 's.position', 's.elementId', 'e.code as elementCode', 'e.name as elementName', 's.epoch', 's.branch', 's.transitionRule as transition'])
      .where('s.studyId', '=', studyId)
      .orderBy('s.armId')
      .orderBy('s.position')
      .execute(),
  ]);
  return {
    studyId,
    arms: arms.map((a) => ({
      ...a,
      subjects: Number(a.subjects ?? 0),
      steps: steps.filter((s) => s.armId === a.id).map(({ armId: _, ...s }) => s),
    })),
    elements: elements.map((e) => ({ ...e, usedByArms: Number(e.usedByArms ?? 0) })),
  };
}

export async function studyDesign(db: Db, scope: StudyScope, studyId: number): Promise<StudyDesign> {
  await assertStudyInScope(db, scope, studyId);
  return loadDesign(db, studyId);
}
