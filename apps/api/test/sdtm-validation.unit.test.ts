// SDTM validation rules, pure: for each check kind of core-rules.json (and the product's own checks) a
// dataset that passes and one that fails, with the CORE id, type, variable and record of the finding; the
// rule table holds at least 40 CORE rules, each a real id of the published CORE rule list (checked against
// ../shared/reference where it exists) with a check this module implements; and the score formula.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  CORE_RULES,
  HAND_RULES_WITH_RETIRED,
  complianceScore,
  validateDataset,
  validateDatasetList,
  type CatalogueDataset,
  type CellValue,
  type RuleContext,
  type RuleDataset,
} from '../src/modules/cdisc/validation/rules.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CSV = path.resolve(HERE, '../../../../shared/reference/core-rules/core-rules-sdtmig-published.csv');
const HAS_REFERENCE = existsSync(CSV);
if (!HAS_REFERENCE) console.warn(`sdtm-validation: skipped the CORE id check: ${CSV} is absent (a clean clone has no reference files)`);

const cat = (cls: string, vars: [string, string | null, 'Char' | 'Num', string?][]): CatalogueDataset => ({
  class: cls,
  variables: new Map(vars.map(([name, core, type, codelistCode]) => [name, { core, type, codelistCode: codelistCode ?? null }])),
});
const catalogue = new Map<string, CatalogueDataset>([
  ['DM', cat('Special Purpose', [['STUDYID', 'Req', 'Char'], ['DOMAIN', 'Req', 'Char'], ['USUBJID', 'Req', 'Char'], ['SUBJID', 'Req', 'Char'], ['RFSTDTC', 'Exp', 'Char'], ['RFENDTC', 'Exp', 'Char'], ['AGE', 'Exp', 'Num'], ['AGEU', 'Exp', 'Char', 'C66781'], ['SEX', 'Req', 'Char', 'C66731'], ['ARM', 'Exp', 'Char'], ['ARMCD', 'Exp', 'Char'], ['DTHFL', 'Exp', 'Char']])],
  ['AE', cat('Events', [['STUDYID', 'Req', 'Char'], ['DOMAIN', 'Req', 'Char'], ['USUBJID', 'Req', 'Char'], ['AESEQ', 'Req', 'Num'], ['AETERM', 'Req', 'Char'], ['AEDECOD', 'Req', 'Char'], ['AESTDTC', 'Exp', 'Char'], ['AEENDTC', 'Exp', 'Char'], ['AESER', 'Exp', 'Char', 'C66742'], ['AESEV', 'Perm', 'Char', 'C66769']])],
  ['VS', cat('Findings', [['STUDYID', 'Req', 'Char'], ['DOMAIN', 'Req', 'Char'], ['USUBJID', 'Req', 'Char'], ['VSSEQ', 'Req', 'Num'], ['VSTESTCD', 'Req', 'Char'], ['VSTEST', 'Req', 'Char'], ['VSORRES', 'Exp', 'Char'], ['VSSTRESC', 'Exp', 'Char'], ['VSSTRESU', 'Exp', 'Char'], ['VSDTC', 'Exp', 'Char'], ['VSDY', 'Perm', 'Num']])],
  ['EX', cat('Interventions', [['STUDYID', 'Req', 'Char'], ['DOMAIN', 'Req', 'Char'], ['USUBJID', 'Req', 'Char'], ['EXSEQ', 'Req', 'Num'], ['EXTRT', 'Req', 'Char'], ['EXDOSE', 'Exp', 'Num']])],
  ['TS', cat('Trial Design', [['STUDYID', 'Req', 'Char'], ['DOMAIN', 'Req', 'Char'], ['TSSEQ', 'Req', 'Num'], ['TSPARMCD', 'Req', 'Char'], ['TSPARM', 'Req', 'Char'], ['TSVAL', 'Exp', 'Char']])],
  ['SUPPQUAL', cat('Relationship', [['STUDYID', 'Req', 'Char'], ['RDOMAIN', 'Req', 'Char'], ['USUBJID', 'Req', 'Char'], ['QNAM', 'Req', 'Char'], ['QLABEL', 'Req', 'Char'], ['QVAL', 'Req', 'Char']])],
]);
const ctx: RuleContext = { dmSubjects: new Set(['S-001', 'S-002']), dmStudyIds: new Set(['S']), catalogue };

