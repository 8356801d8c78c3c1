// The router's procedures and their zod input schemas, walked without a hand-kept list: the input
// bounds test and the fuzz test cover a procedure the day it is added to appRouter.
import type { z } from 'zod';
import { appRouter } from '../../src/router.ts';

export interface ProcedureEntry {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The input schema, or undefined when the procedure takes none. */
  input: z.ZodType | undefined;
}

export function procedureEntries(): ProcedureEntry[] {
  const procedures = (appRouter as any)._def.procedures as Record<string, any>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const inputs = procedure._def.inputs as z.ZodType[];
    return { path, type: procedure._def.type, input: inputs.length ? inputs[inputs.length - 1] : undefined };
  });
}

type Def = Record<string, any> & { type: string };
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def;

/** The leaf schemas (strings, numbers ...) of a schema, with the path of object keys to each. */
export function leaves(schema: z.ZodType, path: string[] = [], seen = new Set<unknown>()): { path: string[]; schema: z.ZodType; type: string }[] {
  if (seen.has(schema)) return [];
  const def = defOf(schema);
  const inner = (s: z.ZodType, p = path) => leaves(s, p, new Set([...seen, schema]));
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, s]) => inner(s, [...path, key]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return [...inner(def.in), ...(defOf(def.out).type === 'transform' ? [] : inner(def.out))];
    case 'array':
      return inner(def.element, [...path, '0']);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => inner(o));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return [...inner(def.keyType), ...inner(def.valueType, [...path, 'key'])];
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((s, i) => inner(s, [...path, String(i)]));
    case 'lazy':
      return inner(def.getter());
    default:
      return [{ path, schema, type: def.type }];
  }
}

/**
 * A plausible value for a schema: the fuzz test starts from it and spoils one field at a time, so
 * each spoilt value reaches the checks behind the others (a search term is only read once the
 * study id beside it parses).
 */
export function skeletonOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 8) return undefined;
  const next = (s: z.ZodType) => skeletonOf(s, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([k, s]) => [k, next(s)]));
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return next(def.innerType);
    case 'default':
    case 'prefault':
      return typeof def.defaultValue === 'function' ? def.defaultValue() : def.defaultValue;
    case 'pipe':
      return next(def.in);
    case 'array':
      return [next(def.element)];
    case 'union':
      return next(def.options[0]);
    case 'intersection':
      return { ...(next(def.left) as object), ...(next(def.right) as object) };
    case 'record':
      return {};
    case 'lazy':
      return next(def.getter());
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'boolean':
      return true;
    case 'number':
      return 1;
    case 'string':
      return plausibleString(schema);
    default:
      return null;
  }
}

function plausibleString(schema: z.ZodType): string {
  for (const candidate of ['2026-01-15', 'Abcdefgh1234', 'ONC-2024-001', 'someone@demo.local', 'USD', 'A']) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  return 'abc';
}

/** A copy of `value` with the value at `path` replaced (objects and arrays copied along the way). */
export function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const base = value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  base[head!] = withValueAt(base[head!], rest, replacement);
  return base;
}

/**
 * The document kinds (DOCUMENT_LIMITS) tagged anywhere in a schema: on a string leaf (documentText)
 * or on a whole object (formDefinition), with the path to each.
 */
export function documentKindsIn(schema: z.ZodType, kindOf: (s: z.ZodType) => string | undefined, path: string[] = [], seen = new Set<unknown>()): { path: string[]; kind: string }[] {
  if (seen.has(schema)) return [];
  const here = kindOf(schema);
  const found = here ? [{ path, kind: here }] : [];
  const def = defOf(schema);
  const inner = (s: z.ZodType, p = path) => documentKindsIn(s, kindOf, p, new Set([...seen, schema]));
  switch (def.type) {
    case 'object':
      return [...found, ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, s]) => inner(s, [...path, key]))];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return [...found, ...inner(def.innerType)];
    case 'pipe':
      return [...found, ...inner(def.in), ...inner(def.out)];
    case 'array':
      return [...found, ...inner(def.element, [...path, '0'])];
    case 'union':
      return [...found, ...(def.options as z.ZodType[]).flatMap((o) => inner(o))];
    case 'intersection':
      return [...found, ...inner(def.left), ...inner(def.right)];
    case 'lazy':
      return [...found, ...inner(def.getter())];
    default:
      return found;
  }
}
