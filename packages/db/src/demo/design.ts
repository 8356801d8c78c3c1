// The demo studies' trial design: a randomised two-arm design over the demo visit schedule (screening
// from the selection visit, 28 days of study drug or placebo from Day 0, follow-up to the Day 90 end).
// Deterministic and free of the random stream, so adding it left every other demo figure as it was.
import type { Tx } from '../actor.ts';

const ELEMENTS = [
  { code: 'SCRN', name: 'Screening', startRule: 'Informed consent signed', endRule: 'Randomisation at Day 0', plannedDuration: 'P14D' },
  { code: 'DRUG', name: 'Study drug', startRule: 'First dose of study drug at Day 0', endRule: 'Last dose of study drug at Day 28', plannedDuration: 'P28D' },
  { code: 'PBO', name: 'Placebo', startRule: 'First dose of placebo at Day 0', endRule: 'Last dose of placebo at Day 28', plannedDuration: 'P28D' },
  { code: 'FU', name: 'Follow-up', startRule: 'Day after the last dose', endRule: 'Study end visit at Day 90', plannedDuration: 'P62D' },
] as const;

const ARMS = [
  { code: 'DRUG', name: 'Study drug', description: 'Study drug once daily for 28 days', treatment: 'DRUG' },
  { code: 'PLACEBO', name: 'Placebo', description: 'Matching placebo once daily for 28 days', treatment: 'PBO' },
] as const;

/** Inserts the design of one study; returns its arm ids in order (the randomisation's arms). */
export async function seedStudyDesign(tx: Tx, studyId: number): Promise<number[]> {
  const elements = await tx
    .insertInto('trialElements')
    .values(ELEMENTS.map((e) => ({ studyId, ...e })))
    .returning(['id', 'code'])
    .execute();
  const elementId = new Map(elements.map((e) => [e.code, e.id]));
  const arms = await tx
    .insertInto('trialArms')
    .values(ARMS.map((a, k) => ({ studyId, code: a.code, name: a.name, description: a.description, sortOrder: k + 1 })))
    .returning(['id', 'code'])
    .execute();
  const armIds = ARMS.map((a) => arms.find((r) => r.code === a.code)!.id);
  await tx
    .insertInto('trialArmElements')
    .values(
      ARMS.flatMap((a, k) => [
        { studyId, armId: armIds[k]!, position: 1, elementId: elementId.get('SCRN')!, epoch: 'SCREENING', branch: `Randomised to ${a.name}`, transitionRule: null },
        { studyId, armId: armIds[k]!, position: 2, elementId: elementId.get(a.treatment)!, epoch: 'TREATMENT', branch: null, transitionRule: null },
        { studyId, armId: armIds[k]!, position: 3, elementId: elementId.get('FU')!, epoch: 'FOLLOW-UP', branch: null, transitionRule: null },
      ]),
    )
    .execute();
  return armIds;
}
