// The engine's built-in JSONata functions, `$utils` in a JSONata rule (rule-language/JSONata_Functions.md).
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function objectsById(within: Json, into = new Map<string, JsonObject>()): Map<string, JsonObject> {
  if (Array.isArray(within)) for (const v of within) objectsById(v, into);
  else if (isObject(within)) {
    if (typeof within.id === 'string' && !into.has(within.id)) into.set(within.id, within);
    for (const v of Object.values(within)) if (typeof v === 'object' && v !== null) objectsById(v, into);
  }
  return into;
}

/**
 * parse_refs($from, $to, $within): a copy of $within where each $from attribute (an id or a list of ids)
 * is replaced by $to holding the objects it names, recursively; ids naming nothing drop $from without a
 * $to; an object reached again along the same chain is `circularReference` instead.
 */
export function parseRefs(from: string, to: string, within: Json): Json {
  if (within === undefined) return within;
  const byId = objectsById(within);
  const resolve = (node: Json, chain: Set<string>): Json => {
    if (Array.isArray(node)) return node.map((v) => resolve(v, chain));
    if (!isObject(node)) return node;
    const here = typeof node.id === 'string' ? new Set([...chain, node.id]) : chain;
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) {
      if (k !== from) {
        out[k] = resolve(v, here);
        continue;
      }
      const ids = Array.isArray(v) ? v : [v];
      const found: Json[] = [];
      for (const id of ids) {
        if (typeof id !== 'string' || !byId.has(id)) continue;
        found.push(here.has(id) ? 'circularReference' : resolve(byId.get(id)!, here));
      }
      if (found.length) out[to] = Array.isArray(v) ? found : found[0]!;
    }
    return out;
  };
  return resolve(within, new Set());
}

const deepEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * sift_tree($tree, $find_val, $include, $prefix): $tree trimmed to the branches that hold $find_val, each
 * object keeping only the attribute leading to it and those named in $include (prefixed with the object's
 * instanceType when $prefix is true).
 */
export function siftTree(tree: Json, findVal: Json, include: string[] = [], prefix = false): Json | undefined {
  const sift = (node: Json): Json | undefined => {
    if (deepEqual(node, findVal)) return node;
    if (Array.isArray(node)) {
      const kept = node.map(sift).filter((v): v is Json => v !== undefined);
      return kept.length ? kept : undefined;
    }
    if (!isObject(node)) return undefined;
    const out: JsonObject = {};
    let holds = false;
    const name = (k: string) => (prefix && typeof node.instanceType === 'string' ? `${node.instanceType}.${k}` : k);
    for (const [k, v] of Object.entries(node)) {
      const s = sift(v);
      if (s !== undefined) {
        out[name(k)] = s;
        holds = true;
      }
    }
    if (!holds) return undefined;
    for (const k of include) if (k in node && !(name(k) in out)) out[name(k)] = node[k]!;
    return out;
  };
  return sift(tree);
}
