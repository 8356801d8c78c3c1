// The statement cache names read statements on a PostgreSQL connection, and no more than its bound.
// Only PostgreSQL has named statements across calls; the embedded PGlite path does not use this client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_PER_CALL, StatementCachingClient } from '../src/statement-cache.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statement cache (PostgreSQL)', () => {
  let client: StatementCachingClient;
  const preparedCount = async () =>
    Number((await client.query('select count(*) as n from pg_prepared_statements', [])).rows[0].n);

  beforeAll(async () => {
    client = new StatementCachingClient({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  it('prepares a read once and reuses it with new values', async () => {
    const text = 'select $1::int + 1 as next';
    expect((await client.query(text, [1])).rows).toEqual([{ next: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ next: 42 }]);
    const named = await client.query("select name from pg_prepared_statements where statement = 'select $1::int + 1 as next'", []);
    expect(named.rows).toHaveLength(1);
    expect(named.rows[0].name).toMatch(/^ctp_/);
  });

  it('leaves writes unnamed', async () => {
    await client.query('create temporary table cache_probe (n int)', []);
    const before = await preparedCount();
    await client.query('insert into cache_probe (n) values ($1)', [7]);
    expect(await preparedCount()).toBe(before);
  });

  it('leaves a read marked PLANNED_PER_CALL unnamed, planned for each call\'s values', async () => {
    const before = await preparedCount();
    const { rows } = await client.query(`${PLANNED_PER_CALL} select $1::int + 2 as next`, [40]);
    expect(rows).toEqual([{ next: 42 }]);
    expect(await preparedCount()).toBe(before);
  });

  it('names at most 256 statements per connection and still answers the rest', async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await client.query(`select $1::int * ${i} as product`, [2]);
      expect(rows[0].product).toBe(2 * i);
    }
    expect(await preparedCount()).toBe(256);
  });
});
