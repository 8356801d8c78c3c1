// What define.xml needs to know of a dataset's values, gathered record by record as the generation writes
// them (so nothing is read twice and memory stays bounded): the distinct values of each variable with a CT
// code list (the CodeList's terms; a variable past MAX_TERMS distinct values is free text in practice and
// its list is dropped), and for findings, per test code, the result's longest length, whether every
// result is a number and its most decimals, and the units seen (value-level metadata).
import type { SdtmRecord } from './derive.ts';

const MAX_TERMS = 300;

export interface TestMetadata {
  records: number;
  resultLength: number;
  numeric: boolean;
  decimals: number;
  units: string[];
  standardUnits: string[];
}
export interface ValueMetadata {
  /** Variable -> its distinct values, for variables with a code list. */
  terms: Record<string, string[]>;
  /** Findings: --TESTCD value -> its results' metadata. */
  tests: Record<string, TestMetadata>;
}

export class ValueMetadataCollector {
  private terms = new Map<string, Set<string> | null>();
  private tests = new Map<string, { records: number; resultLength: number; numeric: boolean; decimals: number; units: Set<string>; standardUnits: Set<string> }>();
  private readonly prefix: string;

  constructor(
    domain: string,
    /** The variables of the dataset with a code list. */
    private readonly coded: Set<string>,
    private readonly findings: boolean,
  ) {
    this.prefix = domain;
  }

  add(record: SdtmRecord): void {
    for (const name of this.coded) {
      const v = record[name];
      if (v === null || v === undefined || v === '') continue;
      let set = this.terms.get(name);
      if (set === null) continue;
      if (!set) this.terms.set(name, (set = new Set()));
      set.add(String(v));
      if (set.size > MAX_TERMS) this.terms.set(name, null);
    }
    if (!this.findings) return;
    const p = this.prefix;
    const code = record[`${p}TESTCD`];
    const result = record[`${p}ORRES`];
    if (typeof code !== 'string' || result === null || result === undefined || result === '') return;
    let t = this.tests.get(code);
    if (!t) this.tests.set(code, (t = { records: 0, resultLength: 0, numeric: true, decimals: 0, units: new Set(), standardUnits: new Set() }));
    const text = String(result);
    t.records += 1;
    t.resultLength = Math.max(t.resultLength, Buffer.byteLength(text));
    if (/^-?\d+(\.\d+)?$/.test(text)) t.decimals = Math.max(t.decimals, text.includes('.') ? text.split('.')[1]!.length : 0);
    else t.numeric = false;
    const unit = record[`${p}ORRESU`];
    if (typeof unit === 'string' && unit) t.units.add(unit);
    const std = record[`${p}STRESU`];
    if (typeof std === 'string' && std) t.standardUnits.add(std);
  }

  toJSON(): ValueMetadata {
    const terms: Record<string, string[]> = {};
    for (const [name, set] of this.terms) if (set) terms[name] = [...set].sort();
    const tests: Record<string, TestMetadata> = {};
    for (const [code, t] of [...this.tests].sort(([a], [b]) => a.localeCompare(b))) {
      tests[code] = { ...t, units: [...t.units].sort(), standardUnits: [...t.standardUnits].sort() };
    }
    return { terms, tests };
  }
}
