// What changed between two versions of a form's definition, in words a data manager reads in the
// version history ("Added field VSTEMP (Temperature)", "VSSYSBP: range changed"). Pure.
import type { EditCheck, FormDefinition, FormField } from '@ctp/contracts';

function fieldsByCode(def: FormDefinition): Map<string, FormField> {
  return new Map(def.fields.map((f) => [f.code, f]));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The properties compared, with the words for a change in each. */
const FIELD_ASPECTS: [keyof FormField | string, string][] = [
  ['type', 'type changed'],
  ['label', 'label changed'],
  ['required', 'required changed'],
  ['range', 'range changed'],
  ['codeList', 'choices changed'],
  ['showIf', 'skip logic changed'],
  ['formula', 'formula changed'],
  ['unit', 'unit changed'],
  ['decimals', 'decimals changed'],
  ['helpText', 'help text changed'],
  ['fields', 'group fields changed'],
];

export function describeChanges(previous: FormDefinition | null, next: FormDefinition): string[] {
  if (!previous) return [`First version: ${next.fields.length} field${next.fields.length === 1 ? '' : 's'}, ${next.checks.length} edit check${next.checks.length === 1 ? '' : 's'}`];
  const out: string[] = [];
  const before = fieldsByCode(previous);
  const after = fieldsByCode(next);
  for (const [code, f] of after) if (!before.has(code)) out.push(`Added field ${code} (${f.label})`);
  for (const [code, f] of before) if (!after.has(code)) out.push(`Removed field ${code} (${f.label})`);
  for (const [code, f] of after) {
    const old = before.get(code);
    if (!old) continue;
    const aspects = FIELD_ASPECTS.filter(([key]) => !same((old as Record<string, unknown>)[key], (f as Record<string, unknown>)[key])).map(([, words]) => words);
    if (aspects.length) out.push(`${code}: ${aspects.join(', ')}`);
  }
  const order = (d: FormDefinition) => d.fields.map((f) => f.code).filter((c) => before.has(c) && after.has(c));
  if (!same(order(previous), order(next))) out.push('Fields reordered');
  const checks = (d: FormDefinition) => new Map<string, EditCheck>(d.checks.map((c) => [c.id, c]));
  const cb = checks(previous);
  const ca = checks(next);
  for (const [cid] of ca) if (!cb.has(cid)) out.push(`Added edit check ${cid}`);
  for (const [cid] of cb) if (!ca.has(cid)) out.push(`Removed edit check ${cid}`);
  for (const [cid, c] of ca) if (cb.has(cid) && !same(cb.get(cid), c)) out.push(`Edit check ${cid} changed`);
  return out.length ? out : ['No change to fields or checks'];
}
