// The pg-boss queue accepts every period the configuration allows, up to a daily one
// (INSIGHTS_INTERVAL_SECONDS=86400): pg-boss refuses an expiry of 24 hours or more and a singleton slot
// longer than its archive delay, so either would stop the server starting or the job ever running.
// Two queues (two instances) register the same daily job: it runs once.
// Only with TEST_DATABASE_URL (pg-boss needs PostgreSQL).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { serverUrl } from './support/global-setup.ts';
import { createPgBossQueue, MAX_PERIOD_SECONDS } from '../src/jobs/pg-boss-queue.ts';
import type { JobQueue } from '../src/jobs/queue.ts';

const base = process.env.TEST_DATABASE_URL;
const DAY = 24 * 60 * 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!base)('pg-boss queue with long periods', () => {
  const name = `ctp_periods_${crypto.randomBytes(4).toString('hex')}`;
  const queues: JobQueue[] = [];
  const errors: string[] = [];
  let url: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    url = serverUrl(base!, name);
  });

  afterAll(async () => {
    for (const q of queues) await q.stop(2000);
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const start = async () => {
    const q = await createPgBossQueue({ connectionString: url, pollingIntervalSeconds: 0.5, onError: (n, err) => errors.push(`${n}: ${String(err)}`) });
    queues.push(q);
    return q;
  };

  it('starts with a daily period, runs the job once across two queues, within pg-boss bounds', async () => {
    let runs = 0;
    const daily = async () => void runs++;
    await (await start()).every('daily-pass', DAY, daily);
    await (await start()).every('daily-pass', DAY, daily);
    for (let waited = 0; runs === 0 && waited < 15_000; waited += 250) await sleep(250);
    await sleep(2000); // time for a second run, if the slot let one in
    expect(errors).toEqual([]);
    expect(runs).toBe(1);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const q = await client.query<{ expire_seconds: number }>(`select expire_seconds from pgboss.queue where name = 'daily-pass'`);
    await client.end();
    expect(q.rows[0]!.expire_seconds).toBeLessThan(DAY);
    expect(q.rows[0]!.expire_seconds).toBeGreaterThan(DAY / 2);
  });

  it('refuses a period beyond the longest the configuration allows', async () => {
    const q = queues[0]!;
    await expect(q.every('too-long', MAX_PERIOD_SECONDS + 1, async () => {})).rejects.toThrow(RangeError);
  });
});
