// Ids for the objects of an exported USDM document: '<Class>_<n>', numbered per class in writing order.
import type { Code } from '../document.ts';

export class Ids {
  private readonly next = new Map<string, number>();
  id(klass: string): string {
    const n = (this.next.get(klass) ?? 0) + 1;
    this.next.set(klass, n);
    return `${klass}_${n}`;
  }
  code(c: { code: string; decode: string }, codeSystem = 'http://www.cdisc.org', codeSystemVersion = '2024-09-27'): Code & { codeSystemVersion: string; extensionAttributes: [] } {
    return { id: this.id('Code'), extensionAttributes: [], code: c.code, codeSystem, codeSystemVersion, decode: c.decode, instanceType: 'Code' };
  }
  /** Free-text notes as USDM CommentAnnotations (an empty list when there are none). */
  notes(texts: readonly string[] | undefined) {
    return (texts ?? []).map((text) => ({ id: this.id('CommentAnnotation'), extensionAttributes: [], text, codes: [], instanceType: 'CommentAnnotation' }));
  }
  alias(c: { code: string; decode: string }, codeSystem?: string) {
    return { id: this.id('AliasCode'), extensionAttributes: [], standardCode: this.code(c, codeSystem), standardCodeAliases: [], instanceType: 'AliasCode' };
  }
}

/** previousId/nextId of the items of an ordered list. */
export function chained<T extends { id: string }>(items: T[]): (T & { previousId: string | null; nextId: string | null })[] {
  return items.map((x, i) => ({ ...x, previousId: items[i - 1]?.id ?? null, nextId: items[i + 1]?.id ?? null }));
}
