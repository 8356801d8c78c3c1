// Two-factor authentication against a real database: TOTP enrolment (the secret sealed at rest, never
// on the audit trail), the second step of a log-in (no session before the code is right, a pending
// log-in used once), a wrong code counting toward the lock-out with wrong passwords, recovery codes
// working once each, enrolment forced for a role in REQUIRE_MFA_ROLES, turning it off, an
// administrator's reset, and the code at the first electronic signature of a session.
// A TOTP code is accepted once (its time step is remembered) and one step either side of now, so each
// user here spends at most the current and the next step.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { sql } from '@ctp/db';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail, startServer, testConfig, TestClient, type TestServer } from './support/app.ts';
import { rejects } from './support/procedures.ts';

const config = testConfig({ REQUIRE_MFA_ROLES: 'sponsor', MFA_ENCRYPTION_KEY: 'test-key-for-totp-secrets-0123456789abcdef', LOGIN_ATTEMPTS_PER_MINUTE: '10000' });

/** The code of the step `offset` steps from now (0: now, 1: the next one, still accepted). */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * offset });

let t: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database, config);
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

const userOf = (email: string) => t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

/** Enrols a user through procedure calls; returns the secret and the recovery codes. */
async function enrol(email: string) {
  const me = await callerAs(t.database, email, config);
  const started = await me.mfa.startEnrolment();
  const { recoveryCodes } = await me.mfa.confirmEnrolment({ code: await codeAt(started.secret) });
  return { secret: started.secret, recoveryCodes };
}

/** Password, then the code: the client ends signed in. */
async function signInWithCode(c: TestClient, email: string, code: string | Promise<string>) {
  const first = await c.login(email);
  expect(first.status).toBe(200);
  expect(first.body.result.data).toMatchObject({ mfaStep: 'verify' });
  return c.mutation('mfa.verifyLogin', { pendingToken: first.body.result.data.pendingToken, code: await code });
}

