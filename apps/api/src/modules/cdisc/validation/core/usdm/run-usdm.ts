// The USDM 4.0 CORE rules (rules/core-rules-usdm-4-0.json, CDISC's engine rules cache, MIT) run on a USDM
// document by the same interpreter as the SDTMIG rules: Record Data rules on the document's entities read
// as datasets (json-tree.ts), JSONata rules as JSONata queries on the document with `_path` on every node
// and the engine's `$utils`, JSON Schema Check rules on the schema's errors as rows. What a rule needs that
// the product does not hold (CDISC controlled terminology packages by date, for instance) makes it "not run"
// with the reason, never a silent pass.
import { readFileSync } from 'node:fs';
import jsonata from 'jsonata';
import type { Cell, CoreFinding, CoreRule, StudyDataset } from '../types.ts';
import { runRule } from '../run-rule.ts';
import { entityDatasets, withPaths } from './json-tree.ts';
import { parseRefs, siftTree } from './jsonata-utils.ts';

/** One schema error as the JSON Schema Check rule type reads it (rule-language/Rule_Type.md). */
export interface SchemaErrorRow {
  json_path: string;
  error_attribute: string;
  error_value: string;
  validator: string;
  validator_value: string;
  message: string;
}

export interface UsdmFinding {
  coreId: string;
  /** The entity's class (instanceType), its id and its JSON Pointer in the document, when known. */
  entity: string | null;
  id: string | null;
  path: string | null;
  /** The rule's output variables with their values. */
  values: Record<string, string>;
  message: string;
}

export type UsdmRuleOutcome = { coreId: string; executability: string; description: string } & (
  | { status: 'run'; findings: UsdmFinding[] }
  | { status: 'not run'; reason: string }
);

let usdm40: CoreRule[] | undefined;
export function usdmRules(): CoreRule[] {
  usdm40 ??= JSON.parse(readFileSync(new URL('../rules/core-rules-usdm-4-0.json', import.meta.url), 'utf8')) as CoreRule[];
  return usdm40;
}

type Entities = { Include?: string[]; Exclude?: string[] } | null | undefined;

const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const messageOf = (rule: CoreRule) => rule.actions?.[0]?.params?.message ?? rule.description ?? '';

/** Findings of the interpreter on datasets, one per flagged row, named by the entity's id and path. */
function rowFindings(rule: CoreRule, datasets: StudyDataset[], findings: CoreFinding[]): UsdmFinding[] {
  const byRow = new Map<string, UsdmFinding>();
  for (const f of findings) {
    const key = `${f.dataset}#${f.record ?? ''}`;
    let out = byRow.get(key);
    if (!out) {
      const row = f.record === null ? undefined : datasets.find((d) => d.name === f.dataset)?.rows[f.record - 1];
      const entity = f.dataset === 'SCHEMA' ? null : f.dataset;
      out = { coreId: rule.core_id, entity, id: row ? text(row.id) || null : null, path: row ? text(row._path ?? row.json_path) || null : null, values: {}, message: f.message };
      byRow.set(key, out);
    }
    out.values[f.variable] = text(f.value);
  }
  return [...byRow.values()];
}

async function runJsonata(rule: CoreRule, pathed: unknown): Promise<UsdmFinding[]> {
  const expression = jsonata(String(rule.conditions));
  const result: unknown = await expression.evaluate(pathed, {
    utils: { parse_refs: parseRefs, sift_tree: siftTree },
  });
  const rows = result === undefined || result === null ? [] : Array.isArray(result) ? result : [result];
  return rows
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    .map((r) => ({
      coreId: rule.core_id,
      entity: r.instanceType ? text(r.instanceType) : null,
      id: r.id ? text(r.id) : null,
      path: r.path ? text(r.path) : null,
      values: Object.fromEntries((rule.output_variables ?? Object.keys(r)).map((n) => [n, text(r[n])])),
      message: messageOf(rule),
    }));
}

const schemaDataset = (errors: SchemaErrorRow[]): StudyDataset => {
  const names = ['json_path', 'error_attribute', 'error_value', 'validator', 'validator_value', 'message', 'dataset', 'id', '_path'];
  return {
    name: 'SCHEMA',
    label: 'Schema errors',
    className: null,
    variables: names.map((name) => ({ name, label: name, type: 'Char' as const, length: 200 })),
    rows: errors.map((e) => ({ ...e, dataset: null, id: null, _path: e.json_path }) as Record<string, Cell>),
  };
};

export interface UsdmRunOptions {
  /** The document's errors against the USDM schema (the JSON Schema Check rules read them). */
  schemaErrors: (doc: unknown) => SchemaErrorRow[];
  rules?: CoreRule[];
}

/** Every USDM rule run on the document, each with its findings or why it did not run. */
export async function runUsdmRules(doc: unknown, options: UsdmRunOptions): Promise<UsdmRuleOutcome[]> {
  const pathed = withPaths(doc as never);
  const datasets = entityDatasets(doc as never);
  let schemaRows: StudyDataset | undefined;
  const out: UsdmRuleOutcome[] = [];
  for (const rule of options.rules ?? usdmRules()) {
    const head = { coreId: rule.core_id, executability: rule.executability ?? '', description: rule.description ?? '' };
    const entities = (rule as CoreRule & { entities?: Entities }).entities;
    try {
      if (rule.rule_type === 'JSONata') {
        out.push({ ...head, status: 'run', findings: await runJsonata(rule, pathed) });
        continue;
      }
      let study: StudyDataset[];
      let scope: Entities = entities;
      if (rule.rule_type === 'JSON Schema Check') {
        study = [(schemaRows ??= schemaDataset(options.schemaErrors(doc)))];
        scope = null;
      } else if (rule.rule_type === 'Record Data') study = datasets;
      else {
        out.push({ ...head, status: 'not run', reason: `rules of the type "${rule.rule_type}" are not supported for USDM` });
        continue;
      }
      // The rule's entities are its scope, read as domains (an entity's dataset is named after its class);
      // every entity stays readable for the rule's Match Datasets.
      const outcome = runRule({ ...rule, rule_type: 'Record Data', classes: null, domains: scope ?? null }, { datasets: study, json: true });
      out.push(outcome.status === 'run' ? { ...head, status: 'run', findings: rowFindings(rule, study, outcome.findings) } : { ...head, ...outcome });
    } catch (err) {
      // A JSONata expression the library cannot parse or evaluate: that rule is not run, with the reason.
      const reason = err instanceof Error ? err.message : String(err);
      out.push({ ...head, status: 'not run', reason: `its JSONata expression could not be evaluated: ${reason.slice(0, 200)}` });
    }
  }
  return out;
}
