// Issue 29: three server processes on one PostgreSQL database, started as `npm start` starts one, with
// the session and scope cache on (30 s). A log-out, a password change, a deactivation or a membership
// removal on one instance is refused by the other two within a second (triggers notify at commit, each
// process listens); log-in attempts are counted across the three; and processes starting together on an
// empty database migrate it and load the demo data once. The embedded PGlite is one process: skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '@ctp/db';
import { migrations } from '../../../packages/db/src/migrations/index.ts';
import { createDatabase, startInstance, stopInstances, type Instance } from './support/instances.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;

// Each log-in comes from an address of its own (TRUST_PROXY, X-Forwarded-For), so the throttle's
// count for the throttle test is not spent by the other tests' log-ins.
let nextAddress = 1;
const freshAddress = () => `10.29.0.${nextAddress++}`;

interface Call {
  status: number;
  body: any;
}

async function call(instance: Instance, procedure: string, opts: { cookie?: string; input?: unknown; mutation?: boolean; address?: string } = {}): Promise<Call> {
  const headers: Record<string, string> = { origin: instance.url, 'x-forwarded-for': opts.address ?? freshAddress() };
  if (opts.cookie) headers.cookie = opts.cookie;
  let url = `${instance.url}/trpc/${procedure}`;
  let init: RequestInit = { headers };
  if (opts.mutation) {
    headers['content-type'] = 'application/json';
    init = { method: 'POST', headers, body: JSON.stringify(opts.input ?? null) };
  } else if (opts.input !== undefined) {
    url += `?input=${encodeURIComponent(JSON.stringify(opts.input))}`;
  }
  const r = await fetch(url, init);
  return { status: r.status, body: await r.json() };
}

