// Controlled-terminology recoding during SDTM generation: a collected value of a variable with a CDISC code
// list becomes the list's submission value ("Male" -> M, "mm Hg" -> mmHg); findings get --TEST from CT and
// their standard results and units. Values CT does not know are kept as collected and counted, so the run
// can say how many (never which: notes carry no clinical values).
import type { SdtmRecord, SdtmValue } from '../sdtm/derive.ts';
import { codeList, findTerm, termByCode } from './ct.ts';
import { standardResult, standardUnitName } from './units.ts';

export class RecodeLog {
  private unmatched = new Map<string, number>();
  private unconverted = new Set<string>();
  private unknownUnits = new Map<string, number>();
  recoded = 0;

  miss(where: string) {
    this.unmatched.set(where, (this.unmatched.get(where) ?? 0) + 1);
  }
  unit(where: string) {
    this.unknownUnits.set(where, (this.unknownUnits.get(where) ?? 0) + 1);
  }
  noConversion(text: string) {
    this.unconverted.add(text);
  }
  /** The run's notes: counts per variable, never the values. */
  notes(): string[] {
    const out: string[] = [];
    if (this.recoded) out.push(`${this.recoded} collected values recoded to CDISC CT submission values`);
    for (const [where, n] of this.unmatched) out.push(`${where}: ${n} value${n === 1 ? '' : 's'} not in the shipped CT subset, kept as collected`);
    for (const [where, n] of this.unknownUnits) out.push(`${where}: ${n} unit${n === 1 ? '' : 's'} not recognised as CT UNIT values, kept as collected`);
    for (const text of this.unconverted) out.push(`${text}: results kept in the collected unit`);
    return out;
  }
}

/** The submission value of a value for a variable with a code list (hints: the choice's label). */
export function recodeValue(codeListCode: string | null, value: SdtmValue, hints: string[], log: RecodeLog, where: string): SdtmValue {
  if (typeof value !== 'string' || !value || !codeListCode || !codeList(codeListCode)) return value;
  const hit = findTerm(codeListCode, value, hints);
  if (!hit) {
    log.miss(`${where} (${codeList(codeListCode)!.name})`);
    return value;
  }
  if (hit.term.value !== value) log.recoded += 1;
  return hit.term.value;
}

/** A findings record's --TEST from CT, --ORRESU as a CT unit, and --STRES* in the standard unit. */
export function standardiseFindings(domain: string, record: SdtmRecord, codeListOf: (variable: string) => string | null, log: RecodeLog): void {
  const p = domain;
  const testCode = record[`${p}TESTCD`];
  if (typeof testCode !== 'string' || !testCode) return;
  const testCodeList = codeListOf(`${p}TESTCD`);
  const testTerm = findTerm(testCodeList, testCode)?.term;
  const testList = codeListOf(`${p}TEST`);
  const name = (testTerm?.code && testList ? termByCode(testList, testTerm.code)?.value : undefined) ?? testTerm?.decode;
  if (name) record[`${p}TEST`] = name.slice(0, 40);

  const unit = record[`${p}ORRESU`];
  if (typeof unit !== 'string' || !unit) return;
  const named = standardUnitName(unit);
  if (!named.known) log.unit(`${p}.${p}ORRESU`);
  record[`${p}ORRESU`] = named.value;
  const text = record[`${p}ORRES`];
  const num = record[`${p}STRESN`];
  if (typeof text !== 'string') return;
  const std = standardResult(domain, testCode, text, typeof num === 'number' ? num : null, named.value);
  if (std.unconverted) log.noConversion(std.unconverted);
  Object.assign(record, { [`${p}STRESC`]: std.stresc, [`${p}STRESN`]: std.stresn, [`${p}STRESU`]: std.stresu });
}
