// TS from what the product knows (trial-summary.ts), without a database: the parameters and their codes
// for a design like the demo's, what is left uncoded or unsaid when the product cannot know it (a phase
// whose C-code the shipped CT lacks, a crossover, an element without a duration); and define.xml's
// dictionary code list and the package's define.xml without a stylesheet instruction, xmllint-valid.
import { describe, expect, it } from 'vitest';
import { NO_INFORMATION, REQUIRED_UNRECORDED, durationDays, interventionModel, plannedLength, trialSummary, type TrialSummaryInput } from '../src/modules/cdisc/sdtm/trial-summary.ts';
import { DICTIONARY_CODED, dictionaryCodeList, encodingComment } from '../src/modules/cdisc/sdtm/define.ts';
import { buildDefineXml } from '../src/modules/cdisc/define/define-xml.ts';
import { CT_VERSION, codeList } from '../src/modules/cdisc/terminology/ct.ts';
import { expectSchemaValid, itXsd } from './support/xmllint.ts';

const step = (position: number, elementCode: string, epoch: string) => ({ position, elementCode, elementName: elementCode, epoch, branch: null, transition: null });
const INPUT: TrialSummaryInput = {
  study: { code: 'ONC-2024-001', title: 'A phase III study', phase: 'Phase III', startDate: '2024-03-01', actualEndDate: null, targetEnrollment: 120, sponsorName: 'Acme', therapeuticArea: 'Oncology' },
  enrolledSubjects: 97,
  sdtmigVersion: '3.4',
  arms: [
    { code: 'DRUG', name: 'Study drug', order: 1, steps: [step(1, 'SCRN', 'SCREENING'), step(2, 'DRUG', 'TREATMENT'), step(3, 'FU', 'FOLLOW-UP')] },
    { code: 'PLACEBO', name: 'Placebo', order: 2, steps: [step(1, 'SCRN', 'SCREENING'), step(2, 'PBO', 'TREATMENT'), step(3, 'FU', 'FOLLOW-UP')] },
  ],
  elements: [
    { code: 'SCRN', name: 'Screening', startRule: 'Consent', endRule: null, plannedDuration: 'P2W' },
    { code: 'DRUG', name: 'Drug', startRule: 'First dose', endRule: null, plannedDuration: 'P28D' },
    { code: 'PBO', name: 'Placebo', startRule: 'First dose', endRule: null, plannedDuration: 'P4W' },
    { code: 'FU', name: 'Follow-up', startRule: 'Day after the last dose', endRule: null, plannedDuration: 'P62D' },
  ],
  countries: ['USA', 'FRA', 'USA'],
};
const rowsOf = (input: TrialSummaryInput) => trialSummary(input).records;
const param = (rows: ReturnType<typeof rowsOf>, code: string) => rows.filter((r) => r.TSPARMCD === code);

