// "Match Datasets" of a rule (the exported rule's `datasets`): before the checks run, the dataset is
// joined with each named dataset on its match keys, as CDISC's engine merges them. A key is a variable of
// both, or { left, right } naming each side's; the join is inner unless the rule asks for a left join. The
// other dataset's variables keep their names unless the dataset already has one of that name: then an
// SDTM dataset's reads "SE.EPOCH" (the domain first) and a USDM entity's "id.Timing" (the entity after),
// as the rules write them. Every joined row keeps the number of the record it came from, which findings
// report. Relationship datasets join otherwise: a "child" through RDOMAIN / IDVAR / IDVARVAL with its parents,
// RELREC without keys through the records it relates (relationships/). A join the export leaves open (no keys
// for another dataset, a dataset named by pattern) makes the rule "not run".
import type { Cell, StudyDataset } from './types.ts';
import { NotRunnable } from './not-runnable.ts';
import { asText } from './values.ts';
import { joinParents } from './relationships/parent-join.ts';
import { joinThroughRelrec } from './relationships/relrec-join.ts';

export interface MatchDataset {
  domain_name: string;
  match_key: (string | { left: string; right: string })[];
  wildcard?: string;
  child?: boolean;
  join_type?: string;
}

/** The column holding a joined row's original record number (1-based). */
export const RECORD = 'row_number';

export type NameStyle = 'sdtm' | 'json';

/** Copies the values the rule may read (`read`: every name it mentions, "--" resolved) or, without it, all. */
const pick = (row: Record<string, Cell>, read: ReadonlySet<string> | null, rename: (n: string) => string, skip: ReadonlySet<string>, into: Record<string, Cell>) => {
  for (const name in row) {
    if (skip.has(name)) continue;
    const as = rename(name);
    if (!read || read.has(as)) into[as] = row[name]!;
  }
  return into;
};

function joinOne(left: StudyDataset, spec: MatchDataset, datasets: StudyDataset[], style: NameStyle, read: ReadonlySet<string> | null): StudyDataset {
  if (spec.child) return joinParents(left, spec, datasets, read, RECORD);
  if (spec.domain_name === 'RELREC' && !spec.match_key.length) return joinThroughRelrec(left, spec, datasets, read, RECORD);
  if (!spec.match_key.length) throw new NotRunnable(`it reads ${spec.domain_name} from another dataset without match keys, which is not supported yet`);
  if (spec.domain_name.includes('--')) throw new NotRunnable(`it reads the datasets ${spec.domain_name} by pattern, which is not supported yet`);
  const right = datasets.find((d) => d.name === spec.domain_name);
  const keys = spec.match_key.map((k) => (typeof k === 'string' ? { left: k, right: k } : k));
  const own = new Set(left.variables.map((v) => v.name));
  // A key of the same name on both sides is one column, as pandas merges it.
  const shared = new Set(keys.filter((k) => k.left === k.right).map((k) => k.left));
  const rename = (name: string) =>
    shared.has(name) || !own.has(name) ? name : style === 'sdtm' ? `${spec.domain_name}.${name}` : `${name}.${spec.domain_name}`;
  const rightVars = (right?.variables ?? []).filter((v) => !shared.has(v.name)).map((v) => ({ ...v, name: rename(v.name) }));
  const keyOf = (row: Record<string, Cell>, side: 'left' | 'right') => JSON.stringify(keys.map((k) => asText(row[k[side]] ?? null)));
  const index = new Map<string, Record<string, Cell>[]>();
  for (const r of right?.rows ?? []) {
    const k = keyOf(r, 'right');
    if (!index.has(k)) index.set(k, []);
    index.get(k)!.push(r);
  }
  const leftJoin = spec.join_type === 'left';
  const rows: Record<string, Cell>[] = [];
  left.rows.forEach((row, i) => {
    const record = typeof row[RECORD] === 'number' ? row[RECORD] : i + 1;
    const matches = index.get(keyOf(row, 'left')) ?? [];
    // A joined row holds only what the rule may read: a join of LB with DM would otherwise copy every record.
    const own = () => pick(row, read, (n) => n, new Set(), { [RECORD]: record });
    for (const m of matches) rows.push(pick(m, read, rename, shared, own()));
    if (!matches.length && leftJoin) rows.push({ ...own(), ...Object.fromEntries(rightVars.map((v) => [v.name, null])) });
  });
  return { ...left, variables: [...left.variables, ...rightVars], rows };
}

/** The dataset joined with every dataset the rule names (in order: a later key may name an earlier join's column). */
export function joinMatchDatasets(
  left: StudyDataset,
  specs: MatchDataset[] | null | undefined,
  datasets: StudyDataset[],
  style: NameStyle,
  /** Every name the rule mentions (resolved); null to keep every variable. */
  read: ReadonlySet<string> | null = null,
): StudyDataset {
  let out = left;
  // A later join's keys may name an earlier join's columns: they are kept too.
  const keep = read && new Set([...read, ...(specs ?? []).flatMap((s) => s.match_key.flatMap((k) => (typeof k === 'string' ? [k] : [k.left, k.right])))]);
  for (const spec of specs ?? []) out = joinOne(out, spec, datasets, style, keep);
  return out;
}
