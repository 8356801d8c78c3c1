// Pure SDTM derivations: identifiers, ISO 8601 dates (partial dates kept partial), study days, exposure
// dates (RFXSTDTC/RFXENDTC; EPOCH: epochs.ts),
// sequence numbers, and the parse of a field's SDTM target ('AE.AETERM', 'VS.VSORRES where VSTESTCD =
// SYSBP', 'VS.VSPOS where VSTESTCD in (SYSBP, DIABP)', 'SUPPDM.QVAL where QNAM = RACEOTH').

/** A value of an SDTM record: text, a number, or missing. */
export type SdtmValue = string | number | null;
export type SdtmRecord = Record<string, SdtmValue>;

/** USUBJID: the study code and the subject code, unique across the submission. */
export const usubjid = (studyCode: string, subjectCode: string) => `${studyCode}-${subjectCode}`;

const ISO_PARTIAL = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?)?)?$/;

/** ISO 8601 as SDTM keeps it: YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm(:ss); '' when not a date. */
export function isoDtc(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 9999) return String(value);
  if (typeof value !== 'string') return '';
  const m = ISO_PARTIAL.exec(value.trim());
  if (!m) return '';
  const [, y, mo, d, h, mi, s] = m;
  if (mo && (Number(mo) < 1 || Number(mo) > 12)) return '';
  if (d) {
    const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d)) return '';
  }
  if (h && (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59))) return '';
  let out = y!;
  if (mo) out += `-${mo}`;
  if (d) out += `-${d}`;
  if (h) out += `T${h}:${mi}${s !== undefined ? `:${s}` : ''}`;
  return out;
}

/** A date and a time (HH:MM) as one --DTC; the time only joins a complete date. */
export function combineDateTime(date: unknown, time: unknown): string {
  const d = isoDtc(date);
  if (d.length !== 10 || typeof time !== 'string' || !/^\d{2}:\d{2}$/.test(time.trim())) return d;
  return isoDtc(`${d}T${time.trim()}`);
}

