// Runs one CORE rule on a study, as CDISC's engine does: the datasets in the rule's scope (classes and
// domains, included and excluded), its operations first, then its condition tree (all / any / not) on
// every row; a row where the tree holds is reported with the rule's output variables (or, when it names
// none, the variables its checks read). A rule of a type, operator or operation not written here is
// "not run", with the reason, never a silent pass.
import type { CoreCheck, CoreCondition, CoreFinding, CoreRule, RuleOutcome, StudyDataset, Cell, Derived } from './types.ts';
import { RuleContext } from './context.ts';
import { OPERATORS } from './operators.ts';
import { ABSENT_NEEDS, OPERATIONS, STUDY_PRESENCE, prefixOf, type Study } from './operations.ts';
import { NotApplicableToDataset, NotRunnable } from './not-runnable.ts';
import { joinMatchDatasets } from './match-datasets.ts';


/** A list as the engine prints it (Python's repr): ['AE', 'DM'], None for a missing value. */
const pythonList = (v: Derived[]) => `[${v.map((x) => (x === null ? 'None' : typeof x === 'number' ? String(x) : `'${String(x)}'`)).join(', ')}]`;

const pythonFloat = (n: number) => (Number.isInteger(n) ? `${n}.0` : String(n));

/** A name that reads another dataset ("SE.EPOCH") in a rule naming no Match Datasets: nothing says how to match its records. */
const OTHER_DATASET = /^[A-Z][A-Z0-9]*\.\S/;

function otherDatasetRead(rule: CoreRule): string | null {
  const names = [
    ...checksOf(rule.conditions).flatMap((c) => [c.value.target, typeof c.value.comparator === 'string' && !c.value.value_is_literal ? c.value.comparator : '']),
    ...(rule.output_variables ?? []),
    ...(rule.operations ?? []).map((o) => o.name ?? ''),
  ];
  return names.find((n) => OTHER_DATASET.test(n)) ?? null;
}

/** Operators that ask whether a variable exists: the only ones that read a variable the dataset lacks. */
const PRESENCE_OPERATORS = new Set(['exists', 'not_exists']);


const isCheck = (c: CoreCondition): c is CoreCheck => 'operator' in c;

/** Every name a rule mentions anywhere (checks, operations, outputs), "--" resolved: what a join must keep. */
function namesRead(rule: CoreRule, prefix: string): Set<string> {
  const out = new Set<string>();
  const visit = (v: unknown) => {
    if (typeof v === 'string') {
      out.add(v);
      if (v.startsWith('--')) out.add(`${prefix}${v.slice(2)}`);
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) {
      visit(k);
      visit(x);
    }
  };
  visit([rule.conditions, rule.operations, rule.output_variables]);
  return out;
}

function checksOf(c: CoreCondition): CoreCheck[] {
  if (isCheck(c)) return [c];
  if ('all' in c) return c.all.flatMap(checksOf);
  if ('any' in c) return c.any.flatMap(checksOf);
  return checksOf(c.not);
}

function evaluate(c: CoreCondition, ctx: RuleContext): boolean[] {
  if (isCheck(c)) {
    const op = OPERATORS[c.operator];
    if (!op) throw new NotRunnable(`the operator ${c.operator} is not supported yet`);
    // A check of a variable the dataset lacks holds on no row (CORE-000018: EC has no ECSTAT, the engine
    // reports no EC record for "--STAT is empty"); only exists / not_exists speak of absent variables.
    if (!PRESENCE_OPERATORS.has(c.operator) && !ctx.has(c.value.target)) return new Array<boolean>(ctx.size).fill(false);
    return op(c, ctx);
  }
  if ('all' in c) return c.all.map((x) => evaluate(x, ctx)).reduce((a, b) => a.map((v, i) => v && b[i]!), new Array<boolean>(ctx.size).fill(true));
  if ('any' in c) return c.any.map((x) => evaluate(x, ctx)).reduce((a, b) => a.map((v, i) => v || b[i]!), new Array<boolean>(ctx.size).fill(false));
  return evaluate(c.not, ctx).map((v) => !v);
}

const matchesDomain = (pattern: string, d: StudyDataset) =>
  pattern === 'ALL' || pattern === d.name || pattern === prefixOf(d) || (pattern.endsWith('--') && d.name.startsWith(pattern.slice(0, -2)));

/** Whether the rule applies to the dataset (its Scope: classes and domains, included and excluded). */
export function inScope(rule: CoreRule, d: StudyDataset): boolean {
  const { classes, domains } = rule;
  if (domains?.Include?.length && !domains.Include.some((p) => matchesDomain(p, d))) return false;
  if (domains?.Exclude?.some((p) => matchesDomain(p, d))) return false;
  const cls = d.className?.toUpperCase() ?? null;
  // Findings About is a kind of Findings: a rule for FINDINGS applies to FA (the engine reports CORE-000099 on it).
  const included = (c: string) => classes!.Include!.includes(c) || (c === 'FINDINGS ABOUT' && classes!.Include!.includes('FINDINGS'));
  if (classes?.Include?.length && !classes.Include.includes('ALL') && !(cls && included(cls))) return false;
  if (classes?.Exclude?.length && cls && classes.Exclude.includes(cls)) return false;
  return true;
}

