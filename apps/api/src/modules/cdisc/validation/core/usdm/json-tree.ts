// A USDM document (a JSON tree) as CORE reads it: every node carries its JSON Pointer in `_path` (what the
// JSONata rules report), and every entity (an object with an instanceType) is a row of the dataset named
// after its class, so the Record Data rules read entities as they read SDTM records
// (rule-language/Rule_Type.md: "Scope: Entities"). A row holds the entity's own scalar attributes, its
// nested objects' attributes as dotted names (type.code, unit.standardCode.decode), lists of ids as lists,
// and where it sits in the tree: parent_entity, parent_id, parent_rel and rel_type ("definition": the tree
// owns it here; references by id stay ids).
import type { Cell, StudyDataset } from '../types.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON Pointer segment (RFC 6901). */
const segment = (k: string | number) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');

/** A copy of the document with `_path` on every object, as the engine preprocesses it for JSONata rules. */
export function withPaths(node: Json, path = ''): Json {
  if (Array.isArray(node)) return node.map((v, i) => withPaths(v, `${path}/${i}`));
  if (!isObject(node)) return node;
  const out: JsonObject = { _path: path };
  for (const [k, v] of Object.entries(node)) out[k] = withPaths(v, `${path}/${segment(k)}`);
  return out;
}

/** A scalar as the rule language compares it: booleans as Python prints them (the comparator true reads "True"). */
const scalar = (v: Json): Cell => (typeof v === 'boolean' ? (v ? 'True' : 'False') : (v as Cell));

/** The entity's attributes: scalars, lists of scalars, and nested objects' scalars under dotted names (3 deep). */
function flatten(obj: JsonObject, prefix: string, depth: number, into: Record<string, unknown>) {
  for (const [k, v] of Object.entries(obj)) {
    if (k === '_path' && prefix) continue;
    const name = prefix + k;
    if (Array.isArray(v)) {
      // A list of values stays a list; a list of objects reads as present (True) or empty.
      if (v.every((x) => !isObject(x) && !Array.isArray(x))) into[name] = v.map(scalar);
      else into[name] = v.length ? 'True' : [];
    } else if (isObject(v)) {
      into[name] = v.instanceType ? String(v.instanceType) : 'True';
      if (depth < 3) flatten(v, `${name}.`, depth + 1, into);
    } else into[name] = scalar(v);
  }
}

interface Placed {
  node: JsonObject;
  parent: JsonObject | null;
  rel: string | null;
}

function entities(root: JsonObject): Placed[] {
  const out: Placed[] = [];
  const visit = (node: Json, parent: JsonObject | null, rel: string | null) => {
    if (Array.isArray(node)) {
      for (const v of node) visit(v, parent, rel);
      return;
    }
    if (!isObject(node)) return;
    const isEntity = typeof node.instanceType === 'string';
    if (isEntity) out.push({ node, parent, rel });
    for (const [k, v] of Object.entries(node)) if (typeof v === 'object' && v !== null) visit(v, isEntity ? node : parent, isEntity ? k : rel);
  };
  visit(root, null, null);
  return out;
}

/** An attribute naming other entities by id (encounterId, elementIds, nextId). */
const REFERENCE = /Ids?$/;

/**
 * The document's entities as datasets, one per class (instanceType), each row one entity: once where the
 * tree defines it (rel_type "definition"), and once more for every reference to it by id (rel_type
 * "reference", the referring entity as parent and the referring attribute as parent_rel), so a rule can
 * count who refers to an entity.
 */
export function entityDatasets(doc: Json): StudyDataset[] {
  const byClass = new Map<string, Record<string, Cell>[]>();
  const pathed = withPaths(doc);
  if (!isObject(pathed)) return [];
  const placed = entities(pathed);
  const own = new Map<string, Record<string, unknown>>();
  const add = (cls: string, row: Record<string, unknown>) => {
    if (!byClass.has(cls)) byClass.set(cls, []);
    byClass.get(cls)!.push(row as Record<string, Cell>);
  };
  const placedIn = (parent: JsonObject | null, rel: string | null, relType: string) => ({
    parent_entity: parent ? String(parent.instanceType) : null,
    parent_id: parent && typeof parent.id === 'string' ? parent.id : null,
    parent_rel: rel,
    rel_type: relType,
  });
  for (const { node, parent, rel } of placed) {
    const row: Record<string, unknown> = {};
    flatten(node, '', 0, row);
    if (typeof node.id === 'string' && !own.has(node.id)) own.set(node.id, row);
    add(String(node.instanceType), { ...row, ...placedIn(parent, rel, 'definition') });
  }
  for (const { node } of placed) {
    for (const [k, v] of Object.entries(node)) {
      if (!REFERENCE.test(k)) continue;
      for (const id of Array.isArray(v) ? v : [v]) {
        const target = typeof id === 'string' ? own.get(id) : undefined;
        if (target) add(String(target.instanceType), { ...target, ...placedIn(node, k, 'reference') });
      }
    }
  }
  return [...byClass].map(([name, rows]) => {
    const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    // Every row holds every column (an attribute a row lacks is null), as a dataset does.
    const full = rows.map((r) => Object.fromEntries(names.map((n) => [n, r[n] ?? null])) as Record<string, Cell>);
    return { name, label: name, className: null, variables: names.map((n) => ({ name: n, label: n, type: 'Char' as const, length: 200 })), rows: full };
  });
}
