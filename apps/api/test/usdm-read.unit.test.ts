// Reading USDM 4.0 documents: the two CDISC examples (counts and values checked against the files by
// hand), timing and window arithmetic, activity-to-form mapping, and refusals with the offending path.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readUsdm } from '../src/modules/usdm/read.ts';
import { UsdmDocumentError } from '../src/modules/usdm/refusal.ts';
import { durationDays, studyDay, windowDays, durationSeconds } from '../src/modules/usdm/durations.ts';
import { scheduleDays } from '../src/modules/usdm/accept.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/usdm/${name}.json`, import.meta.url), 'utf8');
const observational = fixture('observational');
const devices = fixture('devices');

function refusal(text: string): UsdmDocumentError {
  try {
    readUsdm(text);
  } catch (err) {
    if (err instanceof UsdmDocumentError) return err;
    throw err;
  }
  throw new Error('the document was accepted');
}

function mutated(change: (doc: any) => void): string {
  const doc = JSON.parse(observational);
  change(doc);
  return JSON.stringify(doc);
}

describe('ISO 8601 durations', () => {
  it('reads days, weeks, hours and signs', () => {
    expect(durationDays('P2D')).toBe(2);
    expect(durationDays('-P2D')).toBe(-2);
    expect(durationDays('P2W')).toBe(14);
    expect(durationSeconds('PT15M')).toBe(900);
    expect(() => durationSeconds('2 days')).toThrow();
    expect(() => durationSeconds('P')).toThrow();
  });
  it('rounds study days to the nearest day and widens windows to whole days', () => {
    expect(studyDay(-900)).toBe(0);
    expect(studyDay(-2 * 86_400 - 900)).toBe(-2);
    expect(windowDays('PT4H')).toBe(1);
    expect(windowDays('PT0H')).toBe(0);
    expect(windowDays('P3D')).toBe(3);
    expect(windowDays('-P3D')).toBe(3);
    expect(windowDays(null)).toBe(0);
  });
});

