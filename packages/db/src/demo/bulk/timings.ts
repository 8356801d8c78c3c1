// Where a bulk load's time goes (printed by npm run db:seed): COPY per table, the audit records, and the
// rest of each unit (the generator's own statements: set-based inserts, updates, reads), in seconds.
export class LoadTimings {
  private readonly spent = new Map<string, number>();

  async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(phase, performance.now() - started);
    }
  }

  add(phase: string, ms: number) {
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + ms);
  }

  get(phase: string) {
    return this.spent.get(phase) ?? 0;
  }

  /** The phases, longest first, as "phase 12.3 s". */
  summary(): string[] {
    return [...this.spent].sort((a, b) => b[1] - a[1]).map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`);
  }
}

/** A statement's verb and table ("insert form_submissions"), to add up its kind's time. */
export function statementLabel(sqlText: string): string {
  const m = /^\s*(insert into|update|delete from|select|with)\s+"?(\w+)"?/i.exec(sqlText);
  if (!m) return 'other';
  const verb = m[1]!.toLowerCase().split(' ')[0]!;
  return verb === 'select' || verb === 'with' ? verb : `${verb} ${m[2]}`;
}