/**
 * The dataset with the DM variables the rule reads and the dataset lacks (RFSTDTC, ARM, ...), joined on
 * USUBJID: the engine's rules reach DM that way. Only variables the rule reads, and never for a check of
 * presence (exists / not_exists), which is about the dataset itself.
 */
function withDmVariables(rule: CoreRule, d: StudyDataset, study: Study, prefix: string): StudyDataset {
  const dm = study.datasets.find((x) => x.name === 'DM');
  if (!dm || d.name === 'DM' || !d.variables.some((v) => v.name === 'USUBJID')) return d;
  const own = new Set(d.variables.map((v) => v.name));
  const resolve = (n: string) => (n.startsWith('--') ? `${prefix}${n.slice(2)}` : n);
  const read = new Set<string>();
  for (const c of checksOf(rule.conditions)) {
    if (c.operator === 'exists' || c.operator === 'not_exists') continue;
    read.add(resolve(c.value.target));
    if (typeof c.value.comparator === 'string' && !c.value.value_is_literal) read.add(resolve(c.value.comparator));
  }
  const wanted = dm.variables.filter((v) => read.has(v.name) && !own.has(v.name));
  if (!wanted.length) return d;
  const bySubject = new Map(dm.rows.map((r) => [String(r.USUBJID ?? ''), r]));
  return {
    ...d,
    variables: [...d.variables, ...wanted],
    rows: d.rows.map((r) => {
      const subject = bySubject.get(String(r.USUBJID ?? ''));
      return { ...r, ...Object.fromEntries(wanted.map((v) => [v.name, subject?.[v.name] ?? null])) };
    }),
  };
}

/** The variables a finding reports: the rule's output variables, else those its checks read. */
function reportedVariables(rule: CoreRule, ctx: RuleContext): string[] {
  if (rule.output_variables?.length) return rule.output_variables;
  return [...new Set(checksOf(rule.conditions).flatMap((c) => [c.value.target, ...(ctx.comparatorIsVariable(c) && !c.value.within && !String(c.value.comparator).startsWith('$') ? [String(c.value.comparator)] : [])]))];
}

function findingsOn(rule: CoreRule, ctx: RuleContext, flagged: boolean[]): CoreFinding[] {
  const rows = flagged.flatMap((f, i) => (f ? [i] : []));
  if (!rows.length) return [];
  const message = rule.actions?.[0]?.params?.message ?? rule.description ?? '';
  const variables = reportedVariables(rule, ctx);
  const cell = (name: string, row: number): Cell => {
    const v: Derived | undefined = ctx.value(name, row);
    if (v === undefined) return 'Not in dataset';
    // A record's value of blanks only is reported empty, as the engine writes it (CORE-000170, -000266's
    // cases); a pivoted value row keeps it (CORE-000867 reports a value of five spaces).
    if (typeof v === 'string' && v.trim() === '' && ctx.source === ctx.checked) return '';
    if (Array.isArray(v)) return pythonList(v);
    // A dataset's numbers print as the engine prints them (floats: 0.0, 1.5); derived counts stay whole.
    return typeof v === 'number' && !name.startsWith('$') ? pythonFloat(v) : v;
  };
  // A rule of dataset sensitivity reports the dataset once, with its first such record's values.
  const once = rule.sensitivity === 'Dataset';
  const reported = once ? [rows[0]!] : rows;
  // A pivoted value row reports the record it came from.
  const recordOf = (row: number) => {
    const n = ctx.value('row_number', row);
    return typeof n === 'number' ? n : row + 1;
  };
  return reported.flatMap((row) =>
    variables.map((name) => ({
      coreId: rule.core_id,
      dataset: ctx.dataset.name,
      record: once ? null : recordOf(row),
      variable: ctx.resolve(name),
      value: cell(name, row),
      message,
    })),
  );
}

