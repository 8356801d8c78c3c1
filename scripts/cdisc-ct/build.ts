/**
 * The CDISC Controlled Terminology subset the product ships: the generator of
 * apps/api/src/modules/cdisc/terminology/cdisc-ct.json, read by the SDTM generation (recoding collected values to
 * submission values, test names, units), the Define-XML code lists and the validation's terminology check.
 *
 *   npx tsx scripts/cdisc-ct/build.ts [--reference DIR] [--out FILE]
 *
 * The full NCI/CDISC CT is not in the reference material; this is every code list term the public files
 * there carry, merged by code list C-code and submission value:
 *  - define-xml-2.1/examples/defineV21-SDTM.xml: CDISC's Define-XML 2.1 example's code lists with an NCI
 *    code (terms with their C-codes and decodes; sponsor-extended values left out);
 *  - cosmos/cdisc_sdtm_dataset_specializations_latest.csv: per biomedical concept the assigned terms
 *    (VSTESTCD = SYSBP with its C-code, VSTEST = "Systolic Blood Pressure", VSSTRESU = mmHg ...) and
 *    value lists (submission values without codes);
 *  - cosmos/cdisc_crf_specializations_draft.csv: value lists with their display texts (decodes) and
 *    prepopulated terms with codes;
 *  - sdtm-oak/raw_data__sdtm_ct.csv, ct__ct-01-cm.csv: terms with codes, preferred terms and synonyms;
 *  - core-rules/cases/<rule>/negative/<case>/data/ts.csv (CDISC's CORE rule test data): Trial Summary values with
 *    their C-codes (TPHASE, TBLIND, TCNTRL, INTMODEL, ...), in the value code list COSMoS gives each
 *    TS parameter.
 * A code list's name is its submission value (short name: SEX, VSTESTCD, UNIT). The COSMoS package date is
 * recorded as the version the terms were taken at.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';

type Row = Record<string, string>;
interface Term {
  value: string;
  /** The source's age: the Define-XML example (2019) is older than COSMoS and sdtm.oak. */
  rank: number;
  code: string | null;
  decode: string | null;
  synonyms: Set<string>;
}
interface CodeList {
  code: string;
  name: string;
  guessed: boolean;
  terms: Map<string, Term>;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]!) : fallback;
};
const REFERENCE = arg('--reference', path.join(REPO_ROOT, '..', 'shared', 'reference'));
const OUT = arg('--out', path.join(REPO_ROOT, 'apps/api/src/modules/cdisc/terminology/cdisc-ct.json'));

const csv = (file: string): Row[] => parse(readFileSync(path.join(REFERENCE, file)), { columns: true, skip_empty_lines: true, bom: true }) as Row[];
const C_CODE = /^C\d+$/;
const lists = new Map<string, CodeList>();

/** The code list; a name from a submission value (COSMoS) wins over one guessed from a define OID. */
function list(code: string, name: string, guess = false): CodeList | null {
  if (!C_CODE.test(code)) return null;
  let l = lists.get(code);
  if (!l) lists.set(code, (l = { code, name: name || code, guessed: guess || !name, terms: new Map() }));
  else if (l.guessed && name && !guess) Object.assign(l, { name, guessed: false });
  return l;
}
let rank = 1;
function term(l: CodeList | null, value: string, code?: string | null, decode?: string | null, synonyms: string[] = []) {
  const v = value.trim();
  if (!l || !v) return;
  let t = l.terms.get(v);
  if (!t) l.terms.set(v, (t = { value: v, rank, code: null, decode: null, synonyms: new Set() }));
  t.rank = Math.max(t.rank, rank);
  if (code && C_CODE.test(code) && !t.code) t.code = code;
  if (decode?.trim() && !t.decode && decode.trim() !== v) t.decode = decode.trim();
  for (const s of synonyms) if (s.trim() && s.trim() !== v) t.synonyms.add(s.trim());
}
const splitList = (s: string) => (s ? s.split(';').map((x) => x.trim()).filter(Boolean) : []);

