// What is wrong with the definition being edited: the schema's issues (formDefinition.safeParse, the
// same check the server makes), the server's own field errors after a refused save, and warnings the
// schema cannot see (skip logic or a formula naming a field the form does not have).
import type { TFunction } from 'i18next';
import { formDefinition, type FormDefinition, type FormField, type LogicExpression } from '@ctp/contracts';
import type { FieldPath } from './field-tree';
import { allCodes } from './field-tree';

export interface DefinitionIssue {
  /** Inside the definition: ['fields', 2, 'range', 'max'], ['checks', 0, 'id']. */
  path: readonly PropertyKey[];
  message: string;
  severity: 'error' | 'warning';
}

/** The field codes an expression reads ({"var": "X"}, {"var": ["X", default]}, "GROUP.0.X" reads GROUP). */
export function varsOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => varsOf(n, into));
  else if (node !== null && typeof node === 'object') {
    for (const [op, arg] of Object.entries(node)) {
      const name = op === 'var' ? (Array.isArray(arg) ? arg[0] : arg) : undefined;
      if (typeof name === 'string' && name !== '') into.add(name.split('.')[0]!);
      else varsOf(arg, into);
    }
  }
  return into;
}

function referenceWarnings(def: FormDefinition, t: TFunction): DefinitionIssue[] {
  const codes = new Set(allCodes(def.fields));
  const out: DefinitionIssue[] = [];
  const look = (expr: LogicExpression | undefined, path: PropertyKey[], what: 'showIf' | 'formula') => {
    for (const name of varsOf(expr)) {
      if (!codes.has(name)) out.push({ path, severity: 'warning', message: t(`issues.unknownIn.${what}`, { code: name }) });
    }
  };
  const visit = (field: FormField, path: PropertyKey[]) => {
    look(field.showIf, [...path, 'showIf'], 'showIf');
    if (field.type === 'calculated') look(field.formula, [...path, 'formula'], 'formula');
    if (field.type === 'repeatingGroup') field.fields.forEach((s, i) => visit(s, [...path, 'fields', i]));
  };
  def.fields.forEach((f, i) => visit(f, ['fields', i]));
  return out;
}

/** The schema's verdict: the parsed definition (defaults filled) when valid, and every issue. */
export function validateDefinition(def: FormDefinition, t: TFunction): { data: FormDefinition | null; issues: DefinitionIssue[] } {
  const result = formDefinition.safeParse(def);
  const errors: DefinitionIssue[] = result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message, severity: 'error' }));
  return { data: result.success ? result.data : null, issues: [...errors, ...referenceWarnings(def, t)] };
}

/** The server's field errors ('definition.fields.2.code': [...]) as issues on the definition. */
export function serverIssues(fieldErrors: Record<string, string[] | undefined>): DefinitionIssue[] {
  return Object.entries(fieldErrors).flatMap(([key, messages]) => {
    const path = key.replace(/^definition\.?/, '').split('.').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    return (messages ?? []).map((message) => ({ path, message, severity: 'error' as const }));
  });
}

/** The field an issue belongs to, when it belongs to one. */
export function fieldPathOf(path: readonly PropertyKey[]): FieldPath | null {
  if (path[0] !== 'fields' || typeof path[1] !== 'number') return null;
  return { index: path[1], sub: path[2] === 'fields' && typeof path[3] === 'number' ? path[3] : undefined };
}

/** Where an issue is, in words: 'VSSYSBP › range › max', 'AELOG › AETERM › code', '#ae-dates › id'. */
export function describeWhere(def: FormDefinition, path: readonly PropertyKey[], t: TFunction): string {
  const parts: string[] = [];
  let rest = [...path];
  if (rest[0] === 'fields' && typeof rest[1] === 'number') {
    const field = def.fields[rest[1]];
    parts.push(field?.code || t('issues.fieldNumber', { n: rest[1] + 1 }));
    rest = rest.slice(2);
    if (rest[0] === 'fields' && typeof rest[1] === 'number' && field?.type === 'repeatingGroup') {
      parts.push(field.fields[rest[1]]?.code || t('issues.fieldNumber', { n: rest[1] + 1 }));
      rest = rest.slice(2);
    }
  } else if (rest[0] === 'checks' && typeof rest[1] === 'number') {
    parts.push(t('issues.check', { id: def.checks[rest[1]]?.id || rest[1] + 1 }));
    rest = rest.slice(2);
  }
  const tail = rest.map(String).filter((p) => p !== '');
  // A form-wide issue (a code used twice) sits on ['fields'].
  if (parts.length === 0 && tail.length <= 1 && (tail[0] ?? 'fields') === 'fields') return t('issues.form');
  return [...parts, ...tail].join(' › ');
}
