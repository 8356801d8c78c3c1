// What a check reads while a rule runs on one dataset: its rows, the names the rule uses resolved
// ("--OCCUR" takes the domain's prefix, "$name" an operation's result), and comparators read as the
// rule language reads them (a literal, a list, another variable of the record, an operation's value).
import type { Cell, CoreCheck, Derived, StudyDataset } from './types.ts';
import { NotRunnable } from './not-runnable.ts';

export class RuleContext {
  /** Operation results: one value for the dataset, or one per row. */
  readonly derived = new Map<string, { perRow: boolean; value: Derived | Derived[] }>();
  /** The dataset's variable names, asked for on every row of every check. */
  private readonly names: Set<string>;

  constructor(
    readonly dataset: StudyDataset,
    /** The two-letter prefix "--" stands for. */
    readonly prefix: string,
    /** The dataset itself when the rows are its metadata (a variable or dataset metadata check). */
    readonly source: StudyDataset = dataset,
    /** The rows before the rule's Match Datasets were joined (an operation without a domain reads them). */
    readonly base: StudyDataset = dataset,
    /** The rows the rule checks before any join: the dataset's records, or its metadata rows. */
    readonly checked: StudyDataset = dataset,
  ) {
    this.names = new Set(dataset.variables.map((v) => v.name));
  }

  get size() {
    return this.dataset.rows.length;
  }

  resolve(name: string): string {
    return name.startsWith('--') ? `${this.prefix}${name.slice(2)}` : name;
  }

  has(name: string): boolean {
    const n = this.resolve(name);
    return this.derived.has(n) || this.names.has(n);
  }

  /** The value of a variable (or an operation's result) on a row; undefined when it does not exist. */
  value(name: string, row: number): Derived | undefined {
    const n = this.resolve(name);
    const d = this.derived.get(n);
    if (d) return d.perRow ? (d.value as Derived[])[row] : (d.value as Derived);
    const r = this.dataset.rows[row];
    return r && n in r ? r[n] : undefined;
  }

  column(name: string): (Derived | undefined)[] {
    return this.dataset.rows.map((_, i) => this.value(name, i));
  }

  /** The comparator of a check on a row: a literal, a list, another variable's value or an operation's. */
  comparator(check: CoreCheck, row: number): Derived | undefined {
    const c = check.value.comparator;
    if (c === null || c === undefined) return null;
    if (typeof c === 'number') return c;
    if (typeof c === 'boolean') return c ? 'True' : 'False';
    if (Array.isArray(c)) {
      // ["$list"]: the list an operation made; otherwise the literal list.
      if (c.length === 1 && typeof c[0] === 'string' && c[0].startsWith('$')) return this.value(c[0], row) ?? null;
      return c.map((x) => (typeof x === 'number' ? x : String(x))) as Cell[];
    }
    const text = String(c);
    if (check.value.value_is_literal) return text;
    if (check.value.value_is_reference) {
      const named = this.value(text, row);
      if (typeof named !== 'string' || !named) return undefined;
      if (!this.has(named)) {
        // Joined with its parents, a variable none of them has is a reference to nothing (LBSEK): no value.
        if (this.dataset.relationshipsJoined) return null;
        // Otherwise it lives in another dataset (IDVAR naming LBGRPID for RDOMAIN LB), which the rule does not join.
        throw new NotRunnable(`it compares with the variable ${text} names, which is in another dataset`);
      }
      return this.value(named, row);
    }
    if (text.startsWith('$') || this.has(text)) return this.value(text, row);
    return text;
  }

  /** Whether the comparator names a variable of the dataset or an operation (rather than a literal). */
  comparatorIsVariable(check: CoreCheck): boolean {
    const c = check.value.comparator;
    return typeof c === 'string' && !check.value.value_is_literal && (c.startsWith('$') || this.has(c));
  }
}
