/**
 * The CDISC CORE rules the SDTM validation implements: the generator of
 * apps/api/src/modules/cdisc/validation/core-rules.json.
 *
 *   npx tsx scripts/core-rules/build.ts [--reference DIR] [--out FILE]
 *
 * Reads core-rules/core-rules-sdtmig-published.csv under DIR (defaults to ../shared/reference from the
 * repo root; CI never reads it, the app ships the checked-in JSON) and writes, for each rule listed in
 * IMPLEMENTED below, its CORE id, description, message, domains and classes as published, with the
 * generic check (and its parameters) that apps/api/src/modules/cdisc/validation/rules.ts applies. A rule
 * missing from the CSV stops the build: no id is made up. Variables written "--X" take the dataset's
 * two-letter domain prefix.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

type Params = Record<string, string | number | string[]>;
export interface Implemented {
  check: string;
  params?: Params;
  severity?: 'high' | 'medium' | 'low';
  kind?: 'error' | 'warning';
}

/** CORE id → the generic check that implements its description. */
export const IMPLEMENTED: Record<string, Implemented> = {
  // variables that must not be present
  'CORE-000012': { check: 'variable_absent', params: { variable: 'AEOCCUR' } },
  'CORE-000013': { check: 'variable_absent', params: { variable: 'AESTAT' } },
  'CORE-000049': { check: 'variable_absent', params: { variable: '--USCHFL' } },
  'CORE-000050': { check: 'variable_absent', params: { variable: '--RSTIND' } },
  'CORE-000051': { check: 'variable_absent', params: { variable: '--RSTMOD' } },
  'CORE-000057': { check: 'variable_absent', params: { variable: 'FETUSID' } },
  'CORE-000058': { check: 'variable_absent', params: { variable: 'RPHASE' } },
  'CORE-000059': { check: 'variable_absent', params: { variable: 'RPPLDY' } },
  'CORE-000060': { check: 'variable_absent', params: { variable: 'RPPLSTDY' } },
  'CORE-000061': { check: 'variable_absent', params: { variable: 'RPPLENDY' } },
  'CORE-000064': { check: 'variable_absent', params: { variable: '--RPDY' } },
  'CORE-000065': { check: 'variable_absent', params: { variable: '--RPSTDY' } },
  'CORE-000066': { check: 'variable_absent', params: { variable: '--RPENDY' } },
  'CORE-000069': { check: 'variable_absent', params: { variable: 'SPECIES' } },
  'CORE-000070': { check: 'variable_absent', params: { variable: 'STRAIN' } },
  'CORE-000071': { check: 'variable_absent', params: { variable: 'SBSTRAIN' } },
  'CORE-000075': { check: 'variable_absent', params: { variable: 'AEREASND' } },
  'CORE-000242': { check: 'variable_absent', params: { variable: '--EXCLFL' } },
  'CORE-000243': { check: 'variable_absent', params: { variable: '--REASEX' } },
  'CORE-000244': { check: 'variable_absent', params: { variable: '--DETECT' } },
  'CORE-000245': { check: 'variable_absent', params: { variable: '--NOMDY' } },
  'CORE-000246': { check: 'variable_absent', params: { variable: '--NOMLBL' } },
  // datasets that must not be present
  'CORE-000042': { check: 'dataset_absent', params: { dataset: 'TT' } },
  'CORE-000043': { check: 'dataset_absent', params: { dataset: 'TP' } },
  'CORE-000044': { check: 'dataset_absent', params: { dataset: 'SJ' } },
  // DM must be there (the spec's MISSING_REQUIRED_DOMAIN)
  'CORE-000581': { check: 'dm_present' },
  // required / expected variables
  'CORE-000355': { check: 'required_present' },
  'CORE-000356': { check: 'required_not_null' },
  'CORE-000334': { check: 'expected_present', kind: 'warning', severity: 'low' },
  // when one variable is present in the dataset, another must be
  'CORE-000026': { check: 'present_requires', params: { if: '--TPT', then: '--TPTNUM' } },
  'CORE-000166': { check: 'present_requires', params: { if: '--TPTNUM', then: '--TPT' } },
  'CORE-000104': { check: 'present_requires', params: { if: '--SCAT', then: '--CAT' } },
  'CORE-000171': { check: 'present_requires', params: { if: '--ENRTPT', then: '--ENTPT' } },
  'CORE-000258': { check: 'present_requires', params: { if: '--STRTPT', then: '--STTPT' } },
  'CORE-000261': { check: 'present_requires', params: { if: '--STTPT', then: '--STRTPT' } },
  'CORE-000321': { check: 'present_requires', params: { if: '--DTC', then: '--DY' }, kind: 'warning', severity: 'low' },
  'CORE-000328': { check: 'present_requires', params: { if: '--STDTC', then: '--STDY' }, kind: 'warning', severity: 'low' },
  'CORE-000776': { check: 'present_requires', params: { if: '--ENDTC', then: '--ENDY' }, kind: 'warning', severity: 'low' },
  'CORE-000700': { check: 'present_requires', params: { if: '--DY', then: '--DTC' } },
  'CORE-000862': { check: 'present_requires', params: { if: '--STDY', then: '--STDTC' } },
  'CORE-000864': { check: 'present_requires', params: { if: '--ENDY', then: '--ENDTC' } },
  // when one value is populated, another must be
  'CORE-000189': { check: 'populated_requires', params: { if: 'AGE', then: 'AGEU' } },
  'CORE-000190': { check: 'populated_requires', params: { if: 'AGEU', then: 'AGE' } },
  'CORE-000103': { check: 'populated_requires', params: { if: '--SCAT', then: '--CAT' } },
  'CORE-000133': { check: 'populated_requires', params: { if: '--STRESU', then: '--STRESC' } },
  'CORE-000267': { check: 'populated_requires', params: { if: '--PTCD', then: '--DECOD' } },
  'CORE-000024': { check: 'populated_requires', params: { if: '--BODSYS', then: '--BDSYCD' }, kind: 'warning', severity: 'low' },
  'CORE-000119': { check: 'populated_requires', params: { if: 'ARM', then: 'ARMCD' } },
  'CORE-000120': { check: 'populated_requires', params: { if: 'ACTARM', then: 'ACTARMCD' } },
  'CORE-000191': { check: 'populated_requires', params: { if: 'ARM', then: 'RFENDTC' } },
  'CORE-000257': { check: 'populated_requires', params: { if: '--STRTPT', then: '--STTPT' } },
  'CORE-000265': { check: 'populated_requires', params: { if: '--ENRTPT', then: '--ENTPT' } },
  // allowed values when populated (controlled terminology subsets the rules name)
  'CORE-000006': { check: 'value_in', params: { variable: 'DTHFL', values: ['Y'] } },
  'CORE-000037': { check: 'value_in', params: { variable: 'SVPRESP', values: ['Y'] } },
  'CORE-000087': { check: 'value_in', params: { variable: 'AESER', values: ['Y', 'N'] } },
  'CORE-000123': { check: 'value_in', params: { variable: 'AESCAN', values: ['Y', 'N'] } },
  'CORE-000124': { check: 'value_in', params: { variable: 'AESCONG', values: ['Y', 'N'] } },
  'CORE-000125': { check: 'value_in', params: { variable: 'AESDISAB', values: ['Y', 'N'] } },
  'CORE-000126': { check: 'value_in', params: { variable: 'AESDTH', values: ['Y', 'N'] } },
  'CORE-000127': { check: 'value_in', params: { variable: 'AESHOSP', values: ['Y', 'N'] } },
  'CORE-000128': { check: 'value_in', params: { variable: 'AESLIFE', values: ['Y', 'N'] } },
  'CORE-000129': { check: 'value_in', params: { variable: 'AESOD', values: ['Y', 'N'] } },
  'CORE-000130': { check: 'value_in', params: { variable: 'AESMIE', values: ['Y', 'N'] } },
  'CORE-000131': { check: 'value_in', params: { variable: 'AECONTRT', values: ['Y', 'N'] } },
  'CORE-000170': { check: 'value_in', params: { variable: '--LOBXFL', values: ['Y'] } },
  'CORE-000572': { check: 'value_in', params: { variable: '--ENRTPT', values: ['BEFORE', 'COINCIDENT', 'ONGOING', 'AFTER', 'UNKNOWN'] } },
  // values that must not be used
  'CORE-000159': { check: 'value_not', params: { variable: '--TESTCD', values: ['OTHER'] } },
  'CORE-000162': { check: 'value_not', params: { variable: '--TESTCD', values: ['MULTIPLE'] } },
  'CORE-000160': { check: 'value_not', params: { variable: '--TRT', values: ['OTHER'] } },
  'CORE-000163': { check: 'value_not', params: { variable: '--TRT', values: ['MULTIPLE'] } },
  'CORE-000161': { check: 'value_not', params: { variable: '--TERM', values: ['OTHER'] } },
  'CORE-000164': { check: 'value_not', params: { variable: '--TERM', values: ['MULTIPLE'] } },
  // numbers that must not be negative
  'CORE-000308': { check: 'not_negative', params: { variable: '--DOSE' } },
  'CORE-000310': { check: 'not_negative', params: { variable: 'AGE' } },
  'CORE-000517': { check: 'not_negative', params: { variable: '--DOSTOT' } },
  'CORE-000518': { check: 'not_negative', params: { variable: '--VAMT' } },
  // start on or before end
  'CORE-000718': { check: 'start_before_end', params: { start: '--STDTC', end: '--ENDTC' } },
  'CORE-000711': { check: 'start_before_end', params: { start: 'RFSTDTC', end: 'RFENDTC' } },
  'CORE-000714': { check: 'start_before_end', params: { start: 'RFXSTDTC', end: 'RFXENDTC' } },
  'CORE-000866': { check: 'start_before_end', params: { start: '--DTC', end: '--ENDTC' } },
  // values across datasets, by subject: DM's first exposure against EX, --ENRF against DM's reference end
  'CORE-000239': { check: 'equals_subject_min', params: { variable: 'RFXSTDTC', dataset: 'EX', of: 'EXSTDTC' } },
  'CORE-000177': { check: 'dm_empty_requires_empty', params: { dm: 'RFENDTC', variable: '--ENRF' } },
  // subjects and study
  'CORE-000201': { check: 'usubjid_in_dm' },
  'CORE-000172': { check: 'studyid_matches_dm' },
  'CORE-000186': { check: 'unique', params: { variable: 'SUBJID' } },
  'CORE-000351': { check: 'unique', params: { variable: 'USUBJID' } },
  'CORE-000154': { check: 'unique_within', params: { variable: 'TSSEQ', within: 'TSPARMCD' } },
  // names, labels and lengths
  'CORE-000180': { check: 'domain_length' },
  'CORE-000182': { check: 'variable_name_length' },
  'CORE-000019': { check: 'variable_label_length' },
  'CORE-000293': { check: 'dataset_name_length' },
  'CORE-000598': { check: 'dataset_name_domain' },
  'CORE-000929': { check: 'domain_code_known' },
  'CORE-000147': { check: 'value_max_length', params: { variable: 'TSPARMCD', max: 8 } },
  'CORE-000148': { check: 'value_max_length', params: { variable: 'TSPARM', max: 40 } },
  'CORE-000199': { check: 'value_max_length', params: { variable: '--TEST', max: 40 } },
  'CORE-000222': { check: 'value_max_length', params: { variable: 'QLABEL', max: 40 } },
  'CORE-000220': { check: 'value_name_format', params: { variable: '--TESTCD' } },
  'CORE-000221': { check: 'value_name_format', params: { variable: 'QNAM' } },
  'CORE-000538': { check: 'supp_rdomain' },
  // one-to-one relationships
  'CORE-000303': { check: 'one_to_one', params: { a: '--TESTCD', b: '--TEST' } },
  'CORE-000179': { check: 'one_to_one', params: { a: 'TSPARMCD', b: 'TSPARM' } },
  'CORE-000268': { check: 'one_to_one', params: { a: '--DECOD', b: '--PTCD' } },
  'CORE-000302': { check: 'one_to_one', params: { a: 'QNAM', b: 'QLABEL' } },
  // text values
  'CORE-000867': { check: 'no_leading_space', kind: 'warning', severity: 'low' },
  'CORE-000890': { check: 'no_dot_value', kind: 'warning', severity: 'low' },
  // ISO 8601
  'CORE-000505': { check: 'ts_iso8601', params: { parmcd: 'SSTDTC' } },
};

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../..');
  const arg = (name: string) => {
    const k = process.argv.indexOf(name);
    return k > 0 ? process.argv[k + 1] : undefined;
  };
  const reference = arg('--reference') ?? path.resolve(root, '../shared/reference');
  const out = arg('--out') ?? path.join(root, 'apps/api/src/modules/cdisc/validation/core-rules.json');
  const rows = parse(readFileSync(path.join(reference, 'core-rules/core-rules-sdtmig-published.csv')), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const byId = new Map(rows.map((r) => [r.core_id!, r]));
  const list = (s: string | undefined) => (s ?? '').split(';').map((x) => x.trim()).filter(Boolean);
  const rules = Object.entries(IMPLEMENTED)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([coreId, impl]) => {
      const r = byId.get(coreId);
      if (!r) throw new Error(`${coreId} is not in the reference CSV`);
      return {
        core_id: coreId,
        description: r.description!.replace(/\s+/g, ' ').trim(),
        message: (r.message ?? '').replace(/\s+/g, ' ').trim(),
        domains: list(r.domains),
        classes: list(r.classes),
        check: impl.check,
        params: impl.params ?? {},
        kind: impl.kind ?? 'error',
        severity: impl.severity ?? (impl.kind === 'warning' ? 'low' : 'high'),
      };
    });
  writeFileSync(out, `${JSON.stringify({ source: 'core-rules/core-rules-sdtmig-published.csv', rules }, null, 1)}\n`);
  console.log(`${rules.length} rules written to ${path.relative(root, out)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