describe('TS parameters', () => {
  it('writes what the product knows, coded where the value is, with TSPARMCD/TSPARM from CT', () => {
    const rows = rowsOf(INPUT);
    const parmcd = codeList('C66738')!;
    for (const r of rows) expect(parmcd.terms.some((t) => t.value === r.TSPARMCD && t.code)).toBe(true);
    expect(param(rows, 'TPHASE')).toEqual([expect.objectContaining({ TSVAL: 'PHASE III TRIAL', TSVALCD: 'C15602', TSVCDREF: 'CDISC CT', TSVCDVER: CT_VERSION, TSPARM: 'Trial Phase Classification' })]);
    expect(param(rows, 'INTMODEL')[0]).toMatchObject({ TSVAL: 'PARALLEL', TSVALCD: 'C82639' });
    expect(param(rows, 'LENGTH')[0]).toMatchObject({ TSVAL: 'P104D', TSVCDREF: 'ISO 8601', TSVALCD: null });
    expect(param(rows, 'SSTDTC')[0]).toMatchObject({ TSVAL: '2024-03-01', TSVCDREF: 'ISO 8601' });
    expect(param(rows, 'FCNTRY').map((r) => [r.TSSEQ, r.TSVAL, r.TSVALCD, r.TSVCDREF])).toEqual([
      [1, 'FRA', 'FRA', 'ISO 3166-1 alpha-3'],
      [2, 'USA', 'USA', 'ISO 3166-1 alpha-3'],
    ]);
    expect(param(rows, 'ACTSUB')[0]!.TSVAL).toBe('97');
    expect(param(rows, 'NARMS')[0]!.TSVAL).toBe('2');
    expect(param(rows, 'SDTMVER')[0]!.TSVAL).toBe('2.0');
    // not ended: the end date is a required parameter without information
    expect(param(rows, 'SENDTC')[0]).toMatchObject({ TSVAL: null, TSVALNF: NO_INFORMATION });
    for (const code of REQUIRED_UNRECORDED.filter((c) => c !== 'INTMODEL' && c !== 'SENDTC')) expect(param(rows, code), code).toEqual([expect.objectContaining({ TSVAL: null, TSVALNF: 'NI', TSVALCD: null })]);
  });

  it('leaves a code empty rather than inventing one, and says so', () => {
    const { records, notes } = trialSummary({ ...INPUT, study: { ...INPUT.study, phase: 'Phase I' } });
    expect(param(records, 'TPHASE')[0]).toMatchObject({ TSVAL: 'PHASE I TRIAL', TSVALCD: null, TSVCDREF: null, TSVCDVER: null });
    expect(notes).toContain('TS: the TPHASE value has no C-code in the shipped CDISC CT; TSVALCD left empty');
  });

  it('derives the model and length only where the design says them', () => {
    const crossover = INPUT.arms.map((a) => ({ ...a, steps: [...a.steps, step(4, a.code === 'DRUG' ? 'PBO' : 'DRUG', 'TREATMENT 2')] }));
    expect(interventionModel(crossover)).toBeNull();
    expect(interventionModel([INPUT.arms[0]!])).toBeNull();
    expect(interventionModel(INPUT.arms)).toBe('PARALLEL');
    expect(plannedLength(INPUT.arms, INPUT.elements.map((e) => (e.code === 'FU' ? { ...e, plannedDuration: 'P2M' } : e)))).toBeNull();
    expect(durationDays('P1W3D')).toBe(10);
    expect(durationDays('PT12H')).toBeNull();
    const { records } = trialSummary({ ...INPUT, arms: [], elements: [] });
    expect(param(records, 'NARMS')).toEqual([]);
    expect(param(records, 'INTMODEL')[0]).toMatchObject({ TSVALNF: 'NI' });
  });
});

describe('define.xml dictionary and package', () => {
  const meta = (dictionary: { system: string; version: string }) => {
    const cl = dictionaryCodeList(dictionary);
    return buildDefineXml({
      fileOid: 'DEFINE.T',
      creationDateTime: '2025-01-01T00:00:00Z',
      study: { studyName: 'T', studyDescription: 'T', protocolName: 'T' },
      standards: [{ oid: 'STD.SDTMIG.3.4', name: 'SDTMIG', type: 'IG', version: '3.4' }],
      stylesheetHref: null,
      codeLists: [cl],
      comments: [encodingComment('ascii', 3)],
      datasets: [
        {
          name: 'AE',
          label: 'Adverse Events',
          class: 'EVENTS',
          structure: 'One record per adverse event per subject',
          keys: ['STUDYID'],
          href: 'ae.xpt',
          commentOid: 'COM.XPT.ENCODING',
          variables: ['STUDYID', 'AEDECOD', 'AEBODSYS'].map((name) => ({
            name,
            label: name,
            dataType: 'text' as const,
            length: 20,
            mandatory: false,
            origin: { type: 'Assigned' as const, source: 'Sponsor' as const },
            ...(DICTIONARY_CODED.test(name) && { codeListOid: cl.oid }),
          })),
        },
      ],
    });
  };

  itXsd('names MedDRA and its version in an ExternalCodeList the schema accepts, with no stylesheet instruction', () => {
    const xml = meta({ system: 'MedDRA', version: '27.1' });
    expectSchemaValid(xml, 'dictionary-define');
    expect(xml).toMatch(/<CodeList OID="CL\.MEDDRA" Name="MedDRA 27\.1" DataType="text">\s*<ExternalCodeList Dictionary="MedDRA" Version="27\.1" href="https:\/\/www\.meddra\.org"\/>/);
    expect(xml).toMatch(/<ItemDef OID="IT\.AE\.AEBODSYS"[^>]*>[\s\S]*?<CodeListRef CodeListOID="CL\.MEDDRA"\/>/);
    expect(xml).not.toContain('xml-stylesheet');
    expect(xml).toContain('transliterated (3 values changed)');
  });

  it('calls the demo dictionary by its own name, not MedDRA', () => {
    expect(dictionaryCodeList({ system: 'CTCAE demo', version: 'v5' })).toMatchObject({ oid: 'CL.CTCAE_DEMO', external: { dictionary: 'CTCAE demo', version: 'v5' } });
    expect(DICTIONARY_CODED.test('MHDECOD') && DICTIONARY_CODED.test('AEHLGT') && !DICTIONARY_CODED.test('AETERM')).toBe(true);
  });
});
