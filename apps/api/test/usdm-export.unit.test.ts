// The USDM export: valid against the USDM 4.0 schema (ajv with the shipped USDM_API.json), and read back
// by the importer into the same design, visit windows and forms-due map, field by field.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { buildUsdm } from '../src/modules/usdm/export/build.ts';
import type { ExportStudy } from '../src/modules/usdm/export/study-data.ts';
import { readUsdm } from '../src/modules/usdm/read.ts';
import { scheduleDays } from '../src/modules/usdm/accept.ts';

const api = JSON.parse(fs.readFileSync(new URL('./fixtures/usdm/USDM_API.json', import.meta.url), 'utf8')) as {
  components: Record<string, unknown>;
};

function validator(root: string) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addFormat('uuid', /^[0-9a-f-]{36}$/i);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addSchema({ $id: 'usdm', components: api.components });
  return ajv.compile({ $ref: `usdm#/components/schemas/${root}` });
}

const study: ExportStudy = {
  study: { code: 'CARD-2026-001', title: 'A cardiology study', description: 'Blood pressure over 12 weeks', phase: 'Phase II', therapeuticArea: 'Cardiology', targetEnrollment: 80, sponsorName: 'Heart Pharma' },
  elements: [
    { code: 'SCRN', name: 'Screening', startRule: 'Informed consent', endRule: 'Eligible' },
    { code: 'DRUG', name: 'Drug A', startRule: 'First dose', endRule: 'Week 12' },
    { code: 'PBO', name: 'Placebo', startRule: 'First dose', endRule: 'Week 12' },
    { code: 'FU', name: 'Follow-up', startRule: 'Last dose', endRule: 'Last visit' },
  ],
  arms: [
    { code: 'A', name: 'Drug A', description: 'Active', steps: [{ elementCode: 'SCRN', epoch: 'SCREENING' }, { elementCode: 'DRUG', epoch: 'TREATMENT' }, { elementCode: 'FU', epoch: 'FOLLOW-UP' }] },
    { code: 'P', name: 'Placebo', description: null, steps: [{ elementCode: 'SCRN', epoch: 'SCREENING' }, { elementCode: 'PBO', epoch: 'TREATMENT' }, { elementCode: 'FU', epoch: 'FOLLOW-UP' }] },
  ],
  visits: [
    { code: 'SCR', name: 'Screening', dayOffset: -14, windowBefore: 3, windowAfter: 0 },
    { code: 'D0', name: 'Baseline', dayOffset: 0, windowBefore: 0, windowAfter: 0 },
    { code: 'W4', name: 'Week 4', dayOffset: 28, windowBefore: 3, windowAfter: 3 },
    { code: 'W12', name: 'Week 12', dayOffset: 84, windowBefore: 7, windowAfter: 7 },
  ],
  forms: [
    { name: 'Demographics', description: null, libraryDomain: 'DM', fieldCodes: ['DMDAT', 'BRTHDAT', 'SEX', 'ETHNIC', 'RACE'], visitCodes: ['SCR'] },
    { name: 'Vital Signs', description: null, libraryDomain: 'VS', fieldCodes: ['VSDAT', 'VSSYSBP', 'VSDIABP', 'VSPULSE', 'VSWEIGHT'], visitCodes: ['SCR', 'D0', 'W4', 'W12'] },
    { name: 'Adverse Events', description: null, libraryDomain: 'AE', fieldCodes: ['AEYN', 'AELOG'], visitCodes: ['W4', 'W12'] },
    { name: 'Medical History', description: null, libraryDomain: 'MH', fieldCodes: ['MHYN', 'MHLOG'], visitCodes: ['SCR'] },
    { name: 'Six-minute walk', description: 'Distance walked', libraryDomain: null, fieldCodes: [], visitCodes: ['D0', 'W12'] },
  ],
  criteria: [
    { kind: 'inclusion', code: 'I1', text: 'Adults aged 18 to 75 years' },
    { kind: 'inclusion', code: 'I2', text: 'Systolic blood pressure of 140 mmHg or more' },
    { kind: 'exclusion', code: 'E1', text: 'Pregnancy' },
  ],
  objectives: [{ level: 'primary', text: 'Lower blood pressure', endpoints: [{ level: 'primary', text: 'Change in systolic blood pressure at week 12', purpose: 'Efficacy' }] }],
};