async function logIn(instance: Instance, email: string, password = DEFAULT_DEMO_PASSWORD): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: instance.url, 'x-forwarded-for': freshAddress() };
  const r = await fetch(`${instance.url}/trpc/auth.login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  const cookie = r.headers.get('set-cookie');
  if (!r.ok || !cookie) throw new Error(`log-in of ${email} on port ${instance.port} answered ${r.status}`);
  return cookie.split(';')[0]!;
}

/** The signed-in user's id as an instance sees the cookie, or null when it refuses the session. */
async function whoAmI(instance: Instance, cookie: string): Promise<number | null> {
  const r = await call(instance, 'auth.me', { cookie });
  expect(r.status).toBe(200);
  return r.body.result.data?.id ?? null;
}

/** Milliseconds until `check` holds on every instance (polled every 25 ms), or Infinity after 3 s. */
async function timeUntil(instances: Instance[], check: (i: Instance) => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 3_000) {
    const held = await Promise.all(instances.map(check));
    if (held.every(Boolean)) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 25));
  }
  return Infinity;
}

/** Starts `count` instances at once; should one fail, the others are stopped before the error is thrown. */
async function startTogether(count: number, opts: Parameters<typeof startInstance>[0]): Promise<Instance[]> {
  const settled = await Promise.allSettled(Array.from({ length: count }, () => startInstance(opts)));
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await stopInstances(started);
    throw failed.reason;
  }
  return started;
}

describe.skipIf(!onPostgres)('three instances with the caches on', () => {
  let database: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  let storage: string;
  let a: Instance, b: Instance, c: Instance;

  beforeAll(async () => {
    database = await createDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ctp-scale-out-'));
    const env = {
      SESSION_CACHE_SECONDS: '30',
      LOGIN_ATTEMPTS_PER_MINUTE: '5',
      TRUST_PROXY: 'true',
      STORAGE_DIR: storage,
      DATA_DIR: storage,
    };
    // The first loads the demo data; the others start on a database that holds it.
    a = await startInstance({ databaseUrl: database.url, env: { ...env, SEED_DEMO_DATA: 'true' } });
    [b, c] = (await startTogether(2, { databaseUrl: database.url, env })) as [Instance, Instance];
  });

  afterAll(async () => {
    await stopInstances([a, b, c].filter(Boolean));
    await client?.end();
    await database?.drop();
    if (storage) fs.rmSync(storage, { recursive: true, force: true });
  });

  const userId = async (email: string) => Number((await client.query('select id from users where email = $1', [email])).rows[0].id);

  it('a log-out on one instance is refused by the other two within a second', async () => {
    const me = await userId('monitor@demo.local');
    const cookie = await logIn(a, 'monitor@demo.local');
    // Used on B and C, which now hold it in memory.
    expect(await whoAmI(b, cookie)).toBe(me);
    expect(await whoAmI(c, cookie)).toBe(me);
    // The caches are on: a change that notifies nobody (the idle window made to lapse) goes unseen.
    await client.query(`update sessions set last_seen_at = now() - interval '2 hours' where user_id = $1 and revoked_at is null`, [me]);
    expect(await whoAmI(b, cookie)).toBe(me);
    expect(await whoAmI(c, cookie)).toBe(me);
    await client.query(`update sessions set last_seen_at = now() where user_id = $1 and revoked_at is null`, [me]);

    expect((await call(a, 'auth.logout', { cookie, mutation: true })).status).toBe(200);
    const elapsed = await timeUntil([b, c], async (i) => (await whoAmI(i, cookie)) === null);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('a password change on one instance ends the other sessions on the other two within a second', async () => {
    const me = await userId('coordinator@demo.local');
    const elsewhere = await logIn(b, 'coordinator@demo.local');
    const here = await logIn(a, 'coordinator@demo.local');
    expect(await whoAmI(b, elsewhere)).toBe(me);
    expect(await whoAmI(c, elsewhere)).toBe(me);
    const changed = await call(a, 'auth.changePassword', {
      cookie: here,
      mutation: true,
      input: { currentPassword: DEFAULT_DEMO_PASSWORD, newPassword: 'Scale-out password 2026, changed once' },
    });
    expect(changed.status).toBe(200);
    const elapsed = await timeUntil([b, c], async (i) => (await whoAmI(i, elsewhere)) === null);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('a deactivation by an administrator on one instance is refused by the other two within a second', async () => {
    const target = await userId('sponsor@demo.local');
    const admin = await logIn(a, 'admin@demo.local');
    const cookie = await logIn(c, 'sponsor@demo.local');
    expect(await whoAmI(b, cookie)).toBe(target);
    expect(await whoAmI(c, cookie)).toBe(target);
    const done = await call(a, 'users.deactivate', { cookie: admin, mutation: true, input: { id: target, reason: 'Left the sponsor (scale-out test)' } });
    expect(done.status).toBe(200);
    const elapsed = await timeUntil([b, c], async (i) => (await whoAmI(i, cookie)) === null);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('a membership removal on one instance takes the study away on the other two within a second', async () => {
    const me = await userId('investigator@demo.local');
    const { rows } = await client.query('select study_id from study_memberships where user_id = $1 and ended_at is null order by study_id limit 1', [me]);
    const studyId = Number(rows[0].study_id);
    const admin = await logIn(a, 'admin@demo.local');
    const cookie = await logIn(b, 'investigator@demo.local');
    const seesTeam = async (i: Instance) => (await call(i, 'teams.list', { cookie, input: { studyId } })).status === 200;
    // Read on B and C, which now hold the investigator's scope in memory.
    expect(await seesTeam(b)).toBe(true);
    expect(await seesTeam(c)).toBe(true);
    const removed = await call(a, 'teams.remove', { cookie: admin, mutation: true, input: { studyId, userId: me, reason: 'Moved to another study (scale-out test)' } });
    expect(removed.status).toBe(200);
    const elapsed = await timeUntil([b, c], async (i) => !(await seesTeam(i)));
    expect(elapsed).toBeLessThan(1_000);
    // Still signed in: only the study went.
    expect(await whoAmI(c, cookie)).toBe(me);
  });

  it('log-in attempts are counted across the three: the limit trips at the sixth attempt overall', async () => {
    const address = '10.29.1.1';
    const attempt = (i: Instance) =>
      call(i, 'auth.login', { mutation: true, address, input: { email: 'data-manager@demo.local', password: 'not the password at all' } });
    const codes: string[] = [];
    for (const i of [a, b, c, a, b]) codes.push((await attempt(i)).body.error?.data?.code);
    expect(codes).not.toContain('TOO_MANY_REQUESTS');
    // The sixth, whichever instance it reaches, is one too many for this address.
    for (const i of [c, a, b]) expect((await attempt(i)).body.error?.data?.code).toBe('TOO_MANY_REQUESTS');
  });

  it('an instance that loses its listening connection drops its cache and listens again', async () => {
    const me = await userId('study-manager@demo.local');
    const cookie = await logIn(a, 'study-manager@demo.local');
    expect(await whoAmI(b, cookie)).toBe(me);
    // Every instance's listening connection is cut, as a database restart or a dropped network would.
    const cut = await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'ctp-cache-listener' and datname = current_database()`);
    expect(cut.rowCount).toBe(3);
    // They come back (0.5 s after the loss) ...
    const back = await timeUntil([a], async () => {
      const { rows } = await client.query(`select count(*)::int as n from pg_stat_activity where application_name = 'ctp-cache-listener' and datname = current_database()`);
      return rows[0].n === 3;
    });
    expect(back).toBeLessThan(3_000);
    await new Promise((r) => setTimeout(r, 300)); // LISTEN follows the connection
    // ... with their caches on again (the unnotified lapse goes unseen by B, which holds the session) ...
    expect(await whoAmI(b, cookie)).toBe(me);
    await client.query(`update sessions set last_seen_at = now() - interval '2 hours' where user_id = $1 and revoked_at is null`, [me]);
    expect(await whoAmI(b, cookie)).toBe(me);
    await client.query(`update sessions set last_seen_at = now() where user_id = $1 and revoked_at is null`, [me]);
    // ... and hear the next log-out.
    expect((await call(a, 'auth.logout', { cookie, mutation: true })).status).toBe(200);
    expect(await timeUntil([b, c], async (i) => (await whoAmI(i, cookie)) === null)).toBeLessThan(1_000);
  });
});