/** A dataset from rows of objects; the variables are the keys of the first row (numbers: Num). */
function ds(name: string, rows: Record<string, CellValue>[], labels: Record<string, string> = {}): RuleDataset {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const num = (n: string) => rows.some((r) => typeof r[n] === 'number') || catalogue.get(name)?.variables.get(n)?.type === 'Num';
  return {
    name,
    variables: names.map((n) => ({ name: n, label: labels[n] ?? n, type: num(n) ? 'Num' : 'Char', length: Math.max(1, ...rows.map((r) => String(r[n] ?? '').length)) })),
    rows: rows.map((r) => names.map((n) => r[n] ?? null)),
  };
}
// The check kinds are exercised on every hand rule, the retired ones too: their kinds still serve kept rules.
const findings = (d: RuleDataset) => validateDataset(d, ctx, HAND_RULES_WITH_RETIRED).findings;
const byCore = (d: RuleDataset, id: string) => findings(d).filter((f) => f.coreId === id);
const byType = (d: RuleDataset, type: string) => findings(d).filter((f) => f.type === type && f.coreId === null);

const DM_OK = { STUDYID: 'S', DOMAIN: 'DM', USUBJID: 'S-001', SUBJID: '001', RFSTDTC: '2024-01-10', RFENDTC: '2024-06-01', AGE: 40, AGEU: 'YEARS', SEX: 'F', ARM: 'A', ARMCD: 'A', DTHFL: null };
const AE_OK = { STUDYID: 'S', DOMAIN: 'AE', USUBJID: 'S-001', AESEQ: 1, AETERM: 'Headache', AEDECOD: 'Headache', AESTDTC: '2024-02-01', AEENDTC: '2024-02-03', AESER: 'N', AESEV: 'MILD' };
const VS_OK = { STUDYID: 'S', DOMAIN: 'VS', USUBJID: 'S-001', VSSEQ: 1, VSTESTCD: 'SYSBP', VSTEST: 'Systolic Blood Pressure', VSORRES: '120', VSSTRESC: '120', VSSTRESU: 'mmHg', VSDTC: '2024-02-01', VSDY: 23 };