describe('observational.json', () => {
  const p = readUsdm(observational);

  it('reads the study', () => {
    expect(p.usdmVersion).toBe('4.0.0');
    expect(p.study.title).toBe('Something Very Official');
    expect(p.study.acronym).toBe('SIMPLE');
    expect(p.study.identifiers.map((i) => i.text)).toEqual(['NCT12345678', 'AP1234', 'EU12345', 'IND12345', 'WHO12345']);
    expect(p.study.identifiers[0]!.scope).toBe('CT-GOV');
    expect(p.study.phase).toBe('Phase III');
    expect(p.study.therapeuticAreas.map((t) => t.decode)).toEqual(['Type 2 diabetes', 'Diabetes mellitus (disorder)']);
    expect(p.study.plannedEnrollment).toBe(120);
  });

  it('reads the trial design with its origins', () => {
    expect(p.arms.map((a) => [a.code, a.name])).toEqual([
      ['ACTIVE', 'Active Substance'],
      ['PLACEBO', 'Placebo'],
    ]);
    expect(p.arms[0]!.origin).toEqual({ id: 'StudyArm_1', name: 'Active', instanceType: 'StudyArm' });
    expect(p.epochs.map((e) => e.code)).toEqual(['SCREENING', 'BASELINE', 'TREATMENT', 'FOLLOW-UP']);
    expect(p.elements).toHaveLength(5);
    expect(p.elements[0]).toMatchObject({ code: 'EL1', name: 'Screening Element', startRule: 'Study Start', endRule: 'Screened' });
    expect(p.cells).toHaveLength(8);
    expect(p.cells.find((c) => c.armCode === 'PLACEBO' && c.epochCode === 'TREATMENT')!.elementCodes).toEqual(['EL5', 'EL3']);
  });

  it('computes study days and windows from the timings relative to the anchor', () => {
    const v = Object.fromEntries(p.visits.map((x) => [x.code, x]));
    expect(p.visits.map((x) => x.code)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
    // Screening is P2D before the baseline, which is PT15M before the dosing anchor.
    expect(v.E1).toMatchObject({ name: 'Screening', dayOffset: -2, windowBefore: 0, windowAfter: 0, unscheduled: false });
    expect(v.E2).toMatchObject({ dayOffset: 0, windowBefore: 1, windowAfter: 0 });
    expect(v.E3).toMatchObject({ dayOffset: 0, timing: 'Timing_3' });
    expect(v.E4).toMatchObject({ name: 'Day 14', dayOffset: 14, windowBefore: 1, windowAfter: 1 });
    expect(v.E6).toMatchObject({ name: 'Day 42', dayOffset: 42, windowBefore: 3, windowAfter: 3, conditional: false });
    // The decision "Check opt In by subject" goes to the follow-up without Day 28 when the subject opts out.
    expect(v.E5).toMatchObject({ dayOffset: 28, conditional: true });
  });

  it('maps activities to CDASH library forms or draft forms', () => {
    const f = Object.fromEntries(p.forms.map((x) => [x.name, x]));
    expect(p.forms.map((x) => x.name)).toEqual(['Demographics', 'Procedures', 'Optional Weight', 'Optional']);
    expect(f.Demographics).toMatchObject({ libraryDomain: 'DM', matchedFields: ['BRTHDAT', 'SEX', 'RACE'], visitCodes: ['E1'] });
    expect(f['Optional Weight']).toMatchObject({ libraryDomain: 'VS', matchedFields: ['VSWEIGHT'], visitCodes: ['E1', 'E4'] });
    expect(f.Optional).toMatchObject({ libraryDomain: 'VS', matchedFields: ['VSSYSBP', 'VSDIABP'], visitCodes: ['E5'] });
    expect(f.Procedures).toMatchObject({ libraryDomain: null, concepts: [], visitCodes: ['E1', 'E2', 'E3', 'E4', 'E6'] });
  });

  it('reads eligibility with unresolved parameters kept visible', () => {
    expect(p.criteria.map((c) => [c.code, c.kind])).toEqual([
      ['I1', 'inclusion'],
      ['I2', 'inclusion'],
      ['E1', 'exclusion'],
      ['E2', 'exclusion'],
      ['E3', 'exclusion'],
    ]);
    // The population's plannedAge the parameters point to is null in this document.
    expect(p.criteria[0]).toMatchObject({ text: 'Subjects shall be between [min_age] and [max_age]', unresolved: ['min_age', 'max_age'] });
    expect(p.criteria[2]!.text).toBe('Subjects has been treated with Drug A at any time in the past');
  });

  it('reads objectives and endpoints', () => {
    expect(p.objectives.map((o) => [o.level, o.endpoints.length])).toEqual([
      ['primary', 1],
      ['secondary', 2],
    ]);
    expect(p.objectives[0]!.endpoints[0]!.text).toBe('Clinical status assessed using a 7-category ordinal scale at Day 28');
  });
});

describe('unscheduled encounters', () => {
  it('marks an encounter without a timing path to the anchor and places it on the day of the visit before it', () => {
    const p = readUsdm(
      mutated((d) => {
        const design = d.study.versions[0].studyDesigns[0];
        const last = design.encounters[5];
        last.nextId = 'Encounter_7';
        design.encounters.push({ ...structuredClone(last), id: 'Encounter_7', name: 'UNS', label: 'Unscheduled visit', previousId: 'Encounter_6', nextId: null, scheduledAtId: null });
      }),
    );
    expect(p.visits.map((v) => [v.code, v.dayOffset, v.unscheduled])).toEqual([
      ['E1', -2, false],
      ['E2', 0, false],
      ['E3', 0, false],
      ['E4', 14, false],
      ['E5', 28, false],
      ['E6', 42, false],
      ['UNS', null, true],
    ]);
    expect(scheduleDays(p.visits)).toEqual([-2, 0, 0, 14, 28, 42, 42]);
  });
});

describe('devices.json', () => {
  const p = readUsdm(devices);

  it('reads the CDISC pilot study', () => {
    expect(p.study.code).toBe('H2Q-MC-LZZT');
    expect(p.study.phase).toBe('Phase II');
    expect(p.study.plannedEnrollment).toBe(300);
    expect([p.arms.length, p.epochs.length, p.elements.length, p.cells.length]).toEqual([3, 5, 7, 15]);
  });

  it('reads the 12 encounters in week steps from the dosing anchor', () => {
    expect(p.visits).toHaveLength(12);
    expect(p.visits.map((v) => v.dayOffset)).toEqual([-14, -2, 0, 14, 28, 42, 56, 84, 112, 140, 168, 182]);
    expect(p.visits.map((v) => v.windowAfter)).toEqual([0, 0, 0, 3, 3, 3, 3, 4, 4, 4, 4, 3]);
    expect(p.visits.every((v) => !v.unscheduled && !v.conditional)).toBe(true);
  });

  it('maps concepts, categories of lab tests and library names to forms', () => {
    const f = Object.fromEntries(p.forms.map((x) => [x.name, x]));
    expect(p.forms).toHaveLength(30);
    expect(f.Chemistry).toMatchObject({ libraryDomain: 'LB', category: 'Lab' });
    expect(f.Chemistry!.matchedFields).toEqual(['LBALT', 'LBALP', 'LBAST', 'LBCREAT', 'LBK', 'LBSODIUM']);
    // Albumin in urine has no field in the library form: listed, unmatched.
    expect(f.Chemistry!.concepts.find((c) => c.code === 'C64431')!.field).toBeNull();
    expect(f['Hemoglobin A1C']).toMatchObject({ libraryDomain: null, concepts: [{ code: 'C64849', field: null }] });
    expect(f['Medical history']!.libraryDomain).toBe('MH');
    expect(f['Vital signs / Temperature']!.visitCodes).toHaveLength(12);
  });

  it('resolves criterion parameters from the population', () => {
    expect(p.criteria[0]).toMatchObject({ code: 'I1', text: 'Subjects shall be between 50 Year and 100 Year', unresolved: [] });
    expect(p.criteria.filter((c) => c.kind === 'exclusion')).toHaveLength(1);
  });
});

describe('refusals name the offending path', () => {
  it('refuses what is not JSON or not USDM 4.0', () => {
    expect(refusal('{not json').message).toBe('The file is not JSON');
    expect(refusal('{"hello": 1}').message).toMatch(/not a USDM document/);
    expect(refusal(mutated((d) => (d.usdmVersion = '3.0.0'))).path).toBe('usdmVersion');
  });
  it('refuses a schema violation', () => {
    const err = refusal(mutated((d) => delete d.study.versions[0].studyDesigns[0].arms[1].name));
    expect(err.path).toBe('study.versions[0].studyDesigns[0].arms[1]');
    expect(err.message).toMatch(/'name'/);
  });
  it('refuses a dangling encounter reference', () => {
    const err = refusal(mutated((d) => (d.study.versions[0].studyDesigns[0].scheduleTimelines[0].instances[3].encounterId = 'Encounter_99')));
    expect(err.path).toBe('study.versions[0].studyDesigns[0].scheduleTimelines[0].instances[3].encounterId');
  });
  it('refuses a cycle of timings', () => {
    const err = refusal(
      mutated((d) => {
        const timings = d.study.versions[0].studyDesigns[0].scheduleTimelines[0].timings;
        timings[2].type = { ...timings[3].type }; // the anchor no longer fixed: Timing_3 -> itself
        timings[3].relativeToScheduledInstanceId = 'ScheduledActivityInstance_5';
        timings[4].relativeToScheduledInstanceId = 'ScheduledActivityInstance_4';
      }),
    );
    expect(err.message).toMatch(/cycle of timings/);
    expect(err.path).toMatch(/^study\.versions\[0\]\.studyDesigns\[0\]\.scheduleTimelines\[0\]\.timings\[\d\]\.relativeToScheduledInstanceId$/);
  });
  it('refuses a bad duration', () => {
    const err = refusal(mutated((d) => (d.study.versions[0].studyDesigns[0].scheduleTimelines[0].timings[3].value = 'two weeks')));
    expect(err.path).toBe('study.versions[0].studyDesigns[0].scheduleTimelines[0].timings[3].value');
  });
});
