// Every object of a USDM document that has an id and an instanceType, with the path where it sits, so
// that references (encounterId, activityIds, ...) are checked against what exists and a refusal can name
// the path of the offending reference.
import { UsdmDocumentError } from './refusal.ts';

export interface Located {
  value: Record<string, unknown>;
  path: string;
}

export class ObjectIndex {
  private readonly byId = new Map<string, Located>();
  private readonly paths = new WeakMap<object, string>();

  constructor(root: unknown) {
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      this.paths.set(obj, path);
      if (typeof obj.id === 'string' && typeof obj.instanceType === 'string' && !this.byId.has(obj.id)) this.byId.set(obj.id, { value: obj, path });
      for (const [k, v] of Object.entries(obj)) if (v && typeof v === 'object') walk(v, path ? `${path}.${k}` : k);
    };
    walk(root, '');
  }

  /** Where an object of the document sits. */
  pathOf(obj: object): string {
    return this.paths.get(obj) ?? '';
  }

  find(id: string): Located | undefined {
    return this.byId.get(id);
  }

  /**
   * The object a reference names, of one of the expected instance types; a reference to nothing (or to
   * the wrong kind of object) refuses the document with the reference's path.
   */
  resolve<T>(owner: object, field: string, id: string, types: readonly string[], index?: number): T {
    const found = this.byId.get(id);
    if (!found || !types.includes(found.value.instanceType as string)) {
      const at = `${this.pathOf(owner)}.${field}${index === undefined ? '' : `[${index}]`}`;
      throw new UsdmDocumentError(at, `refers to ${found ? 'an object that is not a' : 'no'} ${types.join(' or ')}`);
    }
    return found.value as T;
  }
}
