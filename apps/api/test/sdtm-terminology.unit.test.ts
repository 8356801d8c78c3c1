// Controlled terminology in SDTM generation: the shipped CT subset's lookups (submission value, decode,
// synonyms, case and spacing), unit names and conversions to the standard unit, and a user-built form
// whose codes and units are not CDISC's (severity 1/2/3, weight in lbs, temperature in °F, "sitting")
// coming out as CT submission values with --TEST from CT and standard results; the run's notes count what
// was recoded or left, never the values. Then what define.xml gets from a dataset's values: the terms
// used with their C-codes and decodes, and value-level metadata per test code.
import { describe, expect, it } from 'vitest';
import { codeList, CT_VERSION, findTerm, standardUnitOf } from '../src/modules/cdisc/terminology/ct.ts';
import { standardResult, standardUnitName } from '../src/modules/cdisc/terminology/units.ts';
import { RecodeLog } from '../src/modules/cdisc/terminology/recode.ts';
import { subjectRecords, type Catalogue, type CatalogueVariable } from '../src/modules/cdisc/sdtm/domains.ts';
import type { FieldTarget } from '../src/modules/cdisc/sdtm/targets.ts';
import { parseTarget } from '../src/modules/cdisc/sdtm/derive.ts';
import { ValueMetadataCollector } from '../src/modules/cdisc/sdtm/value-metadata.ts';
import { codeListTermsOf, valueLevelOf } from '../src/modules/cdisc/sdtm/define-terms.ts';

