// The three CORE rules that catch missing DM reference dates (issue 25): CORE-000239 (RFXSTDTC is the
// earliest EX.EXSTDTC of a subject with exposure), CORE-000191 (RFENDTC for every subject with an ARM) and
// CORE-000177 (--ENRF only where DM.RFENDTC is filled). Each on small packages written here (so a clean
// clone runs them), and on CDISC's own test cases of the rule (../shared/reference/core-rules/cases, where
// present): the findings' dataset, record and variable are the rows the official engine reports
// (results.csv), none on the positive case. The package is checked as run.ts checks it: the per-subject
// earliest values first, DM before the other datasets.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { interpreterDataset, runCoreRules } from '../src/modules/cdisc/validation/core-in-run.ts';
import {
  CORE_RULES,
  dmRecordsOf,
  subjectMinimum,
  subjectMinimumsNeeded,
  validateDataset,
  type CatalogueDataset,
  type CellValue,
  type Finding,
  type RuleContext,
  type RuleDataset,
} from '../src/modules/cdisc/validation/rules.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CASES = path.resolve(HERE, '../../../../shared/reference/core-rules/cases');
const HAS_CASES = existsSync(CASES);
if (!HAS_CASES) console.warn(`sdtm-core-cases: CDISC's rule cases skipped: ${CASES} is absent (a clean clone has no reference files)`);

const CLASS: Record<string, string> = { DM: 'Special Purpose', EX: 'Interventions', CM: 'Interventions', MH: 'Events', AE: 'Events' };

/** Validates a package as run.ts does (the hand rules kept, then the interpreter); the findings of the rules named. */
function validatePackage(datasets: RuleDataset[], coreIds: string[]): Finding[] {
  const catalogue = new Map<string, CatalogueDataset>(
    datasets.map((d) => [d.name, { class: CLASS[d.name] ?? null, variables: new Map(d.variables.map((v) => [v.name, { core: null, type: v.type, codelistCode: null }])) }]),
  );
  const ctx: RuleContext = { dmSubjects: null, dmStudyIds: new Set(), catalogue, dmRecords: null, subjectMin: new Map() };
  for (const need of subjectMinimumsNeeded()) {
    const d = datasets.find((x) => x.name === need.dataset);
    if (d) ctx.subjectMin!.set(`${need.dataset}.${need.variable}`, subjectMinimum(d, need.variable));
  }
  const ordered = [...datasets].sort((a, b) => (a.name === 'DM' ? -1 : b.name === 'DM' ? 1 : a.name.localeCompare(b.name)));
  const out: Finding[] = [];
  for (const d of ordered) {
    if (d.name === 'DM') {
      const u = d.variables.findIndex((v) => v.name === 'USUBJID');
      ctx.dmSubjects = new Set(d.rows.map((r) => String(r[u] ?? '')));
      ctx.dmRecords = dmRecordsOf(d);
    }
    out.push(...validateDataset(d, ctx).findings.filter((f) => f.coreId && coreIds.includes(f.coreId)));
  }
  // then CDISC's definitions through the interpreter, but those still kept by hand
  const core = runCoreRules(ordered.map((d) => interpreterDataset(d)), new Set(CORE_RULES.map((r) => r.core_id)));
  out.push(...core.findings.filter((f) => f.coreId && coreIds.includes(f.coreId)));
  return out;
}

function dataset(name: string, rows: Record<string, CellValue>[]): RuleDataset {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return {
    name,
    variables: names.map((n) => ({ name: n, label: n, type: rows.some((r) => typeof r[n] === 'number') ? 'Num' : 'Char', length: 200 })),
    rows: rows.map((r) => names.map((n) => r[n] ?? null)),
  };
}
const where = (f: Finding[]) => f.map((x) => `${x.dataset},${x.record},${x.variable}`).sort();

const DM = { STUDYID: 'S', DOMAIN: 'DM', USUBJID: 'S-1', SUBJID: '1', RFSTDTC: '2024-01-10', RFENDTC: '2024-02-07', RFXSTDTC: '2024-01-10', RFXENDTC: '2024-02-07', ARMCD: 'DRUG', ARM: 'Study drug' };
const EX = [
  { STUDYID: 'S', DOMAIN: 'EX', USUBJID: 'S-1', EXSEQ: 2, EXTRT: 'STUDY DRUG', EXSTDTC: '2024-01-24', EXENDTC: '2024-02-07' },
  { STUDYID: 'S', DOMAIN: 'EX', USUBJID: 'S-1', EXSEQ: 1, EXTRT: 'STUDY DRUG', EXSTDTC: '2024-01-10', EXENDTC: '2024-01-23' },
];
const CM = { STUDYID: 'S', DOMAIN: 'CM', USUBJID: 'S-1', CMSEQ: 1, CMTRT: 'PARACETAMOL', CMSTDTC: '2023', CMENRF: 'DURING/AFTER' };

describe('CORE-000239: RFXSTDTC is the earliest EX.EXSTDTC', () => {
  it('passes when it is, and ignores subjects without exposure', () => {
    const screenFailure = { ...DM, USUBJID: 'S-2', SUBJID: '2', RFSTDTC: null, RFENDTC: null, RFXSTDTC: null, RFXENDTC: null, ARMCD: null, ARM: null };
    expect(validatePackage([dataset('DM', [DM, screenFailure]), dataset('EX', EX)], ['CORE-000239'])).toEqual([]);
  });
  it('fires on a subject with exposure whose RFXSTDTC is empty, absent or another date', () => {
    expect(where(validatePackage([dataset('DM', [{ ...DM, RFXSTDTC: null }]), dataset('EX', EX)], ['CORE-000239']))).toEqual(['DM,1,RFXSTDTC']);
    const { RFXSTDTC: _, ...noColumn } = DM;
    expect(where(validatePackage([dataset('DM', [noColumn]), dataset('EX', EX)], ['CORE-000239']))).toEqual(['DM,1,RFXSTDTC']);
    const [f] = validatePackage([dataset('DM', [{ ...DM, RFXSTDTC: '2024-01-24' }]), dataset('EX', EX)], ['CORE-000239']);
    expect(f).toMatchObject({ coreId: 'CORE-000239', kind: 'error', dataset: 'DM', variable: 'RFXSTDTC', record: 1 });
    expect(f!.message).toContain('earliest EX.EXSTDTC 2024-01-10');
    // without EX in the package the rule has nothing to compare against
    expect(validatePackage([dataset('DM', [{ ...DM, RFXSTDTC: null }])], ['CORE-000239'])).toEqual([]);
  });
});

