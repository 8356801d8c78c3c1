// distinct with value_is_reference (Operations.md): the values of a variable that name variables (IDVAR), kept
// when the dataset of the record's RDOMAIN has that variable: the set of valid IDVAR values of a relationship
// dataset. The dataset read is the checked one when the operation's domain names it (SUPP-- for SUPPLB).
import type { Cell, CoreOperation, StudyDataset } from '../types.ts';
import { NotRunnable } from '../not-runnable.ts';
import { asText } from '../values.ts';
import { datasetsOfDomain, domainOf } from './domains.ts';

const names = (pattern: string, d: StudyDataset) =>
  pattern.endsWith('--') ? d.name.startsWith(pattern.slice(0, -2)) : pattern === d.name || pattern === domainOf(d);

export function referencedVariables(op: CoreOperation, checked: StudyDataset, datasets: StudyDataset[], resolve: (n: string) => string): Cell[] {
  const domain = op.domain ?? checked.name;
  const source = names(domain, checked) ? checked : datasets.find((d) => !domain.includes('--') && d.name === domain);
  if (!source) {
    if (domain.includes('--')) throw new NotRunnable(`its operation ${op.operator} reads ${domain} by pattern from another dataset, which is not supported yet`);
    return [];
  }
  const column = resolve(op.name ?? '');
  const variablesOf = new Map<string, Set<string>>();
  const out = new Set<string>();
  for (const r of source.rows) {
    const named = asText(r[column] ?? null);
    const rdomain = asText(r.RDOMAIN ?? null);
    if (!named || !rdomain) continue;
    if (!variablesOf.has(rdomain)) variablesOf.set(rdomain, new Set(datasetsOfDomain(datasets, rdomain).flatMap((d) => d.variables.map((v) => v.name))));
    if (variablesOf.get(rdomain)!.has(named)) out.add(named);
  }
  return [...out];
}