// 1. The Define-XML example's code lists
const asArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: false }).parse(
  readFileSync(path.join(REFERENCE, 'define-xml-2.1/examples/defineV21-SDTM.xml')),
);
const nci = (node: Record<string, unknown>) => asArray(node.Alias as Record<string, string>[]).find((a) => a.Context === 'nci:ExtCodeID')?.Name ?? null;
const textOf = (node: unknown): string => {
  const t = (node as { TranslatedText?: unknown })?.TranslatedText;
  const first = asArray(t)[0];
  return typeof first === 'string' ? first : ((first as { '#text'?: string })?.['#text'] ?? '');
};
for (const cl of asArray(xml.ODM.Study.MetaDataVersion.CodeList) as Record<string, unknown>[]) {
  const code = nci(cl);
  if (!code) continue;
  const l = list(code, /\.DOMAIN$/.test(String(cl.OID)) ? 'DOMAIN' : String(cl.OID).replace(/^CL\./, '').replace(/\..*$/, ''), true);
  for (const item of [...asArray(cl.CodeListItem as Record<string, unknown>[]), ...asArray(cl.EnumeratedItem as Record<string, unknown>[])]) {
    if (item['def:ExtendedValue'] === 'Yes') continue;
    term(l, String(item.CodedValue), nci(item), item.Decode ? textOf(item.Decode) : null);
  }
}

// 2. COSMoS SDTM dataset specializations: assigned terms and value lists; and each findings test's
// standard unit (the --STRESU assigned to the concept whose --TESTCD is assigned: VS.SYSBP -> mmHg)
rank = 2;
let version = '';
const testOfGroup = new Map<string, string>();
const unitOfGroup = new Map<string, string>();
for (const r of csv('cosmos/cdisc_sdtm_dataset_specializations_latest.csv')) {
  if (r.package_date && r.package_date > version) version = r.package_date;
  const group = `${r.domain}\u0000${r.vlm_group_id}`;
  if (r.sdtm_variable === `${r.domain}TESTCD` && r.assigned_value) testOfGroup.set(group, r.assigned_value);
  if (r.sdtm_variable === `${r.domain}STRESU` && r.assigned_value) unitOfGroup.set(group, r.assigned_value);
  const l = list(r.codelist ?? '', r.codelist_submission_value ?? '');
  if (r.assigned_value) term(l, r.assigned_value, r.assigned_term || null);
  for (const v of splitList(r.value_list ?? '')) term(l, v);
}

// 3. COSMoS CRF specializations: value lists with their display texts
for (const r of csv('cosmos/cdisc_crf_specializations_draft.csv')) {
  const l = list(r.codelist ?? '', r.codelist_submission_value ?? '');
  const values = splitList(r.value_list ?? '');
  const shown = splitList(r.value_display_list ?? '');
  values.forEach((v, i) => term(l, v, null, shown.length === values.length ? shown[i] : null));
  if (r.prepopulated_term) term(l, r.prepopulated_term, r.prepopulated_code || null);
}

// 4. sdtm.oak's study CT: codes, preferred terms, collected values and synonyms
for (const file of ['sdtm-oak/raw_data__sdtm_ct.csv', 'sdtm-oak/ct__ct-01-cm.csv']) {
  for (const r of csv(file)) {
    const l = list(r.codelist_code ?? '', '');
    term(l, r.term_value ?? '', r.term_code || null, r.term_preferred_term || null, [r.collected_value ?? '', ...splitList(r.term_synonyms ?? '')]);
  }
}

