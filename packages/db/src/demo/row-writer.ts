// How the demo generator's rows reach the database, kept apart from building them: the default writes
// batches through Kysely inside withActor (the audit trigger records every row); the bulk loader
// (bulk/load.ts) streams them with COPY instead.
import type { Tx } from '../actor.ts';

export interface RowWriter {
  /** Inserts rows of one table (camelCase keys); with `returning`, answers their ids in row order. */
  insert(table: string, rows: Record<string, unknown>[], returning?: boolean): Promise<number[]>;
}

/** One unit of loading (a study and its records), run in one transaction with its writer. */
export type LoadUnit = <T>(work: (tx: Tx, rows: RowWriter) => Promise<T>) => Promise<T>;

const BATCH = 1000;

/** Multi-row INSERT statements of up to 1,000 rows. */
export function batchWriter(tx: Tx): RowWriter {
  return {
    async insert(table, rows, returning = false) {
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i += BATCH) {
        const q = tx.insertInto(table as any).values(rows.slice(i, i + BATCH) as any);
        if (returning) ids.push(...(await q.returning('id' as any).execute()).map((r: any) => r.id as number));
        else await q.execute();
      }
      return ids;
    },
  };
}
