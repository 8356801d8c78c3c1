// The rule language's operations (rule-language/Operations.md): values derived from the study before
// the checks run, stored under the operation's "$id" (one value for the dataset, or one per row). An
// operation that needs what the product does not hold (the CDISC Library's model metadata, controlled
// terminology packages by date) makes its rule "not run".
import type { Cell, CoreOperation, Derived, StudyDataset } from './types.ts';
import type { RuleContext } from './context.ts';
import { sdtmigLibrary } from '@ctp/db';
import { NotApplicableToDataset, NotRunnable } from './not-runnable.ts';
import type { DefineRead } from './read-define.ts';
import { asText, compareDates, isEmpty, parseIsoDate } from './values.ts';
import { referencedVariables } from './relationships/referenced-variables.ts';

export interface Study {
  datasets: StudyDataset[];
  /** The standard the package follows (a folder's .env: PRODUCT, VERSION); SDTMIG 3.4 when not said. */
  standard?: { product: string; version: string };
  /** The package's Define-XML, when it has one. */
  define?: DefineRead;
  /** A USDM document's entities: a joined entity's clashing attributes read "id.Timing", not "SE.EPOCH". */
  json?: boolean;
}

type Operation = (op: CoreOperation, ctx: RuleContext, study: Study) => { perRow: boolean; value: Derived | Derived[] };

function sourceOf(op: CoreOperation, ctx: RuleContext, study: Study) {
  // A domain named by pattern (SUPP--) or through another variable's value reads datasets the rule
  // export does not say how to choose.
  if (op.value_is_reference || op.domain?.includes('--')) throw new NotRunnable(`its operation ${op.operator} reads ${op.domain ?? 'a dataset'} through a reference, which is not supported yet`);
  return op.domain ? study.datasets.find((d) => d.name === op.domain) : ctx.base;
}

const rowMatches = (row: Record<string, Cell>, filter: Record<string, string> | undefined, resolve: (n: string) => string) =>
  !filter || Object.entries(filter).every(([k, v]) => asText(row[resolve(k)] ?? null) === v);

/** Rows of the source grouped by the operation's group variables, and each current row's group. */
function grouped<T>(op: CoreOperation, ctx: RuleContext, study: Study, reduce: (rows: Record<string, Cell>[]) => T, empty: T) {
  const source = sourceOf(op, ctx, study);
  const resolve = (n: string) => ctx.resolve(n);
  const rows = (source?.rows ?? []).filter((r) => rowMatches(r, op.filter, resolve));
  if (!op.group?.length) return { perRow: false, value: reduce(rows) as Derived };
  const keyOf = (r: Record<string, Cell>, names: string[]) => JSON.stringify(names.map((g) => asText(r[resolve(g)] ?? null)));
  // group_aliases: the checked dataset's names for the group variables, in order (parent_id read as id).
  const own = op.group.map((g, i) => op.group_aliases?.[i] ?? g);
  // TV has no USUBJID: a subject's distinct SV visits cannot be matched to its rows (CORE-000168).
  const lacking = own.find((g) => !ctx.has(g));
  if (lacking) throw new NotApplicableToDataset(`${ctx.dataset.name} has no ${ctx.resolve(lacking)}`);
  const groups = new Map<string, Record<string, Cell>[]>();
  for (const r of rows) {
    const k = keyOf(r, op.group);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(r);
  }
  const reduced = new Map([...groups].map(([k, rs]) => [k, reduce(rs)]));
  return { perRow: true, value: ctx.dataset.rows.map((r) => (reduced.get(keyOf(r, own)) ?? empty) as Derived) };
}

const column = (rows: Record<string, Cell>[], name: string) => rows.map((r) => r[name] ?? null).filter((v) => !isEmpty(v));

const extremeDate = (sign: 1 | -1): Operation => (op, ctx, study) =>
  grouped(op, ctx, study, (rows) => {
    let best: Cell = null;
    for (const v of column(rows, ctx.resolve(op.name ?? ''))) {
      if (!parseIsoDate(v)) continue;
      if (best === null || (compareDates(v, best) ?? 0) * sign > 0) best = v;
    }
    return best ?? '';
  }, '');

