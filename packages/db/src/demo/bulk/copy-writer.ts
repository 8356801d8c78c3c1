// Rows streamed with COPY ... FROM STDIN (pg-copy-streams) on the loader's own connection, inside the
// unit's transaction. Ids are drawn from the table's identity sequence first, so that the generator
// gets them back in row order as it would from INSERT ... RETURNING.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { RowWriter } from '../row-writer.ts';
import type { LoadTimings } from './timings.ts';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value in COPY's text format: \N for null, backslash escapes for the characters that delimit. */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  else if (typeof value === 'boolean') return value ? 't' : 'f';
  else if (value instanceof Date) return value.toISOString();
  else text = JSON.stringify(value);
  return text.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

const LINES_PER_CHUNK = 500;

export function copyWriter(client: pg.ClientBase, timings?: LoadTimings): RowWriter {
  return {
    async insert(table, rows, returning = false) {
      if (!rows.length) return [];
      const name = snake(table);
      const started = performance.now();
      let ids: number[] = [];
      if (returning) {
        const r = await client.query<{ id: number }>(
          `select nextval(pg_get_serial_sequence($1, 'id'))::int as id from generate_series(1, $2::int) order by 1`,
          [name, rows.length],
        );
        ids = r.rows.map((row) => Number(row.id));
      }
      const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const columns = returning ? ['id', ...keys] : keys;
      function* lines() {
        let chunk = '';
        for (let i = 0; i < rows.length; i++) {
          const row = rows[i]!;
          const values = keys.map((k) => copyText(row[k]));
          chunk += (returning ? [String(ids[i]), ...values] : values).join('\t') + '\n';
          if ((i + 1) % LINES_PER_CHUNK === 0) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      }
      const sink = client.query(copyFrom(`COPY ${name} (${columns.map(snake).join(', ')}) FROM STDIN`));
      await pipeline(Readable.from(lines()), sink);
      timings?.add(`COPY ${name}`, performance.now() - started);
      return ids;
    },
  };
}