describe('enrolment from the profile', () => {
  it('shows a QR code and the secret until a code confirms it, seals the secret and keeps it off the audit trail', async () => {
    const c = new TestClient(server.url);
    expect((await c.login(demoEmail('monitor'))).status).toBe(200);
    expect((await c.getJson('/trpc/mfa.status')).result.data).toMatchObject({ enabled: false, required: false, recoveryCodesRemaining: 0, enrolmentPending: false });

    const started = (await c.mutation('mfa.startEnrolment', undefined)).body.result.data;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(started.otpauthUri).toContain(`secret=${started.secret}`);
    expect(started.otpauthUri).toContain('issuer=Clinical%20trial%20platform');
    const monitor = await userOf(demoEmail('monitor'));
    const stored = await t.database.db.selectFrom('mfaSecrets').selectAll().where('userId', '=', monitor.id).executeTakeFirstOrThrow();
    expect(stored.secretBox).toMatch(/^v1:/);
    expect(stored.secretBox).not.toContain(started.secret);
    expect((await c.getJson('/trpc/mfa.status')).result.data.enrolmentPending).toBe(true);

    const wrong = await c.mutation('mfa.confirmEnrolment', { code: '000000' === (await codeAt(started.secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.data.fieldErrors).toHaveProperty('code');
    const malformed = await c.mutation('mfa.confirmEnrolment', { code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.data.fieldErrors).toHaveProperty('code');

    const confirmed = await c.mutation('mfa.confirmEnrolment', { code: await codeAt(started.secret) });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.result.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await c.getJson('/trpc/mfa.status')).result.data).toMatchObject({ enabled: true, recoveryCodesRemaining: 10, enrolmentPending: false });
    // Never returned again: a new enrolment is refused while one is on.
    expect((await c.mutation('mfa.startEnrolment', undefined)).status).toBe(412);

    const hashes = await t.database.db.selectFrom('mfaRecoveryCodes').select('codeHash').where('userId', '=', monitor.id).execute();
    expect(hashes.map((h) => h.codeHash)).toContain(crypto.createHash('sha256').update(codes[0]!.replace('-', '')).digest('hex'));
    const trail = await sql<{ text: string; table_name: string; reason: string }>`select changes::text as text, table_name, reason from audit_events where record_id = ${String(monitor.id)} and table_name = 'users'`.execute(t.database.db);
    expect(trail.rows.some((r) => r.reason === 'Two-factor authentication turned on by its owner' && r.text.includes('mfa_enabled_at'))).toBe(true);
    const anywhere = await sql<{ n: number }>`select count(*)::int as n from audit_events where changes::text like ${'%' + started.secret + '%'} or table_name like 'mfa%'`.execute(t.database.db);
    expect(anywhere.rows[0]!.n).toBe(0);
  });

  it('asks for the code after the password, creates no session before it is right, and uses a pending log-in once', async () => {
    const c = new TestClient(server.url);
    const first = await c.login(demoEmail('monitor'));
    expect(first.status).toBe(200);
    const step = first.body.result.data;
    expect(step).toMatchObject({ mfaStep: 'verify' });
    expect(step.pendingToken).toMatch(/^[\w-]{43}$/);
    expect(c.cookie).toBe('');
    expect((await c.getJson('/trpc/auth.me')).result.data).toBeNull();
    const pending = await t.database.db.selectFrom('mfaPendingLogins').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(pending.tokenHash).toBe(crypto.createHash('sha256').update(step.pendingToken).digest('hex'));
    expect(new Date(pending.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const wrong = await c.mutation('mfa.verifyLogin', { pendingToken: step.pendingToken, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.data.fieldErrors.code[0]).toMatch(/not correct/);
    expect(wrong.body.error.message).not.toContain('000000');
    expect((await userOf(demoEmail('monitor'))).failedLoginCount).toBe(1);
    expect(c.cookie).toBe('');

    const secretRow = await t.database.db.selectFrom('mfaSecrets').select('lastTimeStep').where('userId', '=', (await userOf(demoEmail('monitor'))).id).executeTakeFirstOrThrow();
    expect(secretRow.lastTimeStep).toBeGreaterThan(0);
  });
});

describe('log-in with a second factor', () => {
  let monitor: { secret: string; recoveryCodes: string[] };
  beforeAll(async () => {
    // The monitor enrolled above through the HTTP client; start afresh through procedures here.
    await (await callerAs(t.database, demoEmail('admin'), config)).users.resetMfa({ id: (await userOf(demoEmail('monitor'))).id, reason: 'Test: enrol again' });
    monitor = await enrol(demoEmail('monitor'));
  });

  it('signs in with the next code, once; the same code and the spent pending log-in are refused', async () => {
    const c = new TestClient(server.url);
    const first = await c.login(demoEmail('monitor'));
    const pendingToken = first.body.result.data.pendingToken;
    const code = await codeAt(monitor.secret, 1);
    const ok = await c.mutation('mfa.verifyLogin', { pendingToken, code });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data).toMatchObject({ email: demoEmail('monitor'), role: 'monitor' });
    expect((await c.getJson('/trpc/auth.me')).result.data.email).toBe(demoEmail('monitor'));
    expect((await userOf(demoEmail('monitor'))).failedLoginCount).toBe(0);

    const again = await new TestClient(server.url).mutation('mfa.verifyLogin', { pendingToken, code });
    expect(again.status).toBe(401);
    const replay = await signInWithCode(new TestClient(server.url), demoEmail('monitor'), code);
    expect(replay.status).toBe(400);
    expect(replay.body.error.data.fieldErrors).toHaveProperty('code');
  });

  it('accepts each recovery code once', async () => {
    const recovery = monitor.recoveryCodes[3]!;
    const c = new TestClient(server.url);
    const ok = await signInWithCode(c, demoEmail('monitor'), recovery.toUpperCase());
    expect(ok.status).toBe(200);
    const audit = await t.database.db.selectFrom('auditEvents').select('reason').where('tableName', '=', 'users').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.reason).toBe('Log-in (password and a recovery code)');
    expect((await c.getJson('/trpc/mfa.status')).result.data.recoveryCodesRemaining).toBe(9);
    const reused = await signInWithCode(new TestClient(server.url), demoEmail('monitor'), recovery);
    expect(reused.status).toBe(400);
    expect(reused.body.error.data.fieldErrors).toHaveProperty('code');
  });

  it('refuses a pending log-in after its few minutes', async () => {
    const c = new TestClient(server.url);
    const first = await c.login(demoEmail('monitor'));
    await t.database.db.updateTable('mfaPendingLogins').set({ expiresAt: new Date(Date.now() - 1000) }).where('usedAt', 'is', null).execute();
    const late = await c.mutation('mfa.verifyLogin', { pendingToken: first.body.result.data.pendingToken, code: monitor.recoveryCodes[5]! });
    expect(late.status).toBe(401);
    expect(late.body.error.message).toMatch(/Sign in again/);
  });

  it('issues new recovery codes against the password; the old ones stop working', async () => {
    const me = await callerAs(t.database, demoEmail('monitor'), config);
    await rejects(me.mfa.regenerateRecoveryCodes({ password: 'not-the-password-1' }), 'BAD_REQUEST', /password/);
    const { recoveryCodes } = await me.mfa.regenerateRecoveryCodes({ password: TEST_PASSWORD });
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(monitor.recoveryCodes[0]);
    expect((await signInWithCode(new TestClient(server.url), demoEmail('monitor'), monitor.recoveryCodes[0]!)).status).toBe(400);
    expect((await signInWithCode(new TestClient(server.url), demoEmail('monitor'), recoveryCodes[0]!)).status).toBe(200);
    monitor.recoveryCodes = recoveryCodes.slice(1);
  });

  it('turns off against the password; the next log-in needs no code', async () => {
    const me = await callerAs(t.database, demoEmail('monitor'), config);
    await rejects(me.mfa.disable({ password: 'not-the-password-1' }), 'BAD_REQUEST', /password/);
    expect((await me.mfa.status()).enabled).toBe(true);
    await me.mfa.disable({ password: TEST_PASSWORD });
    expect(await me.mfa.status()).toMatchObject({ enabled: false, recoveryCodesRemaining: 0 });
    expect(await t.database.db.selectFrom('mfaSecrets').select('userId').where('userId', '=', (await userOf(demoEmail('monitor'))).id).execute()).toEqual([]);
    const c = new TestClient(server.url);
    const login = await c.login(demoEmail('monitor'));
    expect(login.body.result.data).toMatchObject({ email: demoEmail('monitor') });
    expect(c.cookie).not.toBe('');
    await rejects(me.mfa.disable({ password: TEST_PASSWORD }), 'PRECONDITION_FAILED');
  });
});

describe('lock-out', () => {
  it('counts wrong codes with wrong passwords: a correct password does not reset the count, the fifth failure locks', async () => {
    const { secret } = await enrol(demoEmail('coordinator'));
    const c = new TestClient(server.url);
    for (let i = 0; i < 3; i++) expect((await c.login(demoEmail('coordinator'), 'not-the-password-9')).status).toBe(401);
    const first = await c.login(demoEmail('coordinator'));
    expect(first.body.result.data.mfaStep).toBe('verify');
    expect((await userOf(demoEmail('coordinator'))).failedLoginCount).toBe(3);
    const pendingToken = first.body.result.data.pendingToken;
    const wrongCode = (await codeAt(secret, 1)) === '123456' ? '654321' : '123456';
    expect((await c.mutation('mfa.verifyLogin', { pendingToken, code: wrongCode })).status).toBe(400);
    const fifth = await c.mutation('mfa.verifyLogin', { pendingToken, code: wrongCode });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.message).toMatch(/locked/);
    const coordinator = await userOf(demoEmail('coordinator'));
    expect(coordinator.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Locked: the right code no longer helps, nor does the password.
    expect((await c.mutation('mfa.verifyLogin', { pendingToken, code: await codeAt(secret, 1) })).status).toBeGreaterThanOrEqual(400);
    expect((await c.login(demoEmail('coordinator'))).status).toBe(429);
    expect(c.cookie).toBe('');
    const reasons = await t.database.db.selectFrom('auditEvents').select('reason').where('tableName', '=', 'users').where('recordId', '=', String(coordinator.id)).orderBy('id', 'desc').limit(2).execute();
    expect(reasons.map((r) => r.reason)).toEqual(['Account locked after failed log-in attempts', 'Failed log-in attempt (wrong two-factor code)']);
  });
});

describe('required for a role (REQUIRE_MFA_ROLES=sponsor)', () => {
  it('makes a sponsor without two-factor authentication enrol before any session, and cannot be turned off', async () => {
    const c = new TestClient(server.url);
    const first = await c.login(demoEmail('sponsor'));
    expect(first.body.result.data).toMatchObject({ mfaStep: 'enrol' });
    expect(c.cookie).toBe('');
    const pendingToken = first.body.result.data.pendingToken;
    // The pending enrolment is not a code step.
    expect((await c.mutation('mfa.verifyLogin', { pendingToken, code: '123456' })).status).toBe(401);
    const started = (await c.mutation('mfa.startLoginEnrolment', { pendingToken })).body.result.data;
    expect(started.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrongCode = (await codeAt(started.secret)) === '123456' ? '654321' : '123456';
    const wrong = await c.mutation('mfa.completeLoginEnrolment', { pendingToken, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.data.fieldErrors).toHaveProperty('code');
    expect((await userOf(demoEmail('sponsor'))).failedLoginCount).toBe(1);
    const done = await c.mutation('mfa.completeLoginEnrolment', { pendingToken, code: await codeAt(started.secret) });
    expect(done.status).toBe(200);
    expect(done.body.result.data.user).toMatchObject({ email: demoEmail('sponsor') });
    expect(done.body.result.data.recoveryCodes).toHaveLength(10);
    expect((await c.getJson('/trpc/auth.me')).result.data.email).toBe(demoEmail('sponsor'));
    expect((await c.getJson('/trpc/mfa.status')).result.data).toMatchObject({ enabled: true, required: true });
    expect((await userOf(demoEmail('sponsor'))).failedLoginCount).toBe(0);
    // Spent: the same pending log-in cannot enrol again.
    expect((await c.mutation('mfa.startLoginEnrolment', { pendingToken })).status).toBe(401);
    const off = await c.mutation('mfa.disable', { password: TEST_PASSWORD });
    expect(off.status).toBe(412);
    expect(off.body.error.message).toMatch(/role requires/);
    expect((await new TestClient(server.url).login(demoEmail('sponsor'))).body.result.data.mfaStep).toBe('verify');
  });
});

describe("an administrator's reset", () => {
  it('needs the administrator role and a reason, is audited, and refuses one\'s own or an account without it', async () => {
    await enrol(demoEmail('data-manager'));
    const dm = await userOf(demoEmail('data-manager'));
    const before = await t.database.db.selectFrom('auditEvents').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    await rejects((await callerAs(t.database, demoEmail('study-manager'), config)).users.resetMfa({ id: dm.id, reason: 'Lost phone' }), 'FORBIDDEN');
    const admin = await callerAs(t.database, demoEmail('admin'), config);
    await rejects(admin.users.resetMfa({ id: dm.id, reason: '' }), 'BAD_REQUEST');
    await rejects(admin.users.resetMfa({ id: (await userOf(demoEmail('admin'))).id, reason: 'Mine' }), 'PRECONDITION_FAILED');
    const after = await t.database.db.selectFrom('auditEvents').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    expect(after.id).toEqual(before.id);
    expect((await admin.users.byId({ id: dm.id })).mfa).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });

    await admin.users.resetMfa({ id: dm.id, reason: 'Lost phone, identity checked in person' });
    const detail = await admin.users.byId({ id: dm.id });
    expect(detail.mfa).toMatchObject({ enabled: false, recoveryCodesRemaining: 0, required: false });
    expect(detail.history[0]).toMatchObject({ tableName: 'users', reason: 'Two-factor authentication reset by an administrator: Lost phone, identity checked in person' });
    expect(detail.history[0]!.changedFields).toEqual(['mfaEnabledAt', 'mfaRecoveryCodesAt']);
    await rejects(admin.users.resetMfa({ id: dm.id, reason: 'Again' }), 'PRECONDITION_FAILED');
    expect((await new TestClient(server.url).login(demoEmail('data-manager'))).body.result.data).toMatchObject({ email: demoEmail('data-manager') });
  });
});

describe('electronic signatures (21 CFR 11.200(a)(1))', () => {
  it('the first signature of a session needs the password and the code, later ones the password', async () => {
    const { secret, recoveryCodes } = await enrol(demoEmail('investigator'));
    const inv = await userOf(demoEmail('investigator'));
    const { rows } = await sql<{ id: number }>`
      select p.id from patients p
       where exists (select 1 from form_submissions s where s.patient_id = p.id and s.status <> 'draft')
         and exists (select 1 from study_memberships m where m.user_id = ${inv.id} and m.study_id = p.study_id and (m.site_id is null or m.site_id = p.site_id))
       order by p.id limit 1`.execute(t.database.db);
    const patientId = rows[0]!.id;
    const c = new TestClient(server.url);
    // Signed in with a recovery code: the authenticator's codes stay unspent for the signature.
    expect((await signInWithCode(c, demoEmail('investigator'), recoveryCodes[0]!)).status).toBe(200);
    const sign = (input: Record<string, unknown>) => c.mutation('casebook.sign', { patientId, meaning: 'approval', ...input });

    const noCode = await sign({ password: TEST_PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.data.fieldErrors.code[0]).toMatch(/both your password and the code/);
    const wrongPassword = await sign({ password: 'not-the-password-1', code: await codeAt(secret, 1) });
    expect(wrongPassword.body.error.data.fieldErrors).toHaveProperty('password');
    const wrongCode = (await codeAt(secret, 1)) === '123456' ? '654321' : '123456';
    expect((await sign({ password: TEST_PASSWORD, code: wrongCode })).body.error.data.fieldErrors.code[0]).toMatch(/not correct/);
    expect(await t.database.db.selectFrom('signatures').select('id').where('patientId', '=', patientId).execute()).toEqual([]);

    const first = await sign({ password: TEST_PASSWORD, code: await codeAt(secret, 1) });
    expect(first.status).toBe(200);
    const second = await sign({ password: TEST_PASSWORD, code: '' });
    expect(second.status).toBe(200);
    expect((await sign({ password: 'not-the-password-1' })).body.error.data.fieldErrors).toHaveProperty('password');

    // A new session asks for both again; so does a caller without a session.
    const other = new TestClient(server.url);
    expect((await signInWithCode(other, demoEmail('investigator'), recoveryCodes[1]!)).status).toBe(200);
    const again = await other.mutation('casebook.sign', { patientId, meaning: 'approval', password: TEST_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body.error.data.fieldErrors).toHaveProperty('code');
    await rejects((await callerAs(t.database, demoEmail('investigator'), config)).casebook.sign({ patientId, meaning: 'approval', password: TEST_PASSWORD }), 'BAD_REQUEST', /code/);
    expect(await t.database.db.selectFrom('signatures').select('id').where('patientId', '=', patientId).execute()).toHaveLength(2);
  });
});