describe('USDM export', () => {
  const doc = buildUsdm(study, '2.0.1');

  it('is valid against the USDM 4.0 schema (Wrapper root, output and input)', () => {
    for (const root of ['Wrapper-Output', 'Wrapper-Input']) {
      const v = validator(root);
      const ok = v(doc);
      expect(v.errors ?? [], root).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('refuses nothing it wrote: a broken export is caught by the schema', () => {
    const broken = structuredClone(doc) as any;
    delete broken.study.versions[0].studyDesigns[0].population;
    expect(validator('Wrapper-Output')(broken)).toBe(false);
  });

  it('reads back into the same design, visit windows and forms-due map', () => {
    const p = readUsdm(JSON.stringify(doc));
    expect(p.study).toMatchObject({ code: 'CARD-2026-001', title: 'A cardiology study', phase: 'Phase II', plannedEnrollment: 80 });
    expect(p.study.therapeuticAreas.map((t) => t.decode)).toEqual(['Cardiology']);
    expect(p.arms.map((a) => ({ code: a.code, name: a.name, description: a.description }))).toEqual(study.arms.map(({ steps: _s, ...a }) => a));
    expect(p.elements.map((e) => ({ code: e.code, name: e.name, startRule: e.startRule, endRule: e.endRule }))).toEqual(study.elements);
    // Each arm's element sequence with epochs, as accept writes it from the cells.
    const order = new Map(p.epochs.map((e, i) => [e.code, i]));
    for (const arm of study.arms) {
      const steps = p.cells
        .filter((c) => c.armCode === arm.code)
        .sort((a, b) => order.get(a.epochCode)! - order.get(b.epochCode)!)
        .flatMap((c) => c.elementCodes.map((elementCode) => ({ elementCode, epoch: c.epochCode })));
      expect(steps).toEqual(arm.steps);
    }
    const days = scheduleDays(p.visits);
    expect(p.visits.map((v, i) => ({ code: v.code, name: v.name, dayOffset: days[i], windowBefore: v.windowBefore, windowAfter: v.windowAfter }))).toEqual(study.visits);
    expect(p.forms.map((f) => ({ name: f.name, libraryDomain: f.libraryDomain, visitCodes: f.visitCodes }))).toEqual(
      study.forms.map((f) => ({ name: f.name, libraryDomain: f.libraryDomain, visitCodes: f.visitCodes })),
    );
    expect(p.forms.find((f) => f.name === 'Vital Signs')!.matchedFields).toEqual(['VSSYSBP', 'VSDIABP', 'VSPULSE', 'VSWEIGHT']);
    expect(p.criteria.map((c) => ({ kind: c.kind, code: c.code, text: c.text }))).toEqual(study.criteria);
    expect(p.objectives.map((o) => ({ level: o.level, text: o.text, endpoints: o.endpoints.map((e) => ({ level: e.level, text: e.text, purpose: e.purpose })) }))).toEqual(study.objectives);
  });

  it('adds a day-0 anchor when no visit is on day 0, and reads the same days back', () => {
    const shifted: ExportStudy = { ...study, visits: study.visits.map((v) => ({ ...v, dayOffset: v.dayOffset + 1 })) };
    const out = buildUsdm(shifted, '2.0.1');
    expect(validator('Wrapper-Output')(out)).toBe(true);
    const p = readUsdm(JSON.stringify(out));
    expect(p.visits.map((v) => v.dayOffset)).toEqual([-13, 1, 29, 85]);
  });
});
