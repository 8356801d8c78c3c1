// Single sign-on against a real OpenID provider (oidc-provider, started here): the authorization code
// flow with PKCE driven over HTTP as a browser would (each redirect followed by hand, each side's
// cookies kept), the provider's own login form filled in. The app's PUBLIC_URL is an address of its
// own (as behind a reverse proxy): the provider redirects there, and the test delivers it to the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail, startServer, testConfig, TestClient, type TestServer } from './support/app.ts';
import { rejects } from './support/procedures.ts';
import { oidcEnv, startOidcProvider, type TestProvider } from './support/oidc-provider.ts';
import { requestPasswordReset } from '../src/modules/auth/password-links.ts';
import { createApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';

const PUBLIC_URL = 'http://ctp.hospital.test';
/** Every test signs in many times from one address. */
const UNTHROTTLED = { LOGIN_ATTEMPTS_PER_MINUTE: '10000' };
const CALLBACK = `${PUBLIC_URL}/auth/oidc/callback`;

/** Cookies per origin, as a browser keeps them (names and values; expiry only as deletion). */
class Jar {
  private readonly cookies = new Map<string, Map<string, string>>();
  header(url: string) {
    const jar = this.cookies.get(new URL(url).origin);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
  keep(url: string, res: Response) {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date()) || attributes.some((a) => /^\s*max-age=0\b/i.test(a));
      if (expired || !value) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(origin, jar);
  }
  get(url: string, name: string) {
    return this.cookies.get(new URL(url).origin)?.get(name);
  }
  set(url: string, name: string, value: string | null) {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    if (value === null) jar.delete(name);
    else jar.set(name, value);
    this.cookies.set(origin, jar);
  }
}

interface Browser {
  jar: Jar;
  fetch(url: string, init?: RequestInit): Promise<Response>;
}

function browser(): Browser {
  const jar = new Jar();
  return {
    jar,
    async fetch(url, init = {}) {
      const headers = new Headers(init.headers);
      const cookie = jar.header(url);
      if (cookie) headers.set('cookie', cookie);
      const res = await fetch(url, { ...init, headers, redirect: 'manual' });
      jar.keep(url, res);
      return res;
    },
  };
}

const locationOf = (res: Response, base: string) => new URL(res.headers.get('location')!, base).href;

describe('single sign-on with OpenID Connect', () => {
  let t: TestDatabase;
  let provider: TestProvider;
  let server: TestServer;
  let autoCreating: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    t = await createTestDatabase({ seed: true });
    provider = await startOidcProvider({
      redirectUri: CALLBACK,
      accounts: {
        monitor: { email: 'Monitor@Demo.Local', emailVerified: true, name: 'Michael Chen' },
        coordinator: { email: demoEmail('coordinator'), emailVerified: true },
        sponsor: { email: demoEmail('sponsor'), emailVerified: true },
        unverified: { email: demoEmail('investigator'), emailVerified: false },
        stranger: { email: 'Nadia.Newcomer@Hospital.example', emailVerified: true, name: 'Nadia Newcomer' },
        unverifiedStranger: { email: 'someone@hospital.example', emailVerified: false },
        outsider: { email: 'Olga.Outsider@Clinic.example', emailVerified: true, name: 'Olga Outsider' },
      },
    });
    server = await startServer(t.database, testConfig({ PUBLIC_URL, ...UNTHROTTLED, ...oidcEnv(provider) }));
    autoCreating = await startServer(t.database, testConfig({ PUBLIC_URL, ...UNTHROTTLED, ...oidcEnv(provider, { OIDC_AUTO_CREATE: 'true' }) }));
    plain = await startServer(t.database, testConfig({ PUBLIC_URL }));
  });
  afterAll(async () => {
    await server?.close();
    await autoCreating?.close();
    await plain?.close();
    await provider?.close();
    await t?.cleanup();
  });

  /** Starts a sign-in at the app and signs in at the provider as `login`; returns the callback address the provider sent the browser to. */
  async function atProvider(b: Browser, app: TestServer, login: string, next = '/studies') {
    const start = await b.fetch(`${app.url}/auth/oidc/start?next=${encodeURIComponent(next)}`);
    expect(start.status).toBe(303);
    let url = locationOf(start, app.url);
    expect(url.startsWith(`${provider.issuer}/auth?`)).toBe(true);
    const authorize = new URL(url).searchParams;
    expect(authorize.get('code_challenge_method')).toBe('S256');
    expect(authorize.get('redirect_uri')).toBe(CALLBACK);
    for (let hops = 0; hops < 10; hops++) {
      const res = await b.fetch(url);
      if (res.status >= 300 && res.status < 400) {
        url = locationOf(res, url);
        if (url.startsWith(CALLBACK)) return url;
        continue;
      }
      // The provider's login form.
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      expect(action, 'the provider shows its login form').toBeTruthy();
      const submitted = await b.fetch(new URL(action!.replace(/&amp;/g, '&'), url).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString(),
      });
      expect(submitted.status).toBeGreaterThanOrEqual(300);
      url = locationOf(submitted, url);
      if (url.startsWith(CALLBACK)) return url;
    }
    throw new Error('the provider never redirected back');
  }

  /** Delivers the provider's redirect to the app (PUBLIC_URL is the app's public address). */
  async function callback(b: Browser, app: TestServer, callbackUrl: string) {
    const local = app.url + callbackUrl.slice(PUBLIC_URL.length);
    // The browser holds the state cookie for the public address; here that is the app's own.
    const res = await b.fetch(local);
    expect(res.status).toBe(303);
    return { res, location: res.headers.get('location')!, session: b.jar.get(app.url, 'ctp_session') };
  }

  async function signIn(app: TestServer, login: string, next?: string) {
    const b = browser();
    const url = await atProvider(b, app, login, next);
    return { b, ...(await callback(b, app, url)) };
  }

  const me = async (app: TestServer, session: string | undefined) =>
    ((await (await fetch(`${app.url}/trpc/auth.me`, { headers: { cookie: `ctp_session=${session}` } })).json()) as { result: { data: unknown } }).result.data;
  const userCount = async () => Number((await sql<{ n: string }>`select count(*) as n from users`.execute(t.database.db)).rows[0]!.n);
  const auditCount = async () => Number((await sql<{ n: string }>`select count(*) as n from audit_events`.execute(t.database.db)).rows[0]!.n);

  it('tells the log-in page whether single sign-on is offered, and its label', async () => {
    expect((await new TestClient(server.url).getJson('/trpc/auth.ssoInfo')).result.data).toEqual({ enabled: true, label: 'Hospital account' });
    expect((await new TestClient(plain.url).getJson('/trpc/auth.ssoInfo')).result.data).toEqual({ enabled: false, label: null });
    const res = await fetch(`${plain.url}/auth/oidc/start`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/login?sso_error=unavailable');
  });

  it('signs a person in to the active account of their verified e-mail (any case) and follows a same-site next', async () => {
    const before = await userCount();
    const { location, session } = await signIn(server, 'monitor', '/studies?tab=all');
    expect(location).toBe('/studies?tab=all');
    expect(session).toBeTruthy();
    expect(await me(server, session)).toMatchObject({ email: 'monitor@demo.local', role: 'monitor' });
    expect(await userCount()).toBe(before);
    const monitor = await t.database.db.selectFrom('users').select('id').where('email', '=', 'monitor@demo.local').executeTakeFirstOrThrow();
    const login = await t.database.db.selectFrom('auditEvents').select(['reason', 'actorUserId', 'recordId']).where('tableName', '=', 'users').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(login).toEqual({ reason: 'Log-in (single sign-on)', actorUserId: monitor.id, recordId: String(monitor.id) });
    // The started sign-in is spent.
    expect(await t.database.db.selectFrom('oidcLoginStates').select('id').execute()).toEqual([]);
  });

  it('follows only same-site paths after sign-in', async () => {
    expect((await signIn(server, 'monitor', 'https://evil.example/')).location).toBe('/dashboard');
    expect((await signIn(server, 'monitor', '//evil.example/x')).location).toBe('/dashboard');
  });

  it('refuses a wrong or missing state, a state used twice and a callback in another browser, creating nothing', async () => {
    const users = await userCount();
    const audit = await auditCount();
    const b = browser();
    const url = await atProvider(b, server, 'monitor');
    const wrong = new URL(url);
    wrong.searchParams.set('state', 'x'.repeat(43));
    expect((await callback(b, server, wrong.href)).location).toBe('/login?sso_error=state');
    const missing = new URL(url);
    missing.searchParams.delete('state');
    expect((await callback(b, server, missing.href)).location).toBe('/login?sso_error=state');

    // The real callback, from another browser (no state cookie): refused; then in the right one: accepted once.
    const other = browser();
    const elsewhere = await callback(other, server, url);
    expect(elsewhere.location).toBe('/login?sso_error=state');
    expect(elsewhere.session).toBeUndefined();

    const b2 = browser();
    const url2 = await atProvider(b2, server, 'monitor');
    const stateCookie = b2.jar.get(server.url, 'ctp_oidc')!;
    const first = await callback(b2, server, url2);
    expect(first.location).toBe('/studies');
    b2.jar.set(server.url, 'ctp_oidc', stateCookie);
    b2.jar.set(server.url, 'ctp_session', null);
    const replay = await callback(b2, server, url2);
    expect(replay.location).toBe('/login?sso_error=state');
    expect(replay.session).toBeUndefined();
    expect(await userCount()).toBe(users);
    // Only the one accepted sign-in wrote (its log-in, on users).
    expect(await auditCount()).toBe(audit + 1);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const audit = await auditCount();
    const b = browser();
    const url = await atProvider(b, server, 'monitor');
    await t.database.db.updateTable('oidcLoginStates').set({ nonce: 'n'.repeat(43) }).execute();
    const res = await callback(b, server, url);
    expect(res.location).toBe('/login?sso_error=failed');
    expect(res.session).toBeUndefined();
    expect(await auditCount()).toBe(audit);
  });

  it("refuses the provider's error answer", async () => {
    const b = browser();
    await atProvider(b, server, 'monitor');
    const state = b.jar.get(server.url, 'ctp_oidc')!;
    const res = await callback(b, server, `${CALLBACK}?error=access_denied&state=${state}`);
    expect(res.location).toBe('/login?sso_error=provider');
    expect(res.session).toBeUndefined();
  });

  it('refuses an e-mail address the provider has not verified, even when accounts are created at first sign-on', async () => {
    const users = await userCount();
    const audit = await auditCount();
    expect((await signIn(server, 'unverified')).location).toBe('/login?sso_error=unverified');
    expect((await signIn(autoCreating, 'unverifiedStranger')).location).toBe('/login?sso_error=unverified');
    expect(await userCount()).toBe(users);
    expect(await auditCount()).toBe(audit);
  });

  it('refuses an unknown person unless OIDC_AUTO_CREATE, which creates an account without study access', async () => {
    const users = await userCount();
    const refused = await signIn(server, 'stranger');
    expect(refused.location).toBe('/login?sso_error=unknown');
    expect(refused.session).toBeUndefined();
    expect(await userCount()).toBe(users);

    const created = await signIn(autoCreating, 'stranger');
    expect(created.location).toBe('/studies');
    expect(await me(autoCreating, created.session)).toMatchObject({ email: 'nadia.newcomer@hospital.example', fullName: 'Nadia Newcomer', role: 'monitor' });
    const account = await t.database.db.selectFrom('users').selectAll().where('email', '=', 'nadia.newcomer@hospital.example').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ role: 'monitor', isActive: true, passwordHash: null, passwordLogin: false });
    expect(await t.database.db.selectFrom('studyMemberships').select('id').where('userId', '=', account.id).execute()).toEqual([]);
    const trail = await t.database.db.selectFrom('auditEvents').select(['action', 'reason']).where('tableName', '=', 'users').where('recordId', '=', String(account.id)).orderBy('id').execute();
    expect(trail).toEqual([
      { action: 'insert', reason: 'Account created at first single sign-on' },
      { action: 'update', reason: 'Log-in (single sign-on)' },
    ]);
    const studies = await fetch(`${autoCreating.url}/api/studies`, { headers: { cookie: `ctp_session=${created.session}` } });
    expect(studies.status).toBe(200);
    expect(await studies.json()).toEqual([]);
    // A monitor with memberships sees studies there (the empty list is the missing membership's doing).
    const monitorStudies = await fetch(`${server.url}/api/studies`, { headers: { cookie: `ctp_session=${(await signIn(server, 'monitor')).session}` } });
    expect(((await monitorStudies.json()) as unknown[]).length).toBeGreaterThan(0);
    // The next sign-in finds the account (no second one); the server without OIDC_AUTO_CREATE finds it too.
    expect((await signIn(autoCreating, 'stranger')).location).toBe('/studies');
    expect((await signIn(server, 'stranger')).location).toBe('/studies');
    expect(await userCount()).toBe(users + 1);
  });

  it('refuses a deactivated account', async () => {
    const admin = await callerAs(t.database, demoEmail('admin'));
    const sponsor = await t.database.db.selectFrom('users').select('id').where('email', '=', demoEmail('sponsor')).executeTakeFirstOrThrow();
    await admin.users.deactivate({ id: sponsor.id, reason: 'Left the sponsor' });
    const res = await signIn(server, 'sponsor');
    expect(res.location).toBe('/login?sso_error=inactive');
    expect(res.session).toBeUndefined();
    await admin.users.reactivate({ id: sponsor.id, reason: 'Back with the sponsor' });
  });

  it('an administrator turns password log-in off with a reason: passwords and reset links are refused, single sign-on works', async () => {
    const admin = await callerAs(t.database, demoEmail('admin'), testConfig(oidcEnv(provider)));
    const adminWithoutSso = await callerAs(t.database, demoEmail('admin'));
    const email = demoEmail('coordinator');
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const c = new TestClient(server.url);
    expect((await c.login(email, TEST_PASSWORD)).status).toBe(200);

    await rejects(admin.users.setPasswordLogin({ id: user.id, passwordLogin: false, reason: '' }), 'BAD_REQUEST');
    await rejects(adminWithoutSso.users.setPasswordLogin({ id: user.id, passwordLogin: false, reason: 'Signs in with the hospital directory' }), 'PRECONDITION_FAILED', /not configured/);
    await rejects((await callerAs(t.database, demoEmail('study-manager'))).users.setPasswordLogin({ id: user.id, passwordLogin: false, reason: 'Not mine to change' }), 'FORBIDDEN');
    await admin.users.setPasswordLogin({ id: user.id, passwordLogin: false, reason: 'Signs in with the hospital directory' });
    await rejects(admin.users.setPasswordLogin({ id: user.id, passwordLogin: false, reason: 'Again' }), 'PRECONDITION_FAILED', /already turned off/);
    expect((await admin.users.byId({ id: user.id })).passwordLogin).toBe(false);
    const event = await t.database.db.selectFrom('auditEvents').select(['reason', 'changes']).where('tableName', '=', 'users').where('recordId', '=', String(user.id)).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ reason: 'Signs in with the hospital directory', changes: { passwordLogin: { old: true, new: false } } });

    const refused = await new TestClient(server.url).login(email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/single sign-on/);
    // Forgot password does nothing for it (no link issued, though mail is configured), nor can an administrator send one.
    const links = async () => (await t.database.db.selectFrom('accountLinks').select('id').where('userId', '=', user.id).execute()).length;
    const before = await links();
    await requestPasswordReset(t.database.db, testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }), email, '127.0.0.1', () => {});
    expect(await links()).toBe(before);
    await rejects(admin.users.sendLink({ id: user.id }), 'PRECONDITION_FAILED', /single sign-on/);

    const sso = await signIn(server, 'coordinator');
    expect(await me(server, sso.session)).toMatchObject({ email });

    await admin.users.setPasswordLogin({ id: user.id, passwordLogin: true, reason: 'Directory outage: passwords again' });
    expect((await new TestClient(server.url).login(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('logs a refusal by its code only: no address, name, authorization code or state', async () => {
    const lines: string[] = [];
    const app = createApp({
      database: t.database,
      config: testConfig({ PUBLIC_URL, ...UNTHROTTLED, ...oidcEnv(provider) }),
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
    const listening = app.listen(0, '127.0.0.1');
    await new Promise((r) => listening.once('listening', r));
    const logged: TestServer = { url: `http://127.0.0.1:${(listening.address() as { port: number }).port}`, close: async () => void listening.close() };
    try {
      const b = browser();
      const url = await atProvider(b, logged, 'outsider');
      expect((await callback(b, logged, url)).location).toBe('/login?sso_error=unknown');
      expect((await signIn(logged, 'monitor')).location).toBe('/studies');
      const text = lines.join('');
      expect(text).toContain('"event":"sso-refused"');
      expect(text).toContain('"code":"unknown"');
      const query = new URL(url).searchParams;
      for (const secret of [query.get('code')!, query.get('state')!, 'olga', 'Olga', 'clinic.example', 'outsider', 'monitor@demo.local']) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });

  it('keeps codes, tokens and addresses out of the started sign-ins table', async () => {
    const b = browser();
    await b.fetch(`${server.url}/auth/oidc/start`);
    const state = b.jar.get(server.url, 'ctp_oidc')!;
    const rows = await t.database.db.selectFrom('oidcLoginStates').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(state);
  });
});
