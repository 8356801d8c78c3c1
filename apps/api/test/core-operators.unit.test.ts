// Operators and operations of the CORE rule language that no CDISC test case covers, checked on small studies
// written here with CDISC's own rule definitions: inconsistent_enumerated_columns (CORE-000582, TSVAL, TSVAL1,
// ...) and max (CORE-000717, an AE starting after the subject's last disposition event), as Operator.md and
// Operations.md describe them; and the relationship joins where the cases leave a reading open: a SUPP-- record
// whose parent is missing or whose domain was not submitted (CORE-000206), and RELREC with a domain-code wildcard
// relating only that domain's records (CORE-000767, no CDISC case).
import { describe, expect, it } from 'vitest';
import { sdtmigRules } from '../src/modules/cdisc/validation/core/load-rules.ts';
import { runRule } from '../src/modules/cdisc/validation/core/run-rule.ts';
import type { Cell, StudyDataset } from '../src/modules/cdisc/validation/core/types.ts';

const rule = (id: string) => sdtmigRules().find((r) => r.core_id === id)!;

function dataset(name: string, className: string, rows: Record<string, Cell>[]): StudyDataset {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return { name, label: name, className, variables: names.map((n) => ({ name: n, label: n, type: 'Char', length: 200 })), rows };
}

const records = (outcome: ReturnType<typeof runRule>) => (outcome.status === 'run' ? [...new Set(outcome.findings.map((f) => `${f.dataset}|${f.record}`))] : outcome.reason);

describe('inconsistent_enumerated_columns (CORE-000582)', () => {
  it('flags a record whose TSVAL(N+1) is populated while TSVAL(N) is blank', () => {
    const ts = dataset('TS', 'TRIAL DESIGN', [
      { STUDYID: 'S', DOMAIN: 'TS', TSSEQ: 1, TSGRPID: null, TSPARMCD: 'TITLE', TSVAL: 'A long title', TSVAL1: 'continued', TSVAL2: null },
      { STUDYID: 'S', DOMAIN: 'TS', TSSEQ: 2, TSGRPID: null, TSPARMCD: 'OBJPRIM', TSVAL: 'Primary', TSVAL1: null, TSVAL2: 'a gap' },
      { STUDYID: 'S', DOMAIN: 'TS', TSSEQ: 3, TSGRPID: null, TSPARMCD: 'SPONSOR', TSVAL: null, TSVAL1: 'no first', TSVAL2: null },
    ]);
    expect(records(runRule(rule('CORE-000582'), { datasets: [ts] }))).toEqual(['TS|2', 'TS|3']);
  });
});

describe('max (CORE-000717)', () => {
  it("compares each AE start with the latest DSSTDTC of the subject's disposition events", () => {
    const ds = dataset('DS', 'EVENTS', [
      { STUDYID: 'S', DOMAIN: 'DS', USUBJID: '1', DSSEQ: 1, DSSTDTC: '2024-01-10' },
      { STUDYID: 'S', DOMAIN: 'DS', USUBJID: '1', DSSEQ: 2, DSSTDTC: '2024-03-01' },
      { STUDYID: 'S', DOMAIN: 'DS', USUBJID: '2', DSSEQ: 1, DSSTDTC: '2024-02-01' },
    ]);
    const ae = dataset('AE', 'EVENTS', [
      { STUDYID: 'S', DOMAIN: 'AE', USUBJID: '1', AESEQ: 1, AESTDTC: '2024-02-15' },
      { STUDYID: 'S', DOMAIN: 'AE', USUBJID: '1', AESEQ: 2, AESTDTC: '2024-03-05' },
      { STUDYID: 'S', DOMAIN: 'AE', USUBJID: '2', AESEQ: 1, AESTDTC: '2024-01-20' },
    ]);
    const outcome = runRule(rule('CORE-000717'), { datasets: [ae, ds] });
    expect(records(outcome)).toEqual(['AE|2']);
    expect(outcome.status === 'run' && outcome.findings.find((f) => f.variable === '$max_dsstdtc')?.value).toBe('2024-03-01');
  });
});