/** The whole-day number of a complete date (days since 1970-01-01), or null. */
export function dayNumber(dtc: string): number | null {
  if (dtc.length < 10) return null;
  const t = Date.parse(`${dtc.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? null : Math.round(t / 86_400_000);
}

/** --DY: the date minus RFSTDTC, plus one on or after it (there is no day 0); null for a partial date. */
export function studyDay(dtc: string | null | undefined, rfstdtc: string | null | undefined): number | null {
  const a = dayNumber(dtc ?? '');
  const b = dayNumber(rfstdtc ?? '');
  if (a === null || b === null) return null;
  const diff = a - b;
  return diff >= 0 ? diff + 1 : diff;
}

/** The planned study day of a visit's day offset from the reference start (offset 0 is day 1). */
export const plannedStudyDay = (dayOffset: number) => (dayOffset >= 0 ? dayOffset + 1 : dayOffset);

/** RFXSTDTC and RFXENDTC from a subject's EX records (SDTMIG 3.4 DM): the earliest EXSTDTC, and the latest
 *  EXENDTC, or EXSTDTC for a record without an end. ISO 8601 values compare as text (a partial date sorts
 *  before the complete dates it covers); null without exposure. */
export function exposureRange(ex: readonly SdtmRecord[]): { RFXSTDTC: string | null; RFXENDTC: string | null } {
  let first: string | null = null;
  let last: string | null = null;
  for (const r of ex) {
    const start = typeof r.EXSTDTC === 'string' && r.EXSTDTC ? r.EXSTDTC : null;
    const end = typeof r.EXENDTC === 'string' && r.EXENDTC ? r.EXENDTC : start;
    if (start && (first === null || start < first)) first = start;
    if (end && (last === null || end > last)) last = end;
  }
  return { RFXSTDTC: first, RFXENDTC: last };
}

/** Whether a subject's exposure is still going on: a record with a start and no end (EXENDTC not yet
 *  collected). RFXENDTC then is the latest start (SDTMIG 3.4), which is not the end of treatment: EPOCH's
 *  "after the last dose" elements are not started by it (see domains.ts). */
export function exposureOngoing(ex: readonly SdtmRecord[]): boolean {
  return ex.some((r) => typeof r.EXSTDTC === 'string' && r.EXSTDTC !== '' && !(typeof r.EXENDTC === 'string' && r.EXENDTC !== ''));
}

/** --SEQ: numbers a subject's records 1..n in date order (partial dates sort by their known part; undated
 *  last), ties in their given order. Mutates and returns the records. */
export function assignSeq(records: SdtmRecord[], seqVar: string, dateVars: readonly string[]): SdtmRecord[] {
  const dateOf = (r: SdtmRecord) => {
    for (const v of dateVars) {
      const x = r[v];
      if (typeof x === 'string' && x) return x;
    }
    return '\uffff';
  };
  const order = records.map((r, i) => ({ r, i, d: dateOf(r) }));
  order.sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : a.i - b.i));
  order.forEach((o, k) => (o.r[seqVar] = k + 1));
  records.splice(0, records.length, ...order.map((o) => o.r));
  return records;
}

export interface SdtmTarget {
  /** The domain of the record ('DM' for SUPPDM.QVAL). */
  domain: string;
  /** The variable ('QVAL' for a supplemental qualifier). */
  variable: string;
  /** Findings: the test codes the value belongs to (one for --ORRES, several for a shared qualifier). */
  testCodes?: string[];
  /** SUPP--: the qualifier name. */
  qnam?: string;
}

const TARGET = /^\s*(SUPP)?([A-Z][A-Z0-9]{1,3})\.([A-Z][A-Z0-9]{0,7})(?:\s+where\s+([A-Z][A-Z0-9]{0,7})\s*(=|in)\s*\(?\s*([A-Z0-9_,\s]+?)\s*\)?)?\s*$/i;

/** Parses a field's sdtmTarget; null when it is not one of the forms above. */
export function parseTarget(target: string | null | undefined): SdtmTarget | null {
  if (!target) return null;
  const m = TARGET.exec(target);
  if (!m) return null;
  const [, supp, dom, variable, whereVar, , values] = m;
  const domain = dom!.toUpperCase();
  const list = values ? values.split(',').map((v) => v.trim().toUpperCase()).filter(Boolean) : [];
  if (supp) {
    if (variable!.toUpperCase() !== 'QVAL' || whereVar?.toUpperCase() !== 'QNAM' || list.length !== 1) return null;
    return { domain, variable: 'QVAL', qnam: list[0]! };
  }
  const out: SdtmTarget = { domain, variable: variable!.toUpperCase() };
  if (whereVar) {
    if (!whereVar.toUpperCase().endsWith('TESTCD') || !list.length) return null;
    out.testCodes = list;
  }
  return out;
}

/** Findings records from one entry's values of a findings domain: one per test code with --TESTCD, --TEST
 *  (the field's label), --ORRES, --ORRESU (the field's unit), --STRESC and --STRESN; qualifiers shared by
 *  several tests go to each, values without a test code to all of the entry's records. */
export function findingsRecords(
  domain: string,
  values: { target: SdtmTarget; label: string; unit?: string; value: SdtmValue }[],
): SdtmRecord[] {
  const byTest = new Map<string, SdtmRecord>();
  const shared: SdtmRecord = {};
  const p = domain;
  for (const v of values) {
    if (v.target.testCodes?.length === 1 && v.target.variable === `${p}ORRES`) {
      if (v.value === null || v.value === '') continue;
      const code = v.target.testCodes[0]!;
      const text = typeof v.value === 'number' ? String(v.value) : v.value;
      const num = typeof v.value === 'number' ? v.value : /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : null;
      const rec = byTest.get(code) ?? {};
      Object.assign(rec, {
        [`${p}TESTCD`]: code,
        [`${p}TEST`]: v.label.slice(0, 40),
        [`${p}ORRES`]: text,
        [`${p}ORRESU`]: v.unit ?? '',
        [`${p}STRESC`]: text,
        [`${p}STRESN`]: num,
        [`${p}STRESU`]: v.unit ?? '',
      });
      byTest.set(code, rec);
    }
  }
  for (const v of values) {
    if (v.target.testCodes?.length === 1 && v.target.variable === `${p}ORRES`) continue;
    if (v.value === null || v.value === '') continue;
    if (v.target.testCodes) {
      for (const code of v.target.testCodes) {
        const rec = byTest.get(code);
        if (rec) rec[v.target.variable] = v.value;
      }
    } else {
      shared[v.target.variable] = v.value;
    }
  }
  return [...byTest.values()].map((r) => ({ ...shared, ...r }));
}