/** max / min: the extreme of the values, as numbers when all are numbers, else as ISO 8601 dates when all are
 *  dates, else as text (Operations.md). */
const extreme = (sign: 1 | -1): Operation => (op, ctx, study) =>
  grouped(op, ctx, study, (rows) => {
    const values = column(rows, ctx.resolve(op.name ?? ''));
    if (!values.length) return '';
    const numbers = values.map((v) => (typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : null));
    if (numbers.every((n) => n !== null)) return (sign > 0 ? Math.max : Math.min)(...(numbers as number[]));
    const byDate = values.every((v) => parseIsoDate(v));
    return values.reduce((best, v) => ((byDate ? (compareDates(v, best) ?? 0) : asText(v).localeCompare(asText(best))) * sign > 0 ? v : best));
  }, '');

/** Study day of a date against the subject's DM.RFSTDTC (no day 0). */
const studyDay: Operation = (op, ctx, study) => {
  const dm = study.datasets.find((d) => d.name === 'DM');
  const start = new Map((dm?.rows ?? []).map((r) => [asText(r.USUBJID ?? null), r.RFSTDTC ?? null]));
  const day = (v: Derived | undefined, rf: Cell | undefined) => {
    const a = parseIsoDate(v);
    const b = parseIsoDate(rf ?? null);
    if (!a || !b || a.parts.length < 3 || b.parts.length < 3) return null;
    const ms = Date.UTC(a.parts[0]!, a.parts[1]! - 1, a.parts[2]!) - Date.UTC(b.parts[0]!, b.parts[1]! - 1, b.parts[2]!);
    const d = Math.round(ms / 86_400_000);
    return d >= 0 ? d + 1 : d;
  };
  return { perRow: true, value: ctx.dataset.rows.map((r, i) => day(ctx.value(op.name ?? '', i), start.get(asText(r.USUBJID ?? null)))) };
};

/** The IG's definition of the dataset's domain (undefined for a custom domain); only SDTMIG 3.4 is shipped. */
function libraryEntry(ctx: RuleContext, study: Study) {
  const { product, version } = study.standard ?? { product: 'SDTMIG', version: '3-4' };
  if (product.toUpperCase() !== 'SDTMIG' || version.replace('.', '-') !== '3-4') {
    throw new NotRunnable(`the library of ${product} ${version} is not shipped (only SDTMIG 3.4)`);
  }
  const name = ctx.source.name;
  const library = sdtmigLibrary();
  return library.get(name) ?? (name.startsWith('SUPP') ? library.get('SUPPQUAL') : library.get(name.slice(0, 2)));
}

/** The IG's definition of the dataset's domain; a custom domain needs the SDTM model, which is not shipped. */
function libraryDomain(ctx: RuleContext, study: Study) {
  const d = libraryEntry(ctx, study);
  if (!d) throw new NotRunnable(`the SDTM model's variables for the custom domain ${ctx.source.name} are not shipped`);
  return d;
}

const libraryVariables = (core: string): Operation => (_op, ctx, study) => ({
  perRow: false,
  value: libraryDomain(ctx, study).variables.filter((v) => v.core === core).map((v) => v.name),
});

