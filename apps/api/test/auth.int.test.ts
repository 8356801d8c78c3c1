import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { SECURITY } from '@ctp/contracts';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, testConfig, type TestServer } from './support/app.ts';

let t: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database);
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('log in and sessions', () => {
  it('logs in with the demo password, sets an httpOnly SameSite=Lax cookie and stores only its hash', async () => {
    const c = new TestClient(server.url);
    const res = await c.request('/trpc/auth.login?batch=1', {
      method: 'POST',
      json: { 0: { email: 'Data-Manager@demo.local', password: TEST_PASSWORD } },
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const token = c.cookie.split('=')[1]!;
    const stored = await t.database.db.selectFrom('sessions').select('tokenHash').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toBe(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const me = await c.getJson('/trpc/auth.me');
    expect(me.result.data).toMatchObject({ email: 'data-manager@demo.local', role: 'data-manager', title: 'Clinical Data Manager' });
  });

  it('tells site staff the sites they act for in each study, and other roles none', async () => {
    const coordinator = new TestClient(server.url);
    await coordinator.login('coordinator@demo.local', TEST_PASSWORD);
    const me = (await coordinator.getJson('/trpc/auth.me')).result.data;
    const memberships = await t.database.db
      .selectFrom('studyMemberships as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select(['m.studyId', 'm.siteId'])
      .where('u.email', '=', 'coordinator@demo.local')
      .orderBy('m.studyId')
      .orderBy('m.siteId')
      .execute();
    expect(memberships.length).toBeGreaterThan(0);
    const expected = new Map<number, number[]>();
    for (const m of memberships) expected.set(m.studyId, [...(expected.get(m.studyId) ?? []), m.siteId!]);
    expect(me.ownSites).toEqual([...expected].map(([studyId, siteIds]) => ({ studyId, siteIds })));

    const manager = new TestClient(server.url);
    await manager.login('study-manager@demo.local', TEST_PASSWORD);
    expect((await manager.getJson('/trpc/auth.me')).result.data.ownSites).toEqual([]);
  });

  it('refuses a wrong password with a message that does not say which part was wrong', async () => {
    const c = new TestClient(server.url);
    const { status, body } = await c.login('monitor@demo.local', 'wrong-password-1');
    expect(status).toBe(401);
    expect(body.error.message).toBe('Invalid email or password');
    const unknown = await c.login('nobody@demo.local', 'wrong-password-1');
    expect(unknown.body.error.message).toBe('Invalid email or password');
  });

  it(`locks the account after ${SECURITY.maxFailedLogins} failed attempts, even for the right password`, async () => {
    const c = new TestClient(server.url);
    for (let i = 0; i < SECURITY.maxFailedLogins; i++) expect((await c.login('sponsor@demo.local', 'not-the-password-9')).status).toBe(401);
    const locked = await c.login('sponsor@demo.local');
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/locked/);
    const audit = await t.database.db
      .selectFrom('auditEvents')
      .select(['reason'])
      .where('tableName', '=', 'users')
      .where('reason', '=', 'Account locked after failed log-in attempts')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('ends a session after 30 idle minutes and after 12 hours in all', async () => {
    const c = new TestClient(server.url);
    await c.login('investigator@demo.local');
    expect((await c.request('/api/dashboard/insights')).status).toBe(200);
    const { db } = t.database;
    const latest = () => db.selectFrom('sessions').select('id').orderBy('id', 'desc').limit(1);
    await db.updateTable('sessions').set({ lastSeenAt: sql`now() - interval '31 minutes'` }).where('id', '=', latest()).execute();
    expect((await c.request('/api/dashboard/insights')).status).toBe(401);

    await c.login('investigator@demo.local');
    expect((await c.request('/api/dashboard/insights')).status).toBe(200);
    await db.updateTable('sessions').set({ expiresAt: sql`now() - interval '1 second'` }).where('id', '=', latest()).execute();
    expect((await c.request('/api/dashboard/insights')).status).toBe(401);
  });

  it('logs out: the cookie no longer opens anything', async () => {
    const c = new TestClient(server.url);
    await c.login('coordinator@demo.local');
    const cookie = c.cookie;
    expect((await c.mutation('auth.logout', null)).status).toBe(200);
    c.cookie = cookie;
    expect((await c.request('/api/dashboard/overview')).status).toBe(401);
  });

  it('changes the password: the old one stops working, the policy is enforced', async () => {
    const c = new TestClient(server.url);
    await c.login('study-manager@demo.local');
    const weak = await c.mutation('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(weak.status).toBe(400);
    const ok = await c.mutation('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: 'A-much-longer-passw0rd' });
    expect(ok.status).toBe(200);
    expect((await new TestClient(server.url).login('study-manager@demo.local')).status).toBe(401);
    expect((await new TestClient(server.url).login('study-manager@demo.local', 'A-much-longer-passw0rd')).status).toBe(200);
  });
});

describe('identity cache (SESSION_CACHE_SECONDS)', () => {
  let cached: TestServer;
  beforeAll(async () => {
    cached = await startServer(t.database, testConfig({ SESSION_CACHE_SECONDS: '5' }));
  });
  afterAll(() => cached.close());
  const latestSession = () => t.database.db.selectFrom('sessions').select('id').orderBy('id', 'desc').limit(1);

  it('answers a recently resolved session from memory, and re-reads it when the entry lapses', async () => {
    const c = new TestClient(cached.url);
    await c.login('investigator@demo.local');
    expect((await c.request('/api/dashboard/overview')).status).toBe(200);
    // Idle-expired behind the server's back: still served from memory within the cache time...
    await t.database.db.updateTable('sessions').set({ lastSeenAt: sql`now() - interval '31 minutes'` }).where('id', '=', latestSession()).execute();
    expect((await c.request('/api/dashboard/overview')).status).toBe(200);
    // ...and refused by a server without the cache, which reads the database every time.
    const uncached = new TestClient(server.url);
    uncached.cookie = c.cookie;
    expect((await uncached.request('/api/dashboard/overview')).status).toBe(401);
  });

  it('forgets a session at log-out: the cookie is refused at once', async () => {
    const c = new TestClient(cached.url);
    await c.login('coordinator@demo.local');
    const cookie = c.cookie;
    expect((await c.request('/api/dashboard/overview')).status).toBe(200);
    expect((await c.mutation('auth.logout', null)).status).toBe(200);
    c.cookie = cookie;
    expect((await c.request('/api/dashboard/overview')).status).toBe(401);
  });

  it('forgets the scope of a user who created a study: the new study opens at once', async () => {
    const c = new TestClient(cached.url);
    await c.login('data-manager@demo.local');
    expect((await c.request('/api/studies')).status).toBe(200); // scope now cached
    const created = await c.mutation('studies.create', {
      studyId: 'CACHE-001',
      title: 'Scope cache check',
      phase: 'Phase II',
      status: 'planning',
      targetEnrollment: 10,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result.data.id as number;
    expect((await c.request(`/api/studies/${id}`)).status).toBe(200);
  });

  it("forgets every session of a user whose password changed: another browser's cookie is refused at once", async () => {
    const first = new TestClient(cached.url);
    const second = new TestClient(cached.url);
    // (sponsor is locked by the lock-out test above, study-manager's password already changed)
    await first.login('monitor@demo.local');
    await second.login('monitor@demo.local');
    expect((await second.request('/api/dashboard/overview')).status).toBe(200);
    const changed = await first.mutation('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-new-passw0rd-26' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await second.request('/api/dashboard/overview')).status).toBe(401);
    expect((await first.request('/api/dashboard/overview')).status).toBe(200);
  });
});

describe('log-in attempts per address (LOGIN_ATTEMPTS_PER_MINUTE)', () => {
  it('refuses attempts past the limit with a tRPC error the login page can read, whatever the password', async () => {
    // On PostgreSQL the count is shared by every server on the database: start it afresh for this address.
    await sql`delete from login_rate_limits`.execute(t.database.db);
    const limited = await startServer(t.database, testConfig({ LOGIN_ATTEMPTS_PER_MINUTE: '3' }));
    try {
      const attempt = (password: string) =>
        new TestClient(limited.url).request('/trpc/auth.login?batch=1', {
          method: 'POST',
          json: { 0: { email: 'monitor@demo.local', password } },
        });
      for (const password of ['wrong-password-1', 'wrong-password-2', TEST_PASSWORD]) {
        expect((await attempt(password)).status).not.toBe(429);
      }
      const refused = await attempt(TEST_PASSWORD);
      expect(refused.status).toBe(429);
      // JSON in tRPC's shape, not a plain-text page: the web app shows the message, not a parse error.
      const body = (await refused.json()) as { error: { message: string; data: { code: string } } }[];
      expect(body[0]!.error).toMatchObject({
        message: 'Too many log-in attempts from this address. Wait a minute and try again.',
        data: { code: 'TOO_MANY_REQUESTS' },
      });
    } finally {
      await limited.close();
    }
  });
});

describe('CSRF protection', () => {
  it('refuses a state-changing request from another origin', async () => {
    const c = new TestClient(server.url);
    const res = await c.request('/trpc/auth.login?batch=1', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { 0: { email: 'admin@demo.local', password: TEST_PASSWORD } },
    });
    expect(res.status).toBe(403);
  });

  it('refuses a form-encoded POST, which a cross-site HTML form could send', async () => {
    const res = await fetch(`${server.url}/trpc/auth.logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(res.status).toBe(415);
  });
});

describe('dashboard REST paths', () => {
  const paths = ['/api/dashboard/overview', '/api/dashboard/insights', '/api/quality-insights', '/api/compliance-status', '/api/unknown'];

  it('answer 401 without a session, for known and unknown paths alike', async () => {
    for (const p of paths) expect((await fetch(server.url + p)).status, p).toBe(401);
  });

  it('answer the spec shapes with a session, and a JSON 404 for an unknown path', async () => {
    const c = new TestClient(server.url);
    await c.login('admin@demo.local');
    const overview = await c.getJson('/api/dashboard/overview');
    expect(overview.dataQualityScore).toBeGreaterThan(0);
    expect(overview.dataQualityScore).toBeLessThanOrEqual(100);
    expect(overview.studies.length).toBeGreaterThan(0);
    expect(Object.keys(overview.studies[0]).sort()).toEqual(
      ['createdAt', 'currentEnrollment', 'description', 'id', 'phase', 'status', 'studyId', 'targetEnrollment', 'therapeutic_area', 'title'].sort(),
    );
    const insights = await c.getJson('/api/dashboard/insights');
    expect(typeof insights.isStatic).toBe('boolean');
    expect(insights.performanceImprovement).toMatch(/^-?\d+%$/);
    expect(Number.isInteger(insights.optimizationOpportunities)).toBe(true);
    const quality = await c.getJson('/api/quality-insights');
    expect(quality.dataQualityScore).toBe(overview.dataQualityScore);
    for (const a of quality.recentAlerts) expect(['warning', 'success', 'info']).toContain(a.type);
    const compliance = await c.getJson('/api/compliance-status');
    expect(compliance).toMatchObject({ cfr21Part11: expect.any(String), gcpGuidelines: expect.any(String), gdpr: expect.any(String) });
    expect(compliance.auditTrailCompleteness).toBe(100);
    const missing = await c.request('/api/unknown');
    expect(missing.status).toBe(404);
    expect((await missing.json()) as unknown).toEqual({ error: 'Not found' });
  });
});