describe('the rule table', () => {
  it('holds the hand-written CORE rules (those still applied and those the interpreter retired), each with a check this module implements', () => {
    expect(HAND_RULES_WITH_RETIRED.length).toBeGreaterThanOrEqual(40);
    expect(new Set(HAND_RULES_WITH_RETIRED.map((r) => r.core_id)).size).toBe(HAND_RULES_WITH_RETIRED.length);
    // The retired ones are not applied any more (retired-rules.ts; hand-rule-retirement.unit.test.ts proves each).
    expect(CORE_RULES.length).toBeLessThan(HAND_RULES_WITH_RETIRED.length);
    const handled = new Set(['variable_absent', 'dataset_absent', 'dm_present', 'required_present', 'required_not_null', 'expected_present', 'present_requires', 'populated_requires', 'value_in', 'value_not', 'not_negative', 'start_before_end', 'usubjid_in_dm', 'studyid_matches_dm', 'unique', 'unique_within', 'domain_length', 'variable_name_length', 'variable_label_length', 'dataset_name_length', 'dataset_name_domain', 'domain_code_known', 'value_max_length', 'value_name_format', 'supp_rdomain', 'one_to_one', 'no_leading_space', 'no_dot_value', 'ts_iso8601', 'equals_subject_min', 'dm_empty_requires_empty']);
    for (const r of HAND_RULES_WITH_RETIRED) {
      expect(handled.has(r.check), `${r.core_id} ${r.check}`).toBe(true);
      expect(r.core_id).toMatch(/^CORE-\d{6}$/);
      expect(r.description.length).toBeGreaterThan(0);
    }
  });
  it.skipIf(!HAS_REFERENCE)('names only ids of the published CORE rule list, with their description', () => {
    const rows = parse(readFileSync(CSV), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    const byId = new Map(rows.map((r) => [r.core_id!, r]));
    for (const r of CORE_RULES) {
      const ref = byId.get(r.core_id);
      expect(ref, r.core_id).toBeDefined();
      expect(r.description).toBe(ref!.description!.replace(/\s+/g, ' ').trim());
    }
  });
});

describe('CORE checks: a passing and a failing dataset each', () => {
  it('passes clean DM, AE and VS datasets with no errors', () => {
    for (const d of [ds('DM', [DM_OK]), ds('AE', [AE_OK]), ds('VS', [VS_OK])]) {
      expect(findings(d).filter((f) => f.kind === 'error')).toEqual([]);
    }
  });
  it('variable_absent: AEOCCUR must not be in AE (CORE-000012)', () => {
    expect(byCore(ds('AE', [AE_OK]), 'CORE-000012')).toHaveLength(0);
    expect(byCore(ds('AE', [{ ...AE_OK, AEOCCUR: 'Y' }]), 'CORE-000012')[0]).toMatchObject({ variable: 'AEOCCUR', severity: 'high', kind: 'error' });
  });
  it('dataset_absent and dm_present (MISSING_REQUIRED_DOMAIN)', () => {
    expect(validateDatasetList(['DM', 'AE']).findings).toEqual([]);
    const r = validateDatasetList(['AE', 'TT'], HAND_RULES_WITH_RETIRED);
    expect(r.findings.map((f) => [f.coreId, f.type])).toEqual(expect.arrayContaining([['CORE-000581', 'MISSING_REQUIRED_DOMAIN'], ['CORE-000042', 'DATASET_NOT_ALLOWED']]));
    expect(r.failed).toBe(2);
    // TT present is CDISC's CORE-000042 now (retired by hand); DM missing stays the spec's hand check.
    expect(validateDatasetList(['AE', 'TT']).findings.map((f) => f.coreId)).toEqual(['CORE-000581']);
  });
  it('required_present and required_not_null (CORE-000355, CORE-000356)', () => {
    const { AETERM: _, ...noTerm } = AE_OK;
    expect(byCore(ds('AE', [noTerm]), 'CORE-000355')[0]).toMatchObject({ variable: 'AETERM', type: 'MISSING_REQUIRED_VARIABLE' });
    expect(byCore(ds('AE', [AE_OK, { ...AE_OK, AESEQ: 2, AEDECOD: '' }]), 'CORE-000356')[0]).toMatchObject({ variable: 'AEDECOD', record: 2 });
    expect(byCore(ds('AE', [AE_OK]), 'CORE-000356')).toHaveLength(0);
  });
  it('expected_present is a warning with a recommendation (CORE-000334)', () => {
    const { AESER: _, ...noSer } = AE_OK;
    const [w] = byCore(ds('AE', [noSer]), 'CORE-000334');
    expect(w).toMatchObject({ kind: 'warning', variable: 'AESER' });
    expect(w!.recommendation).toContain('CORE-000334');
    expect(byCore(ds('AE', [AE_OK]), 'CORE-000334')).toHaveLength(0);
  });
  it('present_requires: --DY present needs --DTC (CORE-000700)', () => {
    const { VSDTC: _, ...noDtc } = VS_OK;
    expect(byCore(ds('VS', [noDtc]), 'CORE-000700')[0]).toMatchObject({ variable: 'VSDTC' });
    expect(byCore(ds('VS', [VS_OK]), 'CORE-000700')).toHaveLength(0);
  });
  it('populated_requires: AGE needs AGEU, --STRESU needs --STRESC', () => {
    expect(byCore(ds('DM', [{ ...DM_OK, AGEU: null }]), 'CORE-000189')[0]).toMatchObject({ variable: 'AGEU', record: 1 });
    expect(byCore(ds('DM', [DM_OK]), 'CORE-000189')).toHaveLength(0);
    expect(byCore(ds('VS', [{ ...VS_OK, VSSTRESC: '' }]), 'CORE-000133')[0]).toMatchObject({ variable: 'VSSTRESC' });
  });
  it('value_in: AESER Y or N (CORE-000087), DTHFL Y or null (CORE-000006)', () => {
    expect(byCore(ds('AE', [{ ...AE_OK, AESER: 'Yes' }]), 'CORE-000087')[0]).toMatchObject({ variable: 'AESER', record: 1 });
    expect(byCore(ds('DM', [{ ...DM_OK, DTHFL: 'N' }]), 'CORE-000006')).toHaveLength(1);
    expect(byCore(ds('DM', [{ ...DM_OK, DTHFL: 'Y' }]), 'CORE-000006')).toHaveLength(0);
  });
  it('value_not: --TERM OTHER (CORE-000161)', () => {
    expect(byCore(ds('AE', [{ ...AE_OK, AETERM: 'OTHER' }]), 'CORE-000161')[0]).toMatchObject({ variable: 'AETERM' });
  });
  it('not_negative: AGE (CORE-000310), --DOSE (CORE-000308)', () => {
    expect(byCore(ds('DM', [{ ...DM_OK, AGE: -1 }]), 'CORE-000310')).toHaveLength(1);
    const ex = { STUDYID: 'S', DOMAIN: 'EX', USUBJID: 'S-001', EXSEQ: 1, EXTRT: 'Drug', EXDOSE: 10 };
    expect(byCore(ds('EX', [ex]), 'CORE-000308')).toHaveLength(0);
    expect(byCore(ds('EX', [{ ...ex, EXDOSE: -5 }]), 'CORE-000308')[0]).toMatchObject({ variable: 'EXDOSE' });
  });
  it('start_before_end: --STDTC after --ENDTC (CORE-000718), RFSTDTC after RFENDTC (CORE-000711)', () => {
    expect(byCore(ds('AE', [{ ...AE_OK, AESTDTC: '2024-03-01' }]), 'CORE-000718')[0]).toMatchObject({ variable: 'AESTDTC', type: 'START_AFTER_END', record: 1 });
    expect(byCore(ds('AE', [{ ...AE_OK, AESTDTC: '2024-02' }]), 'CORE-000718')).toHaveLength(0);
    expect(byCore(ds('DM', [{ ...DM_OK, RFENDTC: '2023-12-31' }]), 'CORE-000711')).toHaveLength(1);
  });
  it('usubjid_in_dm (CORE-000201) and studyid_matches_dm (CORE-000172)', () => {
    expect(byCore(ds('AE', [{ ...AE_OK, USUBJID: 'S-999' }]), 'CORE-000201')[0]).toMatchObject({ variable: 'USUBJID', type: 'SUBJECT_NOT_IN_DM' });
    expect(byCore(ds('AE', [AE_OK]), 'CORE-000201')).toHaveLength(0);
    expect(byCore(ds('AE', [{ ...AE_OK, STUDYID: 'X' }]), 'CORE-000172')).toHaveLength(1);
  });
  it('unique: USUBJID in DM (CORE-000351); unique_within: TSSEQ within TSPARMCD (CORE-000154)', () => {
    expect(byCore(ds('DM', [DM_OK, { ...DM_OK, SUBJID: '002' }]), 'CORE-000351')[0]).toMatchObject({ record: 2 });
    expect(byCore(ds('DM', [DM_OK, { ...DM_OK, USUBJID: 'S-002', SUBJID: '002' }]), 'CORE-000351')).toHaveLength(0);
    const ts = { STUDYID: 'S', DOMAIN: 'TS', TSSEQ: 1, TSPARMCD: 'SSTDTC', TSPARM: 'Study Start Date', TSVAL: '2024-01-01' };
    expect(byCore(ds('TS', [ts, { ...ts, TSPARMCD: 'TITLE', TSPARM: 'Trial Title', TSVAL: 'x' }]), 'CORE-000154')).toHaveLength(0);
    expect(byCore(ds('TS', [ts, ts]), 'CORE-000154')).toHaveLength(1);
  });
  it('names, labels and lengths: variable name > 8, label > 40, DOMAIN length, dataset name, --TEST > 40', () => {
    expect(byCore(ds('AE', [{ ...AE_OK, AELONGNAME: 'x' }]), 'CORE-000182')[0]).toMatchObject({ variable: 'AELONGNAME' });
    expect(byCore(ds('AE', [AE_OK], { AETERM: 'x'.repeat(41) }), 'CORE-000019')[0]).toMatchObject({ variable: 'AETERM' });
    expect(byCore(ds('AE', [AE_OK], { AETERM: 'x'.repeat(40) }), 'CORE-000019')).toHaveLength(0);
    expect(byCore(ds('AE', [{ ...AE_OK, DOMAIN: 'AEX' }]), 'CORE-000180')).toHaveLength(1);
    expect(byCore(ds('AE', [{ ...AE_OK, DOMAIN: 'VS' }]), 'CORE-000598')).toHaveLength(1);
    expect(byCore(ds('VS', [{ ...VS_OK, VSTEST: 'x'.repeat(41) }]), 'CORE-000199')).toHaveLength(1);
    expect(byCore(ds('VS', [{ ...VS_OK, VSTESTCD: '1BAD' }]), 'CORE-000220')).toHaveLength(1);
    expect(byCore(ds('VS', [VS_OK]), 'CORE-000220')).toHaveLength(0);
    const supp = { STUDYID: 'S', RDOMAIN: 'AE', USUBJID: 'S-001', QNAM: 'AEXTRA', QLABEL: 'Extra', QVAL: 'x' };
    expect(byCore(ds('SUPPAE', [supp]), 'CORE-000538')).toHaveLength(0);
    expect(byCore(ds('SUPPAE', [{ ...supp, RDOMAIN: 'DM' }]), 'CORE-000538')).toHaveLength(1);
    expect(byCore(ds('SUPPAEXYZ', [supp]), 'CORE-000293')).toHaveLength(1);
  });
  it('one_to_one: --TESTCD and --TEST (CORE-000303)', () => {
    expect(byCore(ds('VS', [VS_OK, { ...VS_OK, VSSEQ: 2 }]), 'CORE-000303')).toHaveLength(0);
    expect(byCore(ds('VS', [VS_OK, { ...VS_OK, VSSEQ: 2, VSTEST: 'Other name' }]), 'CORE-000303')[0]).toMatchObject({ record: 2 });
  });
  it('text values: leading spaces and a lone dot are warnings (CORE-000867, CORE-000890)', () => {
    expect(byCore(ds('AE', [{ ...AE_OK, AETERM: ' Headache' }]), 'CORE-000867')[0]).toMatchObject({ kind: 'warning', variable: 'AETERM' });
    expect(byCore(ds('AE', [{ ...AE_OK, AETERM: '.' }]), 'CORE-000890')).toHaveLength(1);
  });
  it('TS SSTDTC in ISO 8601 (CORE-000505)', () => {
    const ts = { STUDYID: 'S', DOMAIN: 'TS', TSSEQ: 1, TSPARMCD: 'SSTDTC', TSPARM: 'Study Start Date', TSVAL: '2024-01-01' };
    expect(byCore(ds('TS', [ts]), 'CORE-000505')).toHaveLength(0);
    expect(byCore(ds('TS', [{ ...ts, TSVAL: '01/01/2024' }]), 'CORE-000505')).toHaveLength(1);
  });
  it('a rule out of its scope is not applied: AE rules on VS, Findings rules on Events', () => {
    expect(byCore(ds('VS', [{ ...VS_OK, AEOCCUR: 'Y' }]), 'CORE-000012')).toHaveLength(0);
    expect(byCore(ds('AE', [{ ...AE_OK, AETESTCD: 'OTHER' }]), 'CORE-000159')).toHaveLength(0);
  });
});

describe('the product checks (no CORE id)', () => {
  it('--SEQ unique within USUBJID', () => {
    expect(byType(ds('AE', [AE_OK, { ...AE_OK, USUBJID: 'S-002' }]), 'SEQ_NOT_UNIQUE')).toHaveLength(0);
    expect(byType(ds('AE', [AE_OK, AE_OK]), 'SEQ_NOT_UNIQUE')[0]).toMatchObject({ variable: 'AESEQ', record: 2, severity: 'high' });
  });
  it('--DTC in ISO 8601 (partial dates allowed)', () => {
    expect(byType(ds('AE', [{ ...AE_OK, AESTDTC: '2024-02' }]), 'ISO8601')).toHaveLength(0);
    expect(byType(ds('AE', [{ ...AE_OK, AESTDTC: '2024-02-01T10:30' }]), 'ISO8601')).toHaveLength(0);
    expect(byType(ds('AE', [{ ...AE_OK, AESTDTC: '01FEB2024' }]), 'ISO8601')[0]).toMatchObject({ variable: 'AESTDTC', record: 1 });
  });
  it('character length within 200', () => {
    expect(byType(ds('AE', [{ ...AE_OK, AETERM: 'x'.repeat(201) }]), 'VARIABLE_LENGTH').length).toBeGreaterThan(0);
    expect(byType(ds('AE', [{ ...AE_OK, AETERM: 'x'.repeat(200) }]), 'VARIABLE_LENGTH')).toHaveLength(0);
  });
  it('DATA_TYPE_MISMATCH: a text value in a numeric variable, a Char variable the guide makes Num', () => {
    const d = ds('DM', [DM_OK]);
    expect(byType(d, 'DATA_TYPE_MISMATCH')).toHaveLength(0);
    d.rows[0]![d.variables.findIndex((v) => v.name === 'AGE')] = 'forty';
    expect(byType(d, 'DATA_TYPE_MISMATCH')[0]).toMatchObject({ variable: 'AGE', severity: 'medium', record: 1 });
    const asChar: RuleDataset = { ...ds('DM', [DM_OK]), variables: ds('DM', [DM_OK]).variables.map((v) => (v.name === 'AGE' ? { ...v, type: 'Char' as const } : v)) };
    expect(byType(asChar, 'DATA_TYPE_MISMATCH')[0]).toMatchObject({ variable: 'AGE', record: null });
  });
  it('CONTROLLED_TERMINOLOGY: a warning with a recommendation', () => {
    expect(byType(ds('DM', [DM_OK]), 'CONTROLLED_TERMINOLOGY')).toHaveLength(0);
    const [w] = byType(ds('DM', [{ ...DM_OK, SEX: 'Female' }]), 'CONTROLLED_TERMINOLOGY');
    expect(w).toMatchObject({ kind: 'warning', variable: 'SEX', severity: 'low' });
    expect(w!.recommendation).toMatch(/Controlled Terminology/);
  });
});

describe('counting and the score', () => {
  it('counts applications and failed applications; the score is 100 × (1 − failed / applied)', () => {
    const clean = validateDataset(ds('AE', [AE_OK]), ctx, HAND_RULES_WITH_RETIRED);
    expect(clean.failed).toBe(0);
    expect(clean.applied).toBeGreaterThan(10);
    const bad = validateDataset(ds('AE', [{ ...AE_OK, AESER: 'Yes', AEOCCUR: 'Y' }]), ctx, HAND_RULES_WITH_RETIRED);
    expect(bad.applied).toBe(clean.applied);
    expect(bad.failed).toBe(2);
    expect(complianceScore(bad.applied, bad.failed)).toBe(Math.round(1000 * (1 - 2 / bad.applied)) / 10);
    expect(complianceScore(0, 0)).toBe(100);
    expect(complianceScore(4, 1)).toBe(75);
  });
  it('keeps at most 25 findings per rule and dataset, counting the rest in the message', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ ...AE_OK, AESEQ: i + 1, AESER: 'Yes' }));
    const f = byCore(ds('AE', rows), 'CORE-000087');
    expect(f).toHaveLength(25);
    expect(f[24]!.message).toContain('and 5 more');
  });
});
