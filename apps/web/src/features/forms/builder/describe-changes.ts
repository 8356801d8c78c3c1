// What publishing would change against the published version, computed in the browser the way the
// server words its version history (apps/api forms/changes.ts), as message keys for translation.
import type { EditCheck, FormDefinition, FormField } from '@ctp/contracts';

export interface Change {
  key: string;
  params?: Record<string, string | number>;
  /** For a changed field: what changed (translated as aspects.<name>). */
  aspects?: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ASPECTS = ['type', 'label', 'required', 'range', 'codeList', 'showIf', 'formula', 'unit', 'decimals', 'helpText', 'fields'] as const;

export function describeChanges(previous: FormDefinition | null, next: FormDefinition): Change[] {
  if (!previous) return [{ key: 'changes.first', params: { fields: next.fields.length, checks: next.checks.length } }];
  const out: Change[] = [];
  const before = new Map(previous.fields.map((f) => [f.code, f]));
  const after = new Map(next.fields.map((f) => [f.code, f]));
  for (const [code, f] of after) if (!before.has(code)) out.push({ key: 'changes.added', params: { code, label: f.label } });
  for (const [code, f] of before) if (!after.has(code)) out.push({ key: 'changes.removed', params: { code, label: f.label } });
  for (const [code, f] of after) {
    const old = before.get(code);
    if (!old) continue;
    const read = (field: FormField, key: string) => (field as Record<string, unknown>)[key];
    const changed = ASPECTS.filter((key) => !same(read(old, key), read(f, key)));
    if (changed.length) out.push({ key: 'changes.field', params: { code }, aspects: changed });
  }
  const order = (d: FormDefinition) => d.fields.map((f) => f.code).filter((c) => before.has(c) && after.has(c));
  if (!same(order(previous), order(next))) out.push({ key: 'changes.reordered' });
  const checks = (d: FormDefinition) => new Map<string, EditCheck>(d.checks.map((c) => [c.id, c]));
  const cb = checks(previous);
  const ca = checks(next);
  for (const [id] of ca) if (!cb.has(id)) out.push({ key: 'changes.checkAdded', params: { id } });
  for (const [id] of cb) if (!ca.has(id)) out.push({ key: 'changes.checkRemoved', params: { id } });
  for (const [id, c] of ca) if (cb.has(id) && !same(cb.get(id), c)) out.push({ key: 'changes.checkChanged', params: { id } });
  return out.length ? out : [{ key: 'changes.none' }];
}
