// Match Datasets with "child": the checked dataset relates to its parents' records through RDOMAIN, IDVAR and
// IDVARVAL (SUPP--, CO, RELREC): each record is joined with the first record of the domain RDOMAIN names whose
// variable IDVAR names equals IDVARVAL (type-insensitive) and whose other match keys (USUBJID) equal the
// record's, as CDISC's engine merges a child with its parent; a record without such a parent keeps its own
// values and empty parent variables, so a check can report the relationship that points at nothing. A spec
// naming another dataset than the one checked does not apply to it (the engine merges it only there).
import type { Cell, StudyDataset, StudyVariable } from '../types.ts';
import type { MatchDataset } from '../match-datasets.ts';
import { NotRunnable } from '../not-runnable.ts';
import { asText, sameValue } from '../values.ts';
import { datasetsOfDomain, domainOf, keyOf } from './domains.ts';

/** Whether a child spec names the checked dataset: its name, its domain, or a pattern (SUPP--) it matches. */
function namesChecked(spec: MatchDataset, d: StudyDataset): boolean {
  const n = spec.domain_name;
  if (n.endsWith('--')) return d.name.startsWith(n.slice(0, -2));
  return n === d.name || n === domainOf(d);
}

interface Parent {
  rows: Record<string, Cell>[];
  columns: Set<string>;
  /** Per IDVAR: the parent records by their value of it (built once, on first use). */
  byVariable: Map<string, Map<string, Record<string, Cell>[]>>;
}

function parentOf(domain: string, datasets: StudyDataset[], cache: Map<string, Parent | null>): Parent | null {
  if (cache.has(domain)) return cache.get(domain)!;
  const found = datasetsOfDomain(datasets, domain);
  const parent = found.length
    ? { rows: found.flatMap((d) => d.rows), columns: new Set(found.flatMap((d) => d.variables.map((v) => v.name))), byVariable: new Map() }
    : null;
  cache.set(domain, parent);
  return parent;
}

function recordsWith(parent: Parent, variable: string, value: Cell | undefined): Record<string, Cell>[] {
  if (!parent.columns.has(variable)) return [];
  let index = parent.byVariable.get(variable);
  if (!index) {
    index = new Map();
    for (const r of parent.rows) {
      const k = keyOf(r[variable]);
      if (k === null) continue;
      if (!index.has(k)) index.set(k, []);
      index.get(k)!.push(r);
    }
    parent.byVariable.set(variable, index);
  }
  const k = keyOf(value);
  return k === null ? [] : (index.get(k) ?? []);
}

export function joinParents(
  left: StudyDataset,
  spec: MatchDataset,
  datasets: StudyDataset[],
  read: ReadonlySet<string> | null,
  record: string,
): StudyDataset {
  if (!namesChecked(spec, left)) return left;
  const own = new Set(left.variables.map((v) => v.name));
  if (!own.has('RDOMAIN') || !own.has('IDVAR')) throw new NotRunnable(`it joins ${spec.domain_name} with its parent records, which needs RDOMAIN and IDVAR`);
  const others = spec.match_key.map((k) => (typeof k === 'string' ? k : k.left)).filter((k) => k !== 'IDVAR' && k !== 'IDVARVAL');
  const cache = new Map<string, Parent | null>();
  const added = new Map<string, StudyVariable>();
  const rows = left.rows.map((row, i) => {
    const parent = parentOf(asText(row.RDOMAIN ?? null), datasets, cache);
    const idvar = asText(row.IDVAR ?? null);
    const match = parent
      ? recordsWith(parent, idvar, row.IDVARVAL).find((p) => others.every((k) => !parent.columns.has(k) || sameValue(p[k], row[k], { typeInsensitive: true })))
      : undefined;
    const out: Record<string, Cell> = { [record]: typeof row[record] === 'number' ? row[record] : i + 1 };
    for (const name in row) if (!read || read.has(name) || name === 'IDVAR') out[name] = row[name]!;
    // The parent's variables the rule reads, and the one IDVAR names (a check compares with it by reference).
    for (const name of parent?.columns ?? []) {
      if (own.has(name) || (read && !read.has(name) && name !== idvar)) continue;
      out[name] = match?.[name] ?? null;
    }
    return out;
  });
  for (const d of datasets) for (const v of d.variables) if (!own.has(v.name) && rows.some((r) => v.name in r)) added.set(v.name, v);
  return { ...left, variables: [...left.variables, ...added.values()], rows, relationshipsJoined: true };
}
