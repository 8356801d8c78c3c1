// The trial design datasets from the study's design, and DM's arm variables from a subject's arms
// (SDTMIG 3.4). Pure: the generation job loads the design (design/read.ts) and the subjects' arms.
//   TA  one record per arm and element step: ARMCD, ARM, TAETORD (the step's position), ETCD, ELEMENT,
//       TABRANCH, TATRANS, EPOCH; arms in their display order, steps in sequence order.
//   TE  one record per element: ETCD, ELEMENT, TESTRL, TEENRL, TEDUR; by element code.
//   DM  ARMCD/ARM the planned (randomised) arm, ACTARMCD/ACTARM the actual one; ARMNRS the reason they
//       are null: SCREEN FAILURE (withdrawn before enrolment), NOT ASSIGNED (no planned arm yet),
//       ASSIGNED, NOT TREATED (a planned arm but no actual one); null when both are set.
import type { SdtmRecord } from './derive.ts';

export interface DesignArmStep {
  position: number;
  elementCode: string;
  elementName: string;
  epoch: string;
  branch: string | null;
  transition: string | null;
}
export interface DesignArmInput {
  code: string;
  name: string;
  order: number;
  steps: DesignArmStep[];
}
export interface DesignElementInput {
  code: string;
  name: string;
  startRule: string;
  endRule: string | null;
  plannedDuration: string | null;
}

export function trialArms(studyCode: string, arms: DesignArmInput[]): SdtmRecord[] {
  const ordered = [...arms].sort((a, b) => a.order - b.order || a.code.localeCompare(b.code));
  return ordered.flatMap((arm) =>
    [...arm.steps]
      .sort((a, b) => a.position - b.position)
      .map((s) => ({
        STUDYID: studyCode,
        DOMAIN: 'TA',
        ARMCD: arm.code,
        ARM: arm.name,
        TAETORD: s.position,
        ETCD: s.elementCode,
        ELEMENT: s.elementName,
        TABRANCH: s.branch,
        TATRANS: s.transition,
        EPOCH: s.epoch,
      })),
  );
}

export function trialElements(studyCode: string, elements: DesignElementInput[]): SdtmRecord[] {
  return [...elements]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((e) => ({
      STUDYID: studyCode,
      DOMAIN: 'TE',
      ETCD: e.code,
      ELEMENT: e.name,
      TESTRL: e.startRule,
      TEENRL: e.endRule,
      TEDUR: e.plannedDuration,
    }));
}

export interface SubjectArms {
  status: string;
  enrollmentDate: string | null;
  plannedArmCode?: string | null;
  plannedArm?: string | null;
  actualArmCode?: string | null;
  actualArm?: string | null;
}

export type ArmNotAssignedReason = 'SCREEN FAILURE' | 'NOT ASSIGNED' | 'ASSIGNED, NOT TREATED';

/** A subject who left during screening, never enrolled. */
export const isScreenFailure = (s: Pick<SubjectArms, 'status' | 'enrollmentDate'>) => s.status === 'withdrawn' && !s.enrollmentDate;

export function dmArmVariables(s: SubjectArms): { ARMCD: string | null; ARM: string | null; ACTARMCD: string | null; ACTARM: string | null; ARMNRS: ArmNotAssignedReason | null } {
  const planned = s.plannedArmCode ? { ARMCD: s.plannedArmCode, ARM: s.plannedArm ?? null } : { ARMCD: null, ARM: null };
  const actual = s.plannedArmCode && s.actualArmCode ? { ACTARMCD: s.actualArmCode, ACTARM: s.actualArm ?? null } : { ACTARMCD: null, ACTARM: null };
  const ARMNRS: ArmNotAssignedReason | null = !planned.ARMCD
    ? isScreenFailure(s)
      ? 'SCREEN FAILURE'
      : 'NOT ASSIGNED'
    : !actual.ACTARMCD
      ? 'ASSIGNED, NOT TREATED'
      : null;
  return { ...planned, ...actual, ARMNRS };
}

/** DM's arm variables in a blinded run (issue 30): ARM, ARMCD, ACTARM, ACTARMCD blank. ARMNRS keeps only
 *  what it says of a subject without an arm (screen failure, not assigned), which tells no arm; a subject
 *  with an arm gets none, since no ARMNRS term means "blinded" and a false reason would mislead
 *  (CORE-000045/46/223/224 then report the blank arms, as the README explains). "ASSIGNED, NOT TREATED" is
 *  kept too: it says the subject was not treated, not with what. */
export function blindedDmArmVariables(s: SubjectArms): ReturnType<typeof dmArmVariables> {
  const { ARMNRS } = dmArmVariables(s);
  return { ARMCD: null, ARM: null, ACTARMCD: null, ACTARM: null, ARMNRS };
}