describe('the shipped CT subset', () => {
  it('has the common SDTM code lists with NCI codes and a version', () => {
    expect(CT_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(codeList('C66731')).toMatchObject({ name: 'SEX' });
    expect(codeList('C66741')).toMatchObject({ name: 'VSTESTCD' });
    expect(codeList('C66742')!.terms.map((t) => t.value)).toEqual(expect.arrayContaining(['N', 'Y']));
    expect(codeList('C00000')).toBeUndefined();
  });

  it('finds a term by submission value, decode or synonym, ignoring case and spacing', () => {
    expect(findTerm('C66731', 'M')).toMatchObject({ term: { value: 'M', code: 'C20197' }, how: 'value' });
    expect(findTerm('C66731', 'Male')).toMatchObject({ term: { value: 'M' }, how: 'decode' });
    expect(findTerm('C66731', ' female ')?.term.value).toBe('F');
    expect(findTerm('C66770', 'bpm')?.term.value).toBe('beats/min');
    expect(findTerm('C71148', 'sitting')?.term.value).toBe('SITTING');
    expect(findTerm('C66769', '2', ['Moderate'])?.term.value).toBe('MODERATE');
    expect(findTerm('C66731', 'Martian')).toBeNull();
    expect(findTerm(null, 'M')).toBeNull();
  });

  it('knows standard units of findings tests from the biomedical concepts', () => {
    expect(standardUnitOf('VS', 'SYSBP')).toBe('mmHg');
    expect(standardUnitOf('LB', 'GLUC')).toBe('mmol/L');
    expect(standardUnitOf('VS', 'NOPE')).toBeUndefined();
  });
});

describe('units', () => {
  it('names collected units as CT UNIT values', () => {
    expect(standardUnitName('mm Hg')).toEqual({ value: 'mmHg', known: true });
    expect(standardUnitName('lbs')).toEqual({ value: 'LB', known: true });
    expect(standardUnitName('°F')).toEqual({ value: 'F', known: true });
    expect(standardUnitName('kg')).toEqual({ value: 'kg', known: true });
    expect(standardUnitName('furlongs')).toEqual({ value: 'furlongs', known: false });
  });

  it('converts to the standard unit when units alone decide, keeping the precision sensible', () => {
    expect(standardResult('VS', 'WEIGHT', '180', 180, 'LB')).toEqual({ stresn: 81.65, stresc: '81.65', stresu: 'kg' });
    expect(standardResult('VS', 'TEMP', '98.6', 98.6, 'F')).toEqual({ stresn: 37, stresc: '37', stresu: 'C' });
    expect(standardResult('VS', 'HEIGHT', '70', 70, 'in')).toEqual({ stresn: 177.8, stresc: '177.8', stresu: 'cm' });
    expect(standardResult('VS', 'SYSBP', '120', 120, 'mmHg')).toEqual({ stresn: 120, stresc: '120', stresu: 'mmHg' });
    // glucose mg/dL -> mmol/L needs the molar mass: not guessed
    expect(standardResult('LB', 'GLUC', '90', 90, 'mg/dL')).toEqual({ stresn: 90, stresc: '90', stresu: 'mg/dL', unconverted: 'LB.GLUC: no conversion from mg/dL to mmol/L' });
  });
});

// A catalogue slice as the generation loads it (name, label, type, order, core, code list).
const v = (name: string, ordinal: number, type: 'Char' | 'Num' = 'Char', codelist: string | null = null): CatalogueVariable => ({ name, label: name, type, ordinal, core: 'Exp', codelist });
const catalogue: Catalogue = new Map([
  ['VS', new Map([v('VSTESTCD', 1, 'Char', 'C66741'), v('VSTEST', 2, 'Char', 'C67153'), v('VSPOS', 3, 'Char', 'C71148'), v('VSORRES', 4), v('VSORRESU', 5, 'Char', 'C66770'), v('VSSTRESC', 6), v('VSSTRESN', 7, 'Num'), v('VSSTRESU', 8, 'Char', 'C66770'), v('VSDTC', 9)].map((x) => [x.name, x]))],
  ['AE', new Map([v('AETERM', 1), v('AESEV', 2, 'Char', 'C66769'), v('AESTDTC', 3)].map((x) => [x.name, x]))],
  ['DM', new Map([v('SEX', 1, 'Char', 'C66731')].map((x) => [x.name, x]))],
]);
const field = (code: string, target: string, type: string, extra: Partial<FieldTarget> = {}): FieldTarget => ({ path: code, group: null, code, label: code, type, target: parseTarget(target)!, ...extra });
const targets: FieldTarget[] = [
  field('WT', 'VS.VSORRES where VSTESTCD = WEIGHT', 'decimal', { label: 'Body weight', unit: 'lbs' }),
  field('TEMPF', 'VS.VSORRES where VSTESTCD = TEMP', 'decimal', { label: 'Temp', unit: '°F' }),
  field('POS', 'VS.VSPOS where VSTESTCD in (WEIGHT, TEMP)', 'singleChoice', { choices: [{ code: 'sit', label: 'Sitting' }, { code: 'lie', label: 'Lying down' }] }),
  field('SEV', 'AE.AESEV', 'singleChoice', { choices: [{ code: '1', label: 'Mild' }, { code: '2', label: 'Moderate' }, { code: '3', label: 'Severe' }] }),
  field('TERM', 'AE.AETERM', 'text'),
];
const study = { id: 1, code: 'ST1', title: 'Study', phase: 'Phase II', startDate: null, plannedEndDate: null, targetEnrollment: 10, sponsorName: null };

function generate(data: Record<string, unknown>[], log: RecodeLog) {
  return subjectRecords(
    { study, catalogue, visitDefs: new Map(), targets: () => targets, coding: new Map(), terminology: log, note: () => undefined },
    {
      subject: { id: 1, subjectCode: '001', siteNumber: '01', country: 'France', yearOfBirth: 1970, sex: 'F', ethnicity: null, status: 'enrolled', screeningDate: '2025-01-01', enrollmentDate: '2025-01-05', completionDate: null, withdrawalDate: null },
      visits: [],
      submissions: data.map((d, i) => ({ id: i + 1, formId: 1, formVersionId: 1, subjectVisitId: null, visitDate: '2025-01-10', data: d })),
    },
  );
}

describe('recoding a user-built form to CT', () => {
  const log = new RecodeLog();
  const out = generate([{ WT: 180, TEMPF: 98.6, POS: 'sit', SEV: '2', TERM: 'Headache' }, { SEV: '9', TERM: 'Rash' }], log);

  it('writes findings with --TEST from CT, CT units and standard results', () => {
    const vs = out.get('VS')!;
    const weight = vs.find((r) => r.VSTESTCD === 'WEIGHT')!;
    expect(weight).toMatchObject({ VSTEST: 'Weight', VSORRES: '180', VSORRESU: 'LB', VSSTRESN: 81.65, VSSTRESC: '81.65', VSSTRESU: 'kg', VSPOS: 'SITTING' });
    const temp = vs.find((r) => r.VSTESTCD === 'TEMP')!;
    expect(temp).toMatchObject({ VSORRESU: 'F', VSSTRESN: 37, VSSTRESU: 'C', VSPOS: 'SITTING' });
  });

  it('recodes choice codes through their labels, keeps unknown ones and counts them', () => {
    const ae = out.get('AE')!;
    expect(ae.map((r) => r.AESEV)).toEqual(['MODERATE', '9']);
    const notes = log.notes();
    expect(notes).toContain('AE.AESEV (AESEV): 1 value not in the shipped CT subset, kept as collected');
    expect(notes.find((n) => n.includes('recoded to CDISC CT'))).toMatch(/^\d+ collected values recoded/);
    // notes never carry the values
    for (const n of notes) expect(n).not.toMatch(/Headache|Rash|180|98\.6/);
  });

  it('gives define.xml the terms used (with C-codes and decodes) and value-level metadata per test', () => {
    const coded = new Set(['VSTESTCD', 'VSTEST', 'VSPOS', 'VSORRESU', 'VSSTRESU']);
    const collector = new ValueMetadataCollector('VS', coded, true);
    for (const r of out.get('VS')!) collector.add(r);
    const meta = collector.toJSON();
    expect(meta.terms.VSTESTCD).toEqual(['TEMP', 'WEIGHT']);
    expect(meta.tests.WEIGHT).toEqual({ records: 1, resultLength: 3, numeric: true, decimals: 0, units: ['LB'], standardUnits: ['kg'] });
    expect(meta.tests.TEMP).toMatchObject({ numeric: true, decimals: 1, units: ['F'] });

    const variables = ['VSTESTCD', 'VSTEST', 'VSPOS', 'VSORRES', 'VSORRESU', 'VSSTRESN'].map((name) => ({ name, label: name, type: name === 'VSSTRESN' ? ('Num' as const) : ('Char' as const), length: 8 }));
    const codeListOf = (_d: string, variable: string) => catalogue.get('VS')!.get(variable)?.codelist ?? null;
    const terms = codeListTermsOf([{ domain: 'VS', variables, valueMetadata: meta }], codeListOf);
    expect(terms.C66741).toEqual([
      { codedValue: 'TEMP', nciCode: 'C174446', decode: 'Body Temperature' },
      { codedValue: 'WEIGHT', nciCode: 'C25208', decode: 'Weight' },
    ]);
    // a list where a term has no decode: none has one (Define-XML: EnumeratedItem)
    expect(terms.C66770!.every((t) => t.decode === undefined)).toBe(true);
    expect(terms.C71148).toEqual([{ codedValue: 'SITTING', nciCode: 'C62122', decode: 'Sitting' }]);

    const vlm = valueLevelOf('VS', variables, meta, 'MT.STRES');
    expect(vlm.VSORRES!.map((x) => [x.where[0]!.values[0], x.dataType, x.length])).toEqual([['TEMP', 'float', 4], ['WEIGHT', 'integer', 3]]);
    expect(vlm.VSSTRESN!.every((x) => x.methodOid === 'MT.STRES' && x.origin && !Array.isArray(x.origin) && x.origin.type === 'Derived')).toBe(true);
    expect(valueLevelOf('AE', variables, meta, 'MT.STRES')).toEqual({});
  });
});