describe.skipIf(!onPostgres)('instances starting together on an empty database', () => {
  it('migrate it once and load the demo data once; both become ready', async () => {
    const database = await createDatabase({ empty: true });
    const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'ctp-scale-out-empty-'));
    const env = { SEED_DEMO_DATA: 'true', STORAGE_DIR: storage, DATA_DIR: storage, LOG_LEVEL: 'info' };
    let instances: Instance[] = [];
    try {
      instances = await startTogether(2, { databaseUrl: database.url, env });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const count = async (q: string) => Number((await client.query(q)).rows[0].n);
        expect(await count('select count(*) as n from kysely_migration')).toBe(Object.keys(migrations).length);
        // One demo load: its eight studies and eight accounts, once.
        expect(await count('select count(*) as n from studies')).toBe(8);
        expect(await count('select count(*) as n from users')).toBe(8);
      } finally {
        await client.end();
      }
      // Exactly one process applied the migrations and exactly one loaded the demo data.
      const said = (text: string) => instances.filter((i) => i.output().includes(text)).length;
      expect(said('migrations applied')).toBe(1);
      expect(said('demo data loaded')).toBe(1);
    } finally {
      await stopInstances(instances);
      await database.drop();
      fs.rmSync(storage, { recursive: true, force: true });
    }
  });

  it('without demo data, print one first-administrator setup link between them', async () => {
    const database = await createDatabase({ empty: true });
    let instances: Instance[] = [];
    try {
      instances = await startTogether(2, { databaseUrl: database.url });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(`select count(*)::int as n from account_links where purpose = 'setup' and revoked_at is null`);
        expect(rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
      // The banner is written once listening: wait for both.
      const banners = () => instances.filter((i) => i.output().includes('No administrator exists yet')).length;
      await timeUntil([instances[0]!], async () => banners() === 2);
      expect(instances.filter((i) => i.output().includes('/setup?token=')).length).toBe(1);
      expect(instances.filter((i) => i.output().includes('started alongside this one')).length).toBe(1);
    } finally {
      await stopInstances(instances);
      await database.drop();
    }
  });

  it('with MIGRATE_ON_START=false, refuse to start on a database that is behind, and say what to run', async () => {
    const database = await createDatabase({ empty: true });
    try {
      await expect(startInstance({ databaseUrl: database.url, env: { MIGRATE_ON_START: 'false' } })).rejects.toThrow(
        /exited before it was ready[\s\S]*lacks \d+ migration\(s\), from 0001-foundation: run `npm run db:migrate` first/,
      );
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
        expect(rows[0].n).toBe(0); // it changed nothing
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  });
});
