// What define.xml says of a run's values, from the value metadata the generation stored per dataset
// (value-metadata.ts): the code lists' terms the study used, each with its NCI C-code and decode where the
// shipped CT gives them, and the findings' value-level metadata (--ORRES and --STRESN per test code).
import type { SdtmVariable } from '@ctp/contracts';
import type { DefineTerm, DefineValueLevel } from '../define/define-xml.ts';
import { CT_VERSION, findTerm } from '../terminology/ct.ts';
import type { ValueMetadata } from './value-metadata.ts';

export const CT_STANDARD = { oid: 'STD.CT.SDTM', name: 'CDISC/NCI', type: 'CT', publishingSet: 'SDTM', version: CT_VERSION, status: 'Final' } as const;

export interface RunDatasetValues {
  domain: string;
  variables: SdtmVariable[];
  valueMetadata: ValueMetadata | null;
}

/** The terms used per code list C-code, over every dataset and variable that takes the list. */
export function codeListTermsOf(datasets: RunDatasetValues[], codeListOf: (dataset: string, variable: string) => string | null): Record<string, DefineTerm[]> {
  const used = new Map<string, Set<string>>();
  for (const d of datasets) {
    for (const [variable, values] of Object.entries(d.valueMetadata?.terms ?? {})) {
      if (!d.variables.some((v) => v.name === variable)) continue;
      const code = codeListOf(d.domain.startsWith('SUPP') ? 'SUPPQUAL' : d.domain, variable);
      if (!code) continue;
      const set = used.get(code) ?? new Set<string>();
      for (const v of values) set.add(v);
      used.set(code, set);
    }
  }
  const out: Record<string, DefineTerm[]> = {};
  for (const [code, values] of used) {
    const terms = [...values].sort().map((value): DefineTerm => {
      const term = findTerm(code, value)?.term;
      const exact = term?.value === value ? term : undefined;
      // a term without an NCI code is not CDISC's (as far as the shipped CT knows): the sponsor's extension
      // of the code list (def:ExtendedValue="Yes")
      return { codedValue: value, ...(exact?.code ? { nciCode: exact.code } : { extended: true }), ...(exact?.decode && { decode: exact.decode }) };
    });
    // Define-XML: every term of a list has a decode (CodeListItem) or none has (EnumeratedItem)
    out[code] = terms.every((t) => t.decode) ? terms : terms.map(({ decode: _, ...t }) => t);
  }
  return out;
}

/** Value-level metadata of a findings dataset: per test code, its result's type and length (--ORRES,
 *  collected) and its standard numeric result (--STRESN, derived) where the results are numbers. */
export function valueLevelOf(domain: string, variables: SdtmVariable[], meta: ValueMetadata | null, stresMethod: string): Record<string, DefineValueLevel[]> {
  const tests = Object.entries(meta?.tests ?? {});
  const testcd = `${domain}TESTCD`;
  const has = (n: string) => variables.some((v) => v.name === n);
  if (!tests.length || !has(testcd)) return {};
  const out: Record<string, DefineValueLevel[]> = {};
  const where = (code: string) => [{ variable: testcd, comparator: 'EQ' as const, values: [code] }];
  if (has(`${domain}ORRES`)) {
    out[`${domain}ORRES`] = tests.map(([code, t]) => ({
      where: where(code),
      dataType: t.numeric ? (t.decimals ? 'float' : 'integer') : 'text',
      length: Math.max(1, t.resultLength),
      ...(t.numeric && t.decimals && { significantDigits: t.decimals }),
      mandatory: false,
      origin: { type: 'Collected', source: 'Investigator' },
      label: `${code} result${t.units.length ? ` (${t.units.join(', ')})` : ''}`.slice(0, 200),
    }));
  }
  const numeric = tests.filter(([, t]) => t.numeric);
  if (has(`${domain}STRESN`) && numeric.length) {
    out[`${domain}STRESN`] = numeric.map(([code, t]) => ({
      where: where(code),
      dataType: 'float',
      length: 8,
      mandatory: false,
      origin: { type: 'Derived' },
      methodOid: stresMethod,
      label: `${code} standard result${t.standardUnits.length ? ` (${t.standardUnits.join(', ')})` : ''}`.slice(0, 200),
    }));
  }
  return out;
}