export const OPERATIONS: Record<string, Operation> = {
  // Python's booleans, as the engine compares them: a domain the IG does not define is custom.
  domain_is_custom: (_op, ctx, study) => ({ perRow: false, value: libraryEntry(ctx, study) ? 'False' : 'True' }),
  domain_label: (_op, ctx, study) => ({ perRow: false, value: libraryDomain(ctx, study).label }),
  required_variables: libraryVariables('Req'),
  expected_variables: libraryVariables('Exp'),
  distinct: (op, ctx, study) =>
    op.value_is_reference && !op.group?.length
      ? { perRow: false, value: referencedVariables(op, ctx.base, study.datasets, (n) => ctx.resolve(n)) }
      : grouped(op, ctx, study, (rows) => [...new Set(column(rows, ctx.resolve(op.name ?? '')).map((v) => v))] as Cell[], [] as Cell[]),
  record_count: (op, ctx, study) => grouped(op, ctx, study, (rows) => rows.length, 0),
  max: extreme(1),
  min: extreme(-1),
  min_date: extremeDate(-1),
  max_date: extremeDate(1),
  dy: studyDay,
  variable_count: (op, _ctx, study) => ({
    perRow: false,
    value: study.datasets.filter((d) => {
      const name = (op.name ?? '').startsWith('--') ? `${prefixOf(d)}${(op.name ?? '').slice(2)}` : op.name;
      return d.variables.some((v) => v.name === name);
    }).length,
  }),
  // The engine's domains are the datasets' DOMAIN values: a dataset without one (RELREC, SUPP--) adds None.
  study_domains: (_op, _ctx, study) => ({ perRow: false, value: [...new Set(study.datasets.map(domainOf))] }),
  dataset_names: (_op, _ctx, study) => ({ perRow: false, value: study.datasets.map((d) => d.name) }),
  // Python's booleans, as the engine compares and reports them.
  // A domain presence check's row is the study: the variable exists when a dataset of the study has it.
  variable_exists: (op, ctx, study) => ({
    perRow: false,
    value: (ctx.source.name === STUDY_PRESENCE ? study.datasets.some((d) => d.variables.some((v) => v.name === op.name)) : ctx.has(op.name ?? '')) ? 'True' : 'False',
  }),
  extract_metadata: (op, ctx) => ({ perRow: false, value: datasetMetadataValue(op.name ?? '', ctx.source) }),
  get_column_order_from_dataset: (_op, ctx) => ({ perRow: false, value: ctx.source.variables.map((v) => v.name) }),
};

/**
 * What an operation not written here needs: mostly what the product does not ship, the SDTM model's class variables
 * (the CDISC Library's model, not the IG's domain tables the catalogue holds). The library's column order of
 * a domain is the IG's table merged with its class's model variables (CE lists CEMODIFY, CELLT, ... that
 * the IG's CE table does not), so it needs the model too.
 */
export const ABSENT_NEEDS: Record<string, string> = {
  get_model_column_order: "the SDTM model's class variables in their order (CDISC Library), which the product does not ship",
  get_parent_model_column_order: "the SDTM model's class variables in their order (CDISC Library), which the product does not ship",
  get_model_filtered_variables: "the SDTM model's class variables with their roles (CDISC Library), which the product does not ship",
  get_column_order_from_library: "the CDISC Library's column order (the IG's variables merged with the SDTM model's class variables), which the product does not ship",
  get_dataset_filtered_variables: "the library variables' roles (Timing, ...), which the interpreter does not read yet (its one case names SDTMIG 3.3, whose library is not shipped)",
};

/** extract_metadata: one of the dataset's metadata values (Operations.md lists them). */
function datasetMetadataValue(name: string, d: StudyDataset): Cell {
  switch (name) {
    case 'dataset_name':
      return d.name;
    case 'dataset_label':
      return d.label;
    case 'dataset_location':
      return d.fileName ?? null;
    case 'dataset_size':
      return d.rows.length;
    case 'domain':
      return domainOf(d);
    default:
      throw new NotRunnable(`its operation extract_metadata reads ${name}, which is not supported yet`);
  }
}

/** The name of the one-row dataset a domain presence check reads (run-rule.ts). */
export const STUDY_PRESENCE = 'STUDY';

/** A dataset's DOMAIN value (its first record's), null when it has no DOMAIN variable or value. */
const domainOf = (d: StudyDataset): Cell => {
  const v = d.rows.find((r) => typeof r.DOMAIN === 'string' && r.DOMAIN)?.DOMAIN;
  return typeof v === 'string' ? v : null;
};

/** The two letters "--" stands for in a dataset: its DOMAIN, else the start of its name. */
export function prefixOf(d: StudyDataset): string {
  const domain = d.rows.find((r) => typeof r.DOMAIN === 'string' && r.DOMAIN)?.DOMAIN;
  if (typeof domain === 'string' && domain.length === 2) return domain;
  return d.name.startsWith('SUPP') ? d.name.slice(4, 6) : d.name.slice(0, 2);
}