function runOn(rule: CoreRule, dataset: StudyDataset, study: Study, source: StudyDataset = dataset): CoreFinding[] {
  const prefix = prefixOf(source);
  // A rule naming its Match Datasets joins them; otherwise DM's variables it reads come by USUBJID. The study's
  // row of a domain presence check has no keys to join on: its operations read the datasets it names.
  const joins = Boolean(rule.datasets?.length) && dataset.name !== STUDY_PRESENCE;
  const own = joins ? dataset : withDmVariables(rule, dataset, study, prefix);
  const joined = joins ? joinMatchDatasets(dataset, rule.datasets, study.datasets, study.json ? 'json' : 'sdtm', namesRead(rule, prefix)) : own;
  // An operation without a domain reads the dataset's records, also when the checked rows are its metadata.
  const ctx = new RuleContext(joined, prefix, source, source === dataset ? own : source, dataset);
  for (const op of rule.operations ?? []) {
    const operation = OPERATIONS[op.operator];
    if (!operation) throw new NotRunnable(`the operation ${op.operator} needs ${ABSENT_NEEDS[op.operator] ?? 'what the product does not hold yet'}`);
    try {
      ctx.derived.set(op.id, operation(op, ctx, study));
    } catch (err) {
      if (err instanceof NotApplicableToDataset) return [];
      throw err;
    }
  }
  return findingsOn(rule, ctx, evaluate(rule.conditions, ctx));
}

/** The study's datasets as one record, a variable per dataset present (its file), for domain presence checks. */
const studyPresence = (study: Study): StudyDataset => ({
  name: STUDY_PRESENCE,
  label: 'Study',
  className: null,
  variables: study.datasets.map((d) => ({ name: d.name, label: d.label, type: 'Char' as const, length: 200 })),
  rows: [Object.fromEntries(study.datasets.map((d) => [d.name, d.fileName ?? `${d.name.toLowerCase()}.xpt`]))],
});

/** Rows of metadata as a dataset the checks read (Rule_Type.md names each type's columns). */
const metadataRows = (d: StudyDataset, rows: Record<string, Cell>[]): StudyDataset => ({
  ...d,
  variables: Object.keys(rows[0] ?? {}).map((name) => ({ name, label: name, type: 'Char' as const, length: 200 })),
  rows,
});

const datasetColumns = (d: StudyDataset) => ({ dataset_name: d.name, dataset_label: d.label, dataset_location: d.fileName ?? null, dataset_size: d.rows.length });

const variableColumns = (d: StudyDataset, i: number) => {
  const v = d.variables[i]!;
  return { variable_name: v.name, variable_order_number: i + 1, variable_label: v.label, variable_size: v.length, variable_length: v.length, variable_data_type: v.type, variable_format: '' };
};

/** Dataset metadata: one row per dataset. */
const datasetMetadata = (d: StudyDataset) => metadataRows(d, [datasetColumns(d)]);

/** Variable metadata: one row per variable of the dataset, with its longest value (a fold: a spread of every
 *  row's length would overflow the call stack on a large dataset). */
const variableMetadata = (d: StudyDataset) =>
  metadataRows(
    d,
    d.variables.map((v, i) => ({ ...variableColumns(d, i), variable_max_size: d.rows.reduce((m, r) => Math.max(m, String(r[v.name] ?? '').length), 0) })),
  );

/** Every value of the dataset pivoted long (one row per record and variable), with the record's number. */
const valueRows = (d: StudyDataset, extra: (i: number) => Record<string, Cell>) =>
  metadataRows(
    d,
    d.rows.flatMap((r, row) =>
      d.variables.map((v, i) => ({ row_number: row + 1, variable_name: v.name, variable_value: r[v.name] ?? null, variable_value_length: String(r[v.name] ?? '').length, ...extra(i) })),
    ),
  );

export function runRule(rule: CoreRule, study: Study): RuleOutcome {
  try {
    const other = rule.datasets?.length ? null : otherDatasetRead(rule);
    if (other) throw new NotRunnable(`it reads ${other} from another dataset and names no match keys`);
    const scoped = study.datasets.filter((d) => inScope(rule, d));
    switch (rule.rule_type) {
      case 'Domain Presence Check':
        return { status: 'run', findings: runOn(rule, studyPresence(study), study) };
      case 'Record Data':
        return { status: 'run', findings: scoped.flatMap((d) => runOn(rule, d, study)) };
      case 'Dataset Metadata Check':
        return { status: 'run', findings: scoped.flatMap((d) => runOn(rule, datasetMetadata(d), study, d)) };
      case 'Variable Metadata Check':
        return { status: 'run', findings: scoped.flatMap((d) => runOn(rule, variableMetadata(d), study, d)) };
      case 'Value Check with Variable Metadata':
        return { status: 'run', findings: scoped.flatMap((d) => runOn(rule, valueRows(d, (i) => variableColumns(d, i)), study, d)) };
      case 'Value Check with Dataset Metadata':
        return { status: 'run', findings: scoped.flatMap((d) => runOn(rule, valueRows(d, () => datasetColumns(d)), study, d)) };
      default:
        return { status: 'not run', reason: `rules of the type "${rule.rule_type}" are not supported yet` };
    }
  } catch (err) {
    if (err instanceof NotRunnable) return { status: 'not run', reason: err.message };
    throw err;
  }
}