describe('relationship joins', () => {
  it('reports a SUPP-- record whose IDVAR / IDVARVAL names no parent record, also when its domain was not submitted (CORE-000206)', () => {
    const ae = dataset('AE', 'EVENTS', [
      { STUDYID: 'S', DOMAIN: 'AE', USUBJID: '1', AESEQ: 1 },
      { STUDYID: 'S', DOMAIN: 'AE', USUBJID: '2', AESEQ: 2 },
    ]);
    const suppae = dataset('SUPPAE', 'RELATIONSHIP', [
      { STUDYID: 'S', RDOMAIN: 'AE', USUBJID: '1', IDVAR: 'AESEQ', IDVARVAL: '2', QNAM: 'AETRTEM', QVAL: 'Y' },
      { STUDYID: 'S', RDOMAIN: 'AE', USUBJID: '2', IDVAR: 'AESEQ', IDVARVAL: '2', QNAM: 'AETRTEM', QVAL: 'Y' },
    ]);
    const suppex = dataset('SUPPEX', 'RELATIONSHIP', [{ STUDYID: 'S', RDOMAIN: 'EX', USUBJID: '1', IDVAR: 'EXSEQ', IDVARVAL: '1', QNAM: 'EXTRT2', QVAL: 'Y' }]);
    // SUPPAE 1 names subject 1's AESEQ 2, which is subject 2's: the subject is a match key too.
    expect(records(runRule(rule('CORE-000206'), { datasets: [ae, suppae, suppex] }))).toEqual(['SUPPAE|1', 'SUPPEX|1']);
  });

  it('relates through RELREC only the records of the domain a domain-code wildcard names (CORE-000767)', () => {
    const ae = dataset('AE', 'EVENTS', [
      { STUDYID: 'S', DOMAIN: 'AE', USUBJID: '1', AESEQ: 1, AEDECOD: 'HEADACHE' },
      { STUDYID: 'S', DOMAIN: 'AE', USUBJID: '1', AESEQ: 2, AEDECOD: 'NAUSEA' },
    ]);
    const fa = dataset('FA', 'FINDINGS ABOUT', [{ STUDYID: 'S', DOMAIN: 'FA', USUBJID: '1', FASEQ: 1, FAOBJ: 'MIGRAINE' }]);
    const ds = dataset('DS', 'EVENTS', [{ STUDYID: 'S', DOMAIN: 'DS', USUBJID: '1', DSSEQ: 1, DSDECOD: 'COMPLETED' }]);
    const relrec = dataset('RELREC', 'RELATIONSHIP', [
      { STUDYID: 'S', RDOMAIN: 'AE', USUBJID: '1', IDVAR: 'AESEQ', IDVARVAL: '1', RELTYPE: null, RELID: 'R1' },
      { STUDYID: 'S', RDOMAIN: 'FA', USUBJID: '1', IDVAR: 'FASEQ', IDVARVAL: '1', RELTYPE: null, RELID: 'R1' },
      { STUDYID: 'S', RDOMAIN: 'AE', USUBJID: '1', IDVAR: 'AESEQ', IDVARVAL: '2', RELTYPE: null, RELID: 'R2' },
      { STUDYID: 'S', RDOMAIN: 'DS', USUBJID: '1', IDVAR: 'DSSEQ', IDVARVAL: '1', RELTYPE: null, RELID: 'R2' },
    ]);
    const outcome = runRule(rule('CORE-000767'), { datasets: [ae, fa, ds, relrec] });
    // AE 1's FA record has another object; AE 2 is related to DS only, which has no FAOBJ to compare with.
    expect(records(outcome)).toEqual(['AE|1']);
    expect(outcome.status === 'run' && outcome.findings.find((f) => f.variable === 'RELREC.FAOBJ')?.value).toBe('MIGRAINE');
  });
});
