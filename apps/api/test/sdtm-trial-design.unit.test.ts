// TA, TE and DM's arm variables from a trial design (SDTMIG 3.4), and what a blinded run writes instead
// (issue 30: arm variables blank, EPOCH the same whatever the arm), pure.
import { describe, expect, it } from 'vitest';
import { blindedDmArmVariables, dmArmVariables, trialArms, trialElements, type DesignArmInput } from '../src/modules/cdisc/sdtm/trial-design.ts';
import { blindedDesign, DEFAULT_STEPS, elementSpans, epochAt, epochDesign, stepsOf } from '../src/modules/cdisc/sdtm/epochs.ts';

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

describe('a blinded run', () => {
  const base = { status: 'enrolled', enrollmentDate: '2025-01-10', plannedArmCode: 'DRUG', plannedArm: 'Study drug', actualArmCode: 'DRUG', actualArm: 'Study drug' };

  it('writes DM arm variables blank and ARMNRS only where the full run says the subject has no arm or treatment', () => {
    expect(blindedDmArmVariables(base)).toEqual({ ARMCD: null, ARM: null, ACTARMCD: null, ACTARM: null, ARMNRS: null });
    expect(blindedDmArmVariables({ ...base, actualArmCode: null, actualArm: null }).ARMNRS).toBe('ASSIGNED, NOT TREATED');
    const none = { plannedArmCode: null, plannedArm: null, actualArmCode: null, actualArm: null };
    expect(blindedDmArmVariables({ ...none, status: 'withdrawn', enrollmentDate: null }).ARMNRS).toBe('SCREEN FAILURE');
    // whatever the arm, the same answer
    expect(blindedDmArmVariables({ ...base, plannedArmCode: 'PBO', actualArmCode: 'PBO' })).toEqual(blindedDmArmVariables(base));
  });

  const elements = [
    { code: 'SCRN', startRule: 'Informed consent', plannedDuration: 'P14D' },
    { code: 'DRUG', startRule: 'First dose of study treatment', plannedDuration: 'P28D' },
    { code: 'PBO', startRule: 'First dose of study treatment', plannedDuration: 'P28D' },
    { code: 'FU', startRule: 'Day after the last dose', plannedDuration: 'P14D' },
    { code: 'DRUG8', startRule: 'First dose of study treatment', plannedDuration: 'P56D' },
  ];
  const design = (second: string) =>
    epochDesign(
      [
        { code: 'DRUG', steps: [{ position: 1, elementCode: 'SCRN', epoch: 'SCREENING' }, { position: 2, elementCode: 'DRUG', epoch: 'TREATMENT' }, { position: 3, elementCode: 'FU', epoch: 'FOLLOW-UP' }] },
        { code: 'PBO', steps: [{ position: 1, elementCode: 'SCRN', epoch: 'SCREENING' }, { position: 2, elementCode: second, epoch: 'TREATMENT' }, { position: 3, elementCode: 'FU', epoch: 'FOLLOW-UP' }] },
      ],
      elements,
    );

  it('keeps the arms\' epochs when every arm has the same epochs, rules and durations (EPOCH as in the full run)', () => {
    const full = design('PBO');
    const { design: blind, shared } = blindedDesign(full);
    expect(shared).toBe(true);
    const anchors = { consent: '2025-01-01', referenceStart: '2025-01-10', firstDose: '2025-01-10', lastDose: null };
    for (const arm of ['DRUG', 'PBO']) {
      for (const d of ['2025-01-05', '2025-01-20', '2025-02-20']) {
        expect(epochAt(d, elementSpans(stepsOf(blind, arm, arm), anchors))).toBe(epochAt(d, elementSpans(stepsOf(full, arm, arm), anchors)));
      }
    }
    expect(blind.arms.size).toBe(0);
  });

  it('falls back to screening, treatment and follow-up by exposure when the arms differ in duration', () => {
    const { design: blind, shared } = blindedDesign(design('DRUG8'));
    expect(shared).toBe(false);
    expect(stepsOf(blind, 'DRUG', 'DRUG')).toBe(DEFAULT_STEPS);
    expect(stepsOf(blind, 'PBO', 'PBO')).toBe(DEFAULT_STEPS);
  });
});