// 5. Trial Summary values: CDISC's CORE rule test data (core-rules/cases/<rule>/negative/<case>/data/ts.csv, the
// datasets each rule must pass) give TSVAL with its TSVALCD where TSVCDREF names CDISC CT; COSMoS's TS
// specializations give each parameter's value code list (TSPARMCD = TPHASE: TSVAL from C66737). A value
// whose cases disagree on the code takes the code most of them give; redacted values are left out.
const tsValueList = new Map<string, { code: string; name: string }>();
for (const r of csv('cosmos/cdisc_sdtm_dataset_specializations_latest.csv')) {
  if (r.domain === 'TS' && r.sdtm_variable === 'TSVAL' && r.codelist) tsValueList.set(r.vlm_group_id ?? '', { code: r.codelist, name: r.codelist_submission_value ?? '' });
}
const tsCodes = new Map<string, Map<string, number>>();
const casesDir = path.join(REFERENCE, 'core-rules/cases');
for (const rule of readdirSync(casesDir).sort()) {
  const negative = path.join(casesDir, rule, 'negative');
  if (!existsSync(negative)) continue;
  for (const c of readdirSync(negative).sort()) {
    const file = path.join('core-rules/cases', rule, 'negative', c, 'data', 'ts.csv');
    if (!existsSync(path.join(REFERENCE, file))) continue;
    for (const r of csv(file)) {
      const value = (r.TSVAL ?? '').trim();
      if (!/^CDISC/i.test(r.TSVCDREF ?? '') || !C_CODE.test(r.TSVALCD ?? '') || !value || value === 'redacted' || !tsValueList.has(r.TSPARMCD ?? '')) continue;
      const key = `${r.TSPARMCD}\u0000${value}`;
      const counts = tsCodes.get(key) ?? new Map<string, number>();
      counts.set(r.TSVALCD!, (counts.get(r.TSVALCD!) ?? 0) + 1);
      tsCodes.set(key, counts);
    }
  }
}
for (const [key, counts] of [...tsCodes].sort(([a], [b]) => a.localeCompare(b))) {
  const [parameter, value] = key.split('\u0000') as [string, string];
  const target = tsValueList.get(parameter)!;
  const [code] = [...counts].sort(([a, n], [b, m]) => m - n || a.localeCompare(b))[0]!;
  term(list(target.code, target.name), value, code);
}

// A term whose C-code another term of the list has from a newer source was renamed since (the 2019
// example's VSRESU "Beats per Minute" is "beats/min" now): the older value becomes a synonym.
for (const l of lists.values()) {
  const byCode = new Map<string, Term>();
  for (const t of l.terms.values()) if (t.code && (byCode.get(t.code)?.rank ?? 0) < t.rank) byCode.set(t.code, t);
  for (const t of [...l.terms.values()]) {
    const newest = t.code ? byCode.get(t.code) : undefined;
    if (!newest || newest === t || newest.rank === t.rank) continue;
    newest.synonyms.add(t.value);
    if (!newest.decode && t.decode) newest.decode = t.decode;
    l.terms.delete(t.value);
  }
}

const standardUnits: Record<string, string> = {};
for (const [group, unit] of unitOfGroup) {
  const test = testOfGroup.get(group);
  const key = test && `${group.split('\u0000')[0]}.${test}`;
  // a test with concepts of different standard units (none today) gets none rather than a guess
  if (key) standardUnits[key] = key in standardUnits && standardUnits[key] !== unit ? '' : unit;
}

// Compact output: code lists sorted by code, terms by value; a term as [value, code, decode, synonyms].
const out = {
  source: 'Public CDISC material in the reference folder (Define-XML 2.1 example, COSMoS, sdtm.oak, CORE rule test data); a subset of CDISC CT',
  version,
  termColumns: ['value', 'code', 'decode', 'synonyms'],
  /** domain.TESTCD -> the standard unit of --STRESU. */
  standardUnits: Object.fromEntries(Object.entries(standardUnits).filter(([, u]) => u).sort()),
  codeLists: [...lists.values()]
    .filter((l) => l.terms.size > 0)
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((l) => ({
      code: l.code,
      name: l.name,
      terms: [...l.terms.values()].sort((a, b) => a.value.localeCompare(b.value)).map((t) => [t.value, t.code, t.decode, [...t.synonyms].sort()]),
    })),
};
writeFileSync(OUT, `${JSON.stringify(out)}\n`);
console.log(`${out.codeLists.length} code lists, ${out.codeLists.reduce((n, l) => n + l.terms.length, 0)} terms (CT as of ${version}) -> ${path.relative(REPO_ROOT, OUT)}`);
