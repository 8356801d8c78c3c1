// SDTM derivations: ISO 8601 dates (partial dates kept partial), --DY without a day 0, EPOCH, USUBJID,
// --SEQ in date order, the parse of a field's SDTM target and findings records from it.
import { describe, expect, it } from 'vitest';
import { assignSeq, combineDateTime, dayNumber, exposureOngoing, exposureRange, findingsRecords, isoDtc, parseTarget, plannedStudyDay, studyDay, usubjid } from '../src/modules/cdisc/sdtm/derive.ts';
import { DEFAULT_STEPS, durationDays, elementSpans, epochAt, epochDesign, startAnchor, stepsOf } from '../src/modules/cdisc/sdtm/epochs.ts';
import { countryAlpha3, trialVisits } from '../src/modules/cdisc/sdtm/domains.ts';
import { datasetVariables } from '../src/modules/cdisc/sdtm/generate.ts';

describe('ISO 8601 dates', () => {
  it('keeps complete and partial dates, drops what is not a date', () => {
    expect(isoDtc('2024-03-05')).toBe('2024-03-05');
    expect(isoDtc('2024-03')).toBe('2024-03');
    expect(isoDtc('2024')).toBe('2024');
    expect(isoDtc(1962)).toBe('1962');
    expect(isoDtc('2024-03-05T08:30')).toBe('2024-03-05T08:30');
    expect(isoDtc('2024-03-05 08:30:15')).toBe('2024-03-05T08:30:15');
    expect(isoDtc(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05');
    for (const bad of ['2024-13', '2024-02-30', '05/03/2024', '', 'unknown', '2024-03-05T25:00', null, undefined, {}]) expect(isoDtc(bad)).toBe('');
  });
  it('joins a time to a complete date only', () => {
    expect(combineDateTime('2024-03-05', '09:15')).toBe('2024-03-05T09:15');
    expect(combineDateTime('2024-03', '09:15')).toBe('2024-03');
    expect(combineDateTime('2024-03-05', undefined)).toBe('2024-03-05');
  });
});

describe('study day', () => {
  it('counts from RFSTDTC as day 1 with no day 0', () => {
    expect(studyDay('2024-01-10', '2024-01-10')).toBe(1);
    expect(studyDay('2024-01-11', '2024-01-10')).toBe(2);
    expect(studyDay('2024-01-09', '2024-01-10')).toBe(-1);
    expect(studyDay('2023-12-27', '2024-01-10')).toBe(-14);
    expect(studyDay('2024-03-01T10:00', '2024-02-28')).toBe(3); // leap year
  });
  it('is empty for partial dates or no reference start', () => {
    expect(studyDay('2024-01', '2024-01-10')).toBeNull();
    expect(studyDay('2024-01-10', null)).toBeNull();
  });
  it('gives planned visit days without a day 0', () => {
    expect([-14, 0, 3, 28].map(plannedStudyDay)).toEqual([-14, 1, 4, 29]);
  });
});

describe('DM exposure dates', () => {
  it('RFXSTDTC is the earliest EXSTDTC, RFXENDTC the latest EXENDTC (EXSTDTC where a record has no end)', () => {
    const ex = [
      { EXTRT: 'A', EXSTDTC: '2024-02-01', EXENDTC: '2024-02-14' },
      { EXTRT: 'A', EXSTDTC: '2024-01-10', EXENDTC: '2024-01-31' },
      { EXTRT: 'B', EXSTDTC: '2024-02-20', EXENDTC: null },
    ];
    expect(exposureRange(ex)).toEqual({ RFXSTDTC: '2024-01-10', RFXENDTC: '2024-02-20' });
    expect(exposureRange(ex.slice(0, 2))).toEqual({ RFXSTDTC: '2024-01-10', RFXENDTC: '2024-02-14' });
    // times are kept as collected: RFXSTDTC equals the EXSTDTC it comes from (CORE-000239)
    expect(exposureRange([{ EXSTDTC: '2024-01-10T08:30', EXENDTC: '2024-01-10T09:00' }])).toEqual({ RFXSTDTC: '2024-01-10T08:30', RFXENDTC: '2024-01-10T09:00' });
    expect(exposureRange([])).toEqual({ RFXSTDTC: null, RFXENDTC: null });
    expect(exposureRange([{ EXSTDTC: null, EXENDTC: null }])).toEqual({ RFXSTDTC: null, RFXENDTC: null });
  });
  it('a record started without an end is ongoing exposure: RFXENDTC is then its start', () => {
    const ongoing = [{ EXSTDTC: '2024-01-10', EXENDTC: null }];
    expect(exposureRange(ongoing)).toEqual({ RFXSTDTC: '2024-01-10', RFXENDTC: '2024-01-10' });
    expect(exposureOngoing(ongoing)).toBe(true);
    expect(exposureOngoing([{ EXSTDTC: '2024-01-10', EXENDTC: '2024-02-07' }, { EXSTDTC: '2024-02-08', EXENDTC: '' }])).toBe(true);
    expect(exposureOngoing([{ EXSTDTC: '2024-01-10', EXENDTC: '2024-02-07' }])).toBe(false);
    expect(exposureOngoing([])).toBe(false);
    expect(exposureOngoing([{ EXSTDTC: null, EXENDTC: null }])).toBe(false);
  });
});

describe('EPOCH by the elements of the trial design', () => {
  // the demo design (packages/db/src/demo/design.ts): screening, 28 days of study drug from the first dose,
  // follow-up from the day after the last dose
  const design = epochDesign(
    [
      { code: 'DRUG', steps: [{ position: 3, elementCode: 'FU', epoch: 'FOLLOW-UP' }, { position: 1, elementCode: 'SCRN', epoch: 'SCREENING' }, { position: 2, elementCode: 'DRUG', epoch: 'TREATMENT' }] },
      { code: 'PLACEBO', steps: [{ position: 1, elementCode: 'SCRN', epoch: 'SCREENING' }, { position: 2, elementCode: 'PBO', epoch: 'TREATMENT' }, { position: 3, elementCode: 'FU', epoch: 'FOLLOW-UP' }] },
    ],
    [
      { code: 'SCRN', startRule: 'Informed consent signed', plannedDuration: 'P14D' },
      { code: 'DRUG', startRule: 'First dose of study drug at Day 0', plannedDuration: 'P28D' },
      { code: 'PBO', startRule: 'First dose of placebo at Day 0', plannedDuration: 'P28D' },
      { code: 'FU', startRule: 'Day after the last dose', plannedDuration: 'P62D' },
    ],
  );
  const anchors = { consent: '2024-01-01', referenceStart: '2024-01-10', firstDose: '2024-01-10', lastDose: '2024-02-08' };
  const spans = elementSpans(stepsOf(design, 'DRUG', 'DRUG'), anchors);

  it("reads each element's start from its start rule and the subject's dates", () => {
    expect(startAnchor('Day after the last dose')).toBe('lastDose');
    expect(startAnchor('First dose of placebo at Day 0')).toBe('firstDose');
    expect(startAnchor('Randomisation')).toBe('firstDose');
    expect(startAnchor('Informed consent signed')).toBe('consent');
    expect(startAnchor('Week 12 visit')).toBeNull();
    expect(durationDays('P28D')).toBe(28);
    expect(durationDays('P4W')).toBe(28);
    expect(durationDays('PT12H')).toBeNull();
    expect(spans.map((s) => s.element)).toEqual(['SCRN', 'DRUG', 'FU']);
    expect(spans.map((s) => s.start)).toEqual([-Infinity, dayNumber('2024-01-10'), dayNumber('2024-02-09')]);
  });

  it('is screening before the first dose, treatment from the first to the last dose, follow-up from the day after', () => {
    expect(epochAt('2023-12-20', spans)).toBe('SCREENING');
    expect(epochAt('2024-01-09', spans)).toBe('SCREENING');
    expect(epochAt('2024-01-10', spans)).toBe('TREATMENT');
    expect(epochAt('2024-02-08T10:00', spans)).toBe('TREATMENT');
    // a vital sign the day after the last dose, and at the study end visit
    expect(epochAt('2024-02-09', spans)).toBe('FOLLOW-UP');
    expect(epochAt('2024-04-10', spans)).toBe('FOLLOW-UP');
    // a partial or missing date has no epoch
    expect(epochAt('2024-02', spans)).toBe('');
    expect(epochAt(null, spans)).toBe('');
  });

  it('follows the plan where the subject has no exposure yet, and keeps a subject without an arm in screening', () => {
    // randomised, no exposure recorded yet: treatment from the reference start, follow-up after the planned 28 days
    const onTreatment = elementSpans(stepsOf(design, 'PLACEBO', 'PLACEBO'), { ...anchors, firstDose: null, lastDose: null });
    expect(epochAt('2024-01-12', onTreatment)).toBe('TREATMENT');
    expect(epochAt('2024-02-06', onTreatment)).toBe('TREATMENT');
    expect(epochAt('2024-02-07', onTreatment)).toBe('FOLLOW-UP');
    // a screen failure: the arms' common first element only
    const screened = elementSpans(stepsOf(design, null, null), { consent: '2024-01-01', referenceStart: null, firstDose: null, lastDose: null });
    expect(screened.map((s) => s.epoch)).toEqual(['SCREENING']);
    expect(epochAt('2024-03-01', screened)).toBe('SCREENING');
  });

  it('falls back to screening, treatment and follow-up by exposure for a study without a design', () => {
    const none = epochDesign([], []);
    expect(none.unassigned).toBe(DEFAULT_STEPS);
    const s = elementSpans(stepsOf(none, null, null), anchors);
    expect(['2024-01-09', '2024-01-10', '2024-02-08', '2024-02-09'].map((d) => epochAt(d, s))).toEqual(['SCREENING', 'TREATMENT', 'TREATMENT', 'FOLLOW-UP']);
  });
});

describe('identifiers and sequence', () => {
  it('builds USUBJID from the study and subject codes', () => {
    expect(usubjid('CARD-2024', 'S-001-0007')).toBe('CARD-2024-S-001-0007');
  });
  it('numbers a subject’s records in date order, undated last, ties kept', () => {
    const recs = [{ AETERM: 'c', AESTDTC: '2024-03-01' }, { AETERM: 'none', AESTDTC: null }, { AETERM: 'a', AESTDTC: '2024-01' }, { AETERM: 'b', AESTDTC: '2024-01-15' }, { AETERM: 'b2', AESTDTC: '2024-01-15' }];
    assignSeq(recs, 'AESEQ', ['AESTDTC', 'AEDTC']);
    expect(recs.map((r) => [r.AETERM, (r as Record<string, unknown>).AESEQ])).toEqual([['a', 1], ['b', 2], ['b2', 3], ['c', 4], ['none', 5]]);
  });
});

describe('SDTM targets', () => {
  it('parses plain, findings, shared-qualifier and SUPPQUAL targets', () => {
    expect(parseTarget('AE.AETERM')).toEqual({ domain: 'AE', variable: 'AETERM' });
    expect(parseTarget('VS.VSORRES where VSTESTCD = SYSBP')).toEqual({ domain: 'VS', variable: 'VSORRES', testCodes: ['SYSBP'] });
    expect(parseTarget('VS.VSPOS where VSTESTCD in (SYSBP, DIABP, PULSE)')).toEqual({ domain: 'VS', variable: 'VSPOS', testCodes: ['SYSBP', 'DIABP', 'PULSE'] });
    expect(parseTarget('SUPPDM.QVAL where QNAM = RACEOTH')).toEqual({ domain: 'DM', variable: 'QVAL', qnam: 'RACEOTH' });
    for (const bad of [undefined, '', 'AETERM', 'AE.', 'VS.VSORRES where VSPOS = X', 'SUPPDM.QVAL']) expect(parseTarget(bad)).toBeNull();
  });
  it('makes one findings record per test code with test name, results and units', () => {
    const recs = findingsRecords('VS', [
      { target: parseTarget('VS.VSORRES where VSTESTCD = SYSBP')!, label: 'Systolic Blood Pressure', unit: 'mmHg', value: 120 },
      { target: parseTarget('VS.VSORRES where VSTESTCD = TEMP')!, label: 'Temperature', unit: 'C', value: '36.6' },
      { target: parseTarget('VS.VSORRES where VSTESTCD = PULSE')!, label: 'Pulse Rate', unit: 'beats/min', value: null },
      { target: parseTarget('VS.VSPOS where VSTESTCD in (SYSBP, PULSE)')!, label: 'Position', value: 'SITTING' },
      { target: parseTarget('VS.VSDTC')!, label: 'Date', value: '2024-01-10' },
    ]);
    expect(recs).toEqual([
      { VSDTC: '2024-01-10', VSTESTCD: 'SYSBP', VSTEST: 'Systolic Blood Pressure', VSORRES: '120', VSORRESU: 'mmHg', VSSTRESC: '120', VSSTRESN: 120, VSSTRESU: 'mmHg', VSPOS: 'SITTING' },
      { VSDTC: '2024-01-10', VSTESTCD: 'TEMP', VSTEST: 'Temperature', VSORRES: '36.6', VSORRESU: 'C', VSSTRESC: '36.6', VSSTRESN: 36.6, VSSTRESU: 'C' },
    ]);
  });
});

describe('dataset metadata', () => {
  it('maps site countries to ISO 3166-1 alpha-3, unknown to empty', () => {
    expect(['United States', 'Canada', 'United Kingdom', 'France', 'Germany', 'Spain', 'Japan', 'Australia', 'Netherlands', 'Italy'].map(countryAlpha3)).toEqual(['USA', 'CAN', 'GBR', 'FRA', 'DEU', 'ESP', 'JPN', 'AUS', 'NLD', 'ITA']);
    expect(countryAlpha3('Atlantis')).toBe('');
  });
  it('orders variables as the catalogue, keeps required and expected ones, permissible ones when used', () => {
    const cat = new Map([['AE', new Map([
      ['STUDYID', { name: 'STUDYID', label: 'Study Identifier', type: 'Char' as const, ordinal: 1, core: 'Req' }],
      ['AESEQ', { name: 'AESEQ', label: 'Sequence Number', type: 'Num' as const, ordinal: 3, core: 'Req' }],
      ['AEGRPID', { name: 'AEGRPID', label: 'Group ID', type: 'Char' as const, ordinal: 4, core: 'Perm' }],
      ['AETERM', { name: 'AETERM', label: 'Reported Term for the Adverse Event', type: 'Char' as const, ordinal: 5, core: 'Req' }],
    ])]]);
    const vars = datasetVariables(cat, 'AE', new Map([['AETERM', 12], ['STUDYID', 8], ['AESEQ', 1]]), new Set(['AESEQ']));
    expect(vars).toEqual([
      { name: 'STUDYID', label: 'Study Identifier', type: 'Char', length: 8 },
      { name: 'AESEQ', label: 'Sequence Number', type: 'Num', length: 8 },
      { name: 'AETERM', label: 'Reported Term for the Adverse Event', type: 'Char', length: 12 },
    ]);
  });
  it('keeps a study day variable with its date even when every date is partial (no day values)', () => {
    const v = (name: string, ordinal: number) => [name, { name, label: name, type: (name.endsWith('DY') ? 'Num' : 'Char') as 'Num' | 'Char', ordinal, core: 'Perm' }] as const;
    const cat = new Map([['MH', new Map([v('MHSTDTC', 1), v('MHENDTC', 2), v('MHSTDY', 3), v('MHENDY', 4)])]]);
    // MHSTDTC holds values (partial: no MHSTDY value), MHENDTC none
    const names = datasetVariables(cat, 'MH', new Map([['MHSTDTC', 7], ['MHSTDY', 0]]), new Set()).map((x) => x.name);
    expect(names).toEqual(['MHSTDTC', 'MHSTDY']);
  });
  it('lists the planned visits for TV in order with planned days', () => {
    const tv = trialVisits({ id: 1, code: 'S', title: 't', phase: 'Phase II', startDate: null, plannedEndDate: null, targetEnrollment: 1, sponsorName: null }, [
      { id: 2, code: 'D0', name: 'Day 0', dayOffset: 0, sortOrder: 2 },
      { id: 1, code: 'SEL', name: 'Selection Visit', dayOffset: -14, sortOrder: 1 },
    ]);
    expect(tv.map((r) => [r.VISITNUM, r.VISIT, r.VISITDY])).toEqual([[1, 'SELECTION VISIT', -14], [2, 'DAY 0', 1]]);
  });
});