describe('CORE-000191: RFENDTC for every subject with an ARM', () => {
  it('fires on a randomised subject without RFENDTC only', () => {
    const rows = [DM, { ...DM, USUBJID: 'S-2', SUBJID: '2', RFENDTC: null }, { ...DM, USUBJID: 'S-3', SUBJID: '3', RFENDTC: null, ARM: null, ARMCD: null }];
    expect(where(validatePackage([dataset('DM', rows)], ['CORE-000191']))).toEqual(['DM,2,ARM, RFENDTC']);
  });
});

describe('CORE-000177: --ENRF needs DM.RFENDTC', () => {
  it('fires on --ENRF of a subject whose RFENDTC is empty, in any dataset but DM', () => {
    const dm = [DM, { ...DM, USUBJID: 'S-2', SUBJID: '2', RFENDTC: null }];
    const cm = [CM, { ...CM, USUBJID: 'S-2' }, { ...CM, USUBJID: 'S-2', CMSEQ: 2, CMENRF: null }];
    const mh = [{ STUDYID: 'S', DOMAIN: 'MH', USUBJID: 'S-2', MHSEQ: 1, MHTERM: 'Asthma', MHENRF: 'DURING/AFTER' }];
    expect(where(validatePackage([dataset('DM', dm), dataset('CM', cm), dataset('MH', mh)], ['CORE-000177']))).toEqual(['CM,2,CMENRF', 'MH,1,MHENRF']);
    expect(validatePackage([dataset('DM', [DM]), dataset('CM', [CM])], ['CORE-000177'])).toEqual([]);
  });
});

/** A CDISC case's datasets: its CSV files with the types of _variables.csv (Num columns as numbers). */
function caseDatasets(dir: string): RuleDataset[] {
  const vars = parse(readFileSync(path.join(dir, '_variables.csv')), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const names = (parse(readFileSync(path.join(dir, '_datasets.csv')), { columns: true, skip_empty_lines: true }) as Record<string, string>[]).map((r) => r.Filename!);
  return names.map((file) => {
    const [header, ...rows] = parse(readFileSync(path.join(dir, `${file}.csv`)), { skip_empty_lines: true }) as string[][];
    const type = (n: string) => (vars.find((v) => v.dataset === file && v.variable === n)?.type === 'Num' ? 'Num' : 'Char');
    return {
      name: file.toUpperCase(),
      variables: header!.map((n) => ({ name: n, label: n, type: type(n), length: 200 })),
      rows: rows.map((r) => r.map((x, k): CellValue => (x === '' ? null : type(header![k]!) === 'Num' ? Number(x) : x))),
    };
  });
}
/** results.csv as dataset,record → the variables the engine names. */
function expected(dir: string): Map<string, string[]> {
  const rows = parse(readFileSync(path.join(dir, 'results.csv')), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(`${r.Dataset},${r.Record}`, [...(out.get(`${r.Dataset},${r.Record}`) ?? []), r.Variable!]);
  return out;
}

describe.skipIf(!HAS_CASES)("CDISC's test cases of the three rules", () => {
  for (const id of ['CORE-000239', 'CORE-000191', 'CORE-000177']) {
    it(`${id}: no finding on the positive case`, () => {
      const dir = path.join(CASES, id, 'positive/01');
      expect(expected(path.join(dir, 'results'))).toEqual(new Map());
      expect(validatePackage(caseDatasets(path.join(dir, 'data')), [id])).toEqual([]);
    });
  }
  for (const id of ['CORE-000191', 'CORE-000177']) {
    it(`${id}: the negative case's records, as the engine reports them`, () => {
      const dir = path.join(CASES, id, 'negative/01');
      const want = expected(path.join(dir, 'results'));
      const got = validatePackage(caseDatasets(path.join(dir, 'data')), [id]);
      expect(got.map((f) => `${f.dataset},${f.record}`).sort()).toEqual([...want.keys()].sort());
      // a finding names the variables the engine reports for its record
      for (const f of got) expect(f.variable!.split(', ').sort()).toEqual([...new Set(want.get(`${f.dataset},${f.record}`))].sort());
    });
  }
  it("CORE-000239: the negative case's subject (RFXSTDTC 2012-11-29, first dose 2012-12-02) is found", () => {
    // The engine's results.csv for this case is an EXECUTION_ERROR: the case's _variables.csv gives EX's
    // types as values, so its min_date operation could not read EXSTDTC. The data itself has the defect.
    const dir = path.join(CASES, 'CORE-000239', 'negative/01');
    expect([...expected(path.join(dir, 'results')).values()].flat()).toEqual(['EXECUTION_ERROR']);
    const got = validatePackage(caseDatasets(path.join(dir, 'data')), ['CORE-000239']);
    expect(where(got)).toEqual(['DM,1,RFXSTDTC']);
    expect(got[0]!.message).toContain('earliest EX.EXSTDTC 2012-12-02');
  });
});
