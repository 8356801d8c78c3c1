// TA, TE and DM's arm variables from a trial design (SDTMIG 3.4), pure.
import { describe, expect, it } from 'vitest';
import { dmArmVariables, trialArms, trialElements, type DesignArmInput } from '../src/modules/cdisc/sdtm/trial-design.ts';

const arm = (code: string, order: number, steps: [number, string, string][]): DesignArmInput => ({
  code,
  name: `${code} arm`,
  order,
  steps: steps.map(([position, elementCode, epoch]) => ({ position, elementCode, elementName: `${elementCode} element`, epoch, branch: position === 1 ? `Randomised to ${code}` : null, transition: null })),
});

describe('TA', () => {
  it('has one record per arm and step, arms in their order and steps by TAETORD', () => {
    const ta = trialArms('ABC-1', [
      arm('PBO', 2, [[2, 'PBO', 'TREATMENT'], [1, 'SCRN', 'SCREENING']]),
      arm('DRUG', 1, [[1, 'SCRN', 'SCREENING'], [2, 'DRUG', 'TREATMENT'], [3, 'FU', 'FOLLOW-UP']]),
    ]);
    expect(ta.map((r) => [r.ARMCD, r.TAETORD, r.ETCD, r.EPOCH])).toEqual([
      ['DRUG', 1, 'SCRN', 'SCREENING'],
      ['DRUG', 2, 'DRUG', 'TREATMENT'],
      ['DRUG', 3, 'FU', 'FOLLOW-UP'],
      ['PBO', 1, 'SCRN', 'SCREENING'],
      ['PBO', 2, 'PBO', 'TREATMENT'],
    ]);
    expect(ta[0]).toEqual({ STUDYID: 'ABC-1', DOMAIN: 'TA', ARMCD: 'DRUG', ARM: 'DRUG arm', TAETORD: 1, ETCD: 'SCRN', ELEMENT: 'SCRN element', TABRANCH: 'Randomised to DRUG', TATRANS: null, EPOCH: 'SCREENING' });
  });

  it('is empty for arms without steps', () => {
    expect(trialArms('ABC-1', [arm('DRUG', 1, [])])).toEqual([]);
  });
});

describe('TE', () => {
  it('has one record per element by code, with its rules and ISO 8601 duration', () => {
    const te = trialElements('ABC-1', [
      { code: 'TRT', name: 'Treatment', startRule: 'First dose', endRule: null, plannedDuration: 'P28D' },
      { code: 'SCRN', name: 'Screening', startRule: 'Informed consent', endRule: 'Randomisation', plannedDuration: null },
    ]);
    expect(te).toEqual([
      { STUDYID: 'ABC-1', DOMAIN: 'TE', ETCD: 'SCRN', ELEMENT: 'Screening', TESTRL: 'Informed consent', TEENRL: 'Randomisation', TEDUR: null },
      { STUDYID: 'ABC-1', DOMAIN: 'TE', ETCD: 'TRT', ELEMENT: 'Treatment', TESTRL: 'First dose', TEENRL: null, TEDUR: 'P28D' },
    ]);
  });
});

describe('DM arm variables', () => {
  const base = { status: 'enrolled', enrollmentDate: '2025-01-10', plannedArmCode: 'DRUG', plannedArm: 'Study drug', actualArmCode: 'DRUG', actualArm: 'Study drug' };

  it('sets ARMCD/ARM and ACTARMCD/ACTARM and leaves ARMNRS null when both are assigned', () => {
    expect(dmArmVariables(base)).toEqual({ ARMCD: 'DRUG', ARM: 'Study drug', ACTARMCD: 'DRUG', ACTARM: 'Study drug', ARMNRS: null });
    expect(dmArmVariables({ ...base, actualArmCode: 'PBO', actualArm: 'Placebo' })).toMatchObject({ ARMCD: 'DRUG', ACTARMCD: 'PBO', ARMNRS: null });
  });

  it('says ASSIGNED, NOT TREATED with a planned arm but no actual one', () => {
    expect(dmArmVariables({ ...base, actualArmCode: null, actualArm: null })).toEqual({ ARMCD: 'DRUG', ARM: 'Study drug', ACTARMCD: null, ACTARM: null, ARMNRS: 'ASSIGNED, NOT TREATED' });
  });

  it('says SCREEN FAILURE for a subject withdrawn before enrolment, NOT ASSIGNED otherwise', () => {
    const none = { plannedArmCode: null, plannedArm: null, actualArmCode: null, actualArm: null };
    expect(dmArmVariables({ ...none, status: 'withdrawn', enrollmentDate: null })).toEqual({ ARMCD: null, ARM: null, ACTARMCD: null, ACTARM: null, ARMNRS: 'SCREEN FAILURE' });
    expect(dmArmVariables({ ...none, status: 'screening', enrollmentDate: null }).ARMNRS).toBe('NOT ASSIGNED');
    expect(dmArmVariables({ ...none, status: 'withdrawn', enrollmentDate: '2025-01-10' }).ARMNRS).toBe('NOT ASSIGNED');
  });

  it('never reports an actual arm without a planned one', () => {
    expect(dmArmVariables({ ...base, plannedArmCode: null, plannedArm: null })).toMatchObject({ ARMCD: null, ACTARMCD: null, ARMNRS: 'NOT ASSIGNED' });
  });
});
