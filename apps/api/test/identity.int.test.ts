// Identity administration against a real database: the first administrator on an empty database,
// invitations and password links, user administration with its refusals, and personal API tokens on
// the REST paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { formDefinition } from '@ctp/contracts';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail, startServer, TestClient, testConfig, type TestServer } from './support/app.ts';
import { rejects } from './support/procedures.ts';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './support/smtp.ts';
import { issueSetupLinkIfNeeded } from '../src/modules/auth/setup.ts';

const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;
const NEW_PASSWORD = 'Correct-Horse-42';

describe('first start without demo data', () => {
  let t: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    t = await createTestDatabase({ seed: false });
    server = await startServer(t.database);
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  it('issues a setup link while no administrator exists, and only the newest one works', async () => {
    const first = await issueSetupLinkIfNeeded(t.database.db);
    const second = await issueSetupLinkIfNeeded(t.database.db);
    expect(first).toMatch(/^\/setup\?token=[\w-]{43}$/);
    const stored = await t.database.db.selectFrom('accountLinks').select(['tokenHash', 'revokedAt']).orderBy('id').execute();
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.tokenHash)).not.toContain(tokenOf(first!));
    expect(stored[0]!.revokedAt).not.toBeNull();

    const c = new TestClient(server.url);
    const status = async (token: string) => (await c.getJson(`/trpc/auth.setupStatus?input=${encodeURIComponent(JSON.stringify({ token }))}`)).result.data;
    expect(await status(tokenOf(first!))).toEqual({ needed: true, linkValid: false });
    expect(await status(tokenOf(second!))).toEqual({ needed: true, linkValid: true });

    const input = { token: tokenOf(second!), fullName: 'Ada Administrator', email: 'Ada@Hospital.example', password: NEW_PASSWORD };
    const weak = await c.mutation('auth.completeSetup', { ...input, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.data.fieldErrors).toHaveProperty('password');
    const stale = await c.mutation('auth.completeSetup', { ...input, token: tokenOf(first!) });
    expect(stale.status).toBe(404);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);

    const done = await c.mutation('auth.completeSetup', input);
    expect(done.status).toBe(200);
    expect(done.body.result.data).toMatchObject({ email: 'ada@hospital.example', role: 'admin' });
    expect((await c.getJson('/trpc/auth.me')).result.data.email).toBe('ada@hospital.example');

    // Setup is gone: the status says so, the spent link and any new one are refused, none is issued.
    expect(await status(tokenOf(second!))).toEqual({ needed: false, linkValid: false });
    expect((await new TestClient(server.url).mutation('auth.completeSetup', { ...input, email: 'eve@x.example' })).status).toBe(404);
    expect(await issueSetupLinkIfNeeded(t.database.db)).toBeNull();
    const audit = await t.database.db.selectFrom('auditEvents').select(['tableName', 'reason']).where('tableName', '=', 'users').execute();
    expect(audit).toEqual([{ tableName: 'users', reason: 'First administrator created through the setup link' }]);
  });
});

describe('user administration', () => {
  let t: TestDatabase;
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof callerAs>>;
  beforeAll(async () => {
    t = await createTestDatabase({ seed: true });
    server = await startServer(t.database);
    admin = await callerAs(t.database, demoEmail('admin'));
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  it('refuses every administration procedure to other roles and writes nothing', async () => {
    const before = await sql<{ n: string }>`select count(*) as n from audit_events`.execute(t.database.db);
    const manager = await callerAs(t.database, demoEmail('study-manager'));
    await rejects(manager.users.list({}), 'FORBIDDEN');
    await rejects(manager.users.invite({ email: 'x@y.example', fullName: 'X Y', role: 'admin' }), 'FORBIDDEN');
    await rejects(manager.users.deactivate({ id: 1, reason: 'Left the company' }), 'FORBIDDEN');
    const after = await sql<{ n: string }>`select count(*) as n from audit_events`.execute(t.database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('invites a user who sets a password once through the link and can then sign in', async () => {
    const { user, link } = await admin.users.invite({ email: 'Nora.Coordinator@Site.example', fullName: 'Nora Coordinator', role: 'coordinator' });
    expect(link).toMatchObject({ purpose: 'invitation', emailed: false });
    await rejects(admin.users.invite({ email: 'nora.coordinator@site.example', fullName: 'Someone Else', role: 'monitor' }), 'CONFLICT', /already exists/);

    const c = new TestClient(server.url);
    expect((await c.login(user.email, NEW_PASSWORD)).status).toBe(401);
    const listed = await admin.users.list({ status: 'invited' });
    expect(listed.items.map((u) => u.email)).toContain('nora.coordinator@site.example');

    const token = tokenOf(link.path);
    const status = await c.getJson(`/trpc/auth.passwordLink?input=${encodeURIComponent(JSON.stringify({ token }))}`);
    expect(status.result.data).toEqual({ purpose: 'invitation', email: 'nora.coordinator@site.example', fullName: 'Nora Coordinator' });
    const breached = await c.mutation('auth.setPassword', { token, password: 'nodigitshere-at-all' });
    expect(breached.status).toBe(400);
    expect((await c.mutation('auth.setPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await c.mutation('auth.setPassword', { token, password: 'Another-Password-9' })).body.error.message).toMatch(/expired or was already used/);
    expect((await c.login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await admin.users.list({ search: 'nora' })).items).toMatchObject([{ email: 'nora.coordinator@site.example', status: 'active' }]);
  });

  it('searches, filters by role and status, and pages in SQL', async () => {
    const all = await admin.users.list({ limit: 3 });
    expect(all.items).toHaveLength(3);
    expect(all.total).toBeGreaterThanOrEqual(8);
    const next = await admin.users.list({ limit: 3, offset: 3 });
    expect(next.items.map((u) => u.id)).not.toContain(all.items[0]!.id);
    const monitors = await admin.users.list({ role: 'monitor' });
    expect(monitors.items.length).toBeGreaterThan(0);
    expect(monitors.items.every((u) => u.role === 'monitor')).toBe(true);
    expect((await admin.users.list({ search: 'demo.local' })).total).toBeGreaterThanOrEqual(7);
  });

  it('changes name and role with a reason and the version read; a stale version is a conflict', async () => {
    const monitor = (await admin.users.list({ search: 'monitor@demo.local' })).items[0]!;
    const updated = await admin.users.update({ id: monitor.id, version: monitor.version, fullName: 'Michael Chen', role: 'sponsor', reason: 'Moved to the sponsor team' });
    expect(updated.version).toBe(monitor.version + 1);
    await rejects(admin.users.update({ id: monitor.id, version: monitor.version, fullName: 'Michael Chen', role: 'monitor', reason: 'Back again' }), 'CONFLICT');
    const events = await t.database.db.selectFrom('auditEvents').select(['changes', 'reason']).where('tableName', '=', 'users').where('recordId', '=', String(monitor.id)).orderBy('id', 'desc').limit(1).execute();
    expect(events[0]).toMatchObject({ reason: 'Moved to the sponsor team', changes: { role: { old: 'monitor', new: 'sponsor' } } });
    await admin.users.update({ id: monitor.id, version: updated.version, fullName: 'Michael Chen', role: 'monitor', reason: 'Back to monitoring' });
  });

  it('deactivation ends sessions and tokens at once; reactivation restores sign-in; the database refuses deleting a user', async () => {
    const sponsorEmail = demoEmail('sponsor');
    const c = new TestClient(server.url);
    expect((await c.login(sponsorEmail, TEST_PASSWORD)).status).toBe(200);
    const token = (await c.mutation('apiTokens.create', { name: 'BI export', expiresInDays: 30, access: 'read' })).body.result.data.token;
    expect((await fetch(`${server.url}/api/studies`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const sponsor = (await admin.users.list({ search: sponsorEmail })).items[0]!;
    await rejects(admin.users.deactivate({ id: sponsor.id, reason: '' }), 'BAD_REQUEST');
    await admin.users.deactivate({ id: sponsor.id, reason: 'Left the sponsor' });
    expect((await c.request('/api/studies')).status).toBe(401);
    expect((await fetch(`${server.url}/api/studies`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await new TestClient(server.url).login(sponsorEmail, TEST_PASSWORD)).status).toBe(401);
    expect((await admin.users.byId({ id: sponsor.id })).status).toBe('inactive');
    await rejects(admin.users.deactivate({ id: sponsor.id, reason: 'Again' }), 'PRECONDITION_FAILED');
    await admin.users.reactivate({ id: sponsor.id, reason: 'Returned to the sponsor' });
    expect((await new TestClient(server.url).login(sponsorEmail, TEST_PASSWORD)).status).toBe(200);
    // The revoked token stays revoked.
    expect((await fetch(`${server.url}/api/studies`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    await expect(sql`delete from users where id = ${sponsor.id}`.execute(t.database.db)).rejects.toThrow(/never deleted/);
  });

  it('keeps an active administrator: none acts on their own account, and two removing each other at once leave one', async () => {
    const admins = (await admin.users.list({ role: 'admin' })).items;
    expect(admins).toHaveLength(1);
    const a = admins[0]!;
    await rejects(admin.users.deactivate({ id: a.id, reason: 'Leaving' }), 'PRECONDITION_FAILED', /your own account/);
    await rejects(admin.users.update({ id: a.id, version: a.version, fullName: a.fullName, role: 'monitor', reason: 'Demote' }), 'PRECONDITION_FAILED', /your own account/);
    await rejects(admin.users.endSessions({ id: a.id, reason: 'All of them' }), 'PRECONDITION_FAILED');

    const { user: b, link } = await admin.users.invite({ email: 'second.admin@hospital.example', fullName: 'Second Admin', role: 'admin' });
    await new TestClient(server.url).mutation('auth.setPassword', { token: tokenOf(link.path), password: NEW_PASSWORD });
    const second = await callerAs(t.database, b.email);
    const outcomes = await Promise.allSettled([admin.users.deactivate({ id: b.id, reason: 'Duplicate account' }), second.users.deactivate({ id: a.id, reason: 'Duplicate account' })]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.message).toMatch(/last active administrator/);
    const survivors = await admin.users.list({ role: 'admin', status: 'active' });
    expect(survivors.total).toBe(1);
    const survivor = survivors.items[0]!.id === a.id ? admin : second;
    await survivor.users.reactivate({ id: survivors.items[0]!.id === a.id ? b.id : a.id, reason: 'Both needed after all' });
    expect((await admin.users.list({ role: 'admin', status: 'active' })).total).toBe(2);
  });

  it('unlocks a locked account, ends its sessions, and sends a reset link that replaces the old password', async () => {
    const email = demoEmail('investigator');
    const c = new TestClient(server.url);
    for (let i = 0; i < 5; i++) await c.login(email, 'wrong-password-1');
    expect((await c.login(email, TEST_PASSWORD)).status).toBe(429);
    const inv = (await admin.users.list({ search: email })).items[0]!;
    expect(inv.status).toBe('locked');
    await admin.users.unlock({ id: inv.id, reason: 'Identity confirmed by phone' });
    expect((await c.login(email, TEST_PASSWORD)).status).toBe(200);
    expect((await admin.users.byId({ id: inv.id })).sessions.length).toBeGreaterThan(0);
    expect((await admin.users.endSessions({ id: inv.id, reason: 'Laptop lost' })).ended).toBeGreaterThan(0);
    expect((await c.request('/api/studies')).status).toBe(401);

    const reset = await admin.users.sendLink({ id: inv.id });
    expect(reset.purpose).toBe('password-reset');
    expect((await c.mutation('auth.setPassword', { token: tokenOf(reset.path), password: NEW_PASSWORD })).status).toBe(200);
    expect((await c.login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await c.login(email, NEW_PASSWORD)).status).toBe(200);
    const detail = await admin.users.byId({ id: inv.id });
    expect(detail.memberships.length).toBeGreaterThan(0);
    expect(detail.history.map((h) => h.reason)).toEqual(expect.arrayContaining(['Identity confirmed by phone', 'Password reset through a single-use link']));
  });
});

describe('personal API tokens', () => {
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

  const bearer = (token: string, init: RequestInit & { json?: unknown } = {}) => ({
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

  it('reads and writes the REST paths as its owner, audited with the token named, until revoked', async () => {
    const { rows } = await sql<{ studyId: number; siteId: number }>`
      select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
       where u.email = 'investigator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
    const { studyId, siteId } = rows[0]!;
    const subject = await t.database.db.selectFrom('patients').select('id').where('studyId', '=', studyId).where('siteId', '=', siteId).orderBy('id').executeTakeFirstOrThrow();
    const dm = await callerAs(t.database, demoEmail('data-manager'));
    const form = await dm.forms.create({ studyId, name: 'Token vitals', category: 'Visit' });
    const saved = await dm.forms.saveDraft({ id: form.id, version: form.version, definition: formDefinition.parse({ fields: [{ type: 'integer', code: 'PULSE', label: 'Pulse', unit: 'beats/min' }], checks: [] }) });
    await dm.forms.publish({ id: form.id, version: saved.version });

    const c = new TestClient(server.url);
    await c.login(demoEmail('investigator'));
    const bad = await c.mutation('apiTokens.create', { name: 'Nightly', expiresInDays: 400, access: 'read' });
    expect(bad.status).toBe(400);
    const readOnly = (await c.mutation('apiTokens.create', { name: 'Dashboard reader', expiresInDays: 90, access: 'read' })).body.result.data;
    const readWrite = (await c.mutation('apiTokens.create', { name: 'Lab interface', expiresInDays: 365, access: 'read-write' })).body.result.data;
    expect(readWrite.token).toMatch(/^ctp_[\w-]{43}$/);
    const stored = await t.database.db.selectFrom('apiTokens').select(['tokenHash']).where('id', '=', readWrite.id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(readWrite.token.slice(4));

    // Same study scope as a session of the owner.
    const viaCookie = await c.getJson('/api/patients?limit=100');
    const res = await fetch(`${server.url}/api/patients?limit=100`, bearer(readOnly.token));
    expect(res.status).toBe(200);
    expect(((await res.json()) as any[]).map((p) => p.id)).toEqual(viaCookie.map((p: any) => p.id));
    // Bearer is for /api only, and the token is not a session on /trpc.
    expect((await fetch(`${server.url}/trpc/auth.me`, bearer(readOnly.token)).then((r) => r.json()) as any).result.data).toBeNull();

    const body = { patientId: subject.id, visitDate: '2026-11-01', formData: { PULSE: 72 } };
    expect((await fetch(`${server.url}/api/forms/${form.id}/submit`, bearer(readOnly.token, { method: 'POST', json: body }))).status).toBe(403);
    const written = await fetch(`${server.url}/api/forms/${form.id}/submit`, bearer(readWrite.token, { method: 'POST', json: body }));
    expect(written.status).toBe(201);
    const submission = (await written.json()) as any;
    const audit = await t.database.db.selectFrom('auditEvents as a').innerJoin('users as u', 'u.id', 'a.actorUserId').select(['u.email', 'a.reason']).where('a.tableName', '=', 'form_submissions').where('a.recordId', '=', String(submission.id)).executeTakeFirstOrThrow();
    expect(audit.email).toBe('investigator@demo.local');
    expect(audit.reason).toContain('[API token "Lab interface"]');
    const listed = (await c.getJson('/trpc/apiTokens.list')).result.data;
    expect(listed.find((k: any) => k.id === readWrite.id).lastUsedAt).not.toBeNull();

    expect((await c.mutation('apiTokens.revoke', { id: readWrite.id })).status).toBe(200);
    expect((await fetch(`${server.url}/api/forms/${form.id}/submit`, bearer(readWrite.token, { method: 'POST', json: body }))).status).toBe(401);
    expect((await fetch(`${server.url}/api/patients`, bearer('ctp_' + 'x'.repeat(43)))).status).toBe(401);
    // Another user cannot revoke someone else's token.
    const other = new TestClient(server.url);
    await other.login(demoEmail('monitor'));
    expect((await other.mutation('apiTokens.revoke', { id: readOnly.id })).status).toBe(404);
  });
});

describe('own sessions', () => {
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

  it('lists where the user is signed in and ends another session, never the current one', async () => {
    const laptop = new TestClient(server.url);
    const phone = new TestClient(server.url);
    await laptop.login(demoEmail('coordinator'));
    await phone.login(demoEmail('coordinator'));
    const sessions = (await laptop.getJson('/trpc/auth.mySessions')).result.data as { id: number; current: boolean }[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const current = sessions.find((s) => s.current)!;
    const other = sessions.find((s) => !s.current)!;
    expect((await laptop.mutation('auth.revokeSession', { id: current.id })).status).toBe(412);
    expect((await laptop.mutation('auth.revokeSession', { id: other.id })).status).toBe(200);
    expect((await phone.getJson('/trpc/auth.me')).result.data).toBeNull();
    expect((await laptop.getJson('/trpc/auth.me')).result.data.email).toBe(demoEmail('coordinator'));
    // The name is the user's to change (audited), from the same page.
    expect((await laptop.mutation('auth.updateProfile', { fullName: ' P ' })).status).toBe(400);
    expect((await laptop.mutation('auth.updateProfile', { fullName: 'Priya Patel-Singh' })).body.result.data.fullName).toBe('Priya Patel-Singh');
    expect((await laptop.getJson('/trpc/auth.me')).result.data.fullName).toBe('Priya Patel-Singh');
    const audit = await t.database.db.selectFrom('auditEvents').select(['changes']).where('tableName', '=', 'users').where('reason', '=', 'Name changed by its owner').execute();
    expect(audit).toHaveLength(1);
    // Someone else's session is not found.
    const stranger = new TestClient(server.url);
    await stranger.login(demoEmail('monitor'));
    expect((await stranger.mutation('auth.revokeSession', { id: current.id })).status).toBe(404);
  });
});

describe('password policy from configuration', () => {
  let t: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    t = await createTestDatabase({ seed: true });
    server = await startServer(t.database, testConfig({ PASSWORD_MIN_LENGTH: '14', PASSWORD_HISTORY: '2', PASSWORD_MAX_AGE_DAYS: '30' }));
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  it('refuses short, breached, e-mail-named and recently used passwords with the rule on the field', async () => {
    const admin = await callerAs(t.database, demoEmail('admin'));
    const { user, link } = await admin.users.invite({ email: 'policy.tester@hospital.example', fullName: 'Policy Tester', role: 'monitor' });
    const c = new TestClient(server.url);
    const token = tokenOf(link.path);
    const attempt = async (password: string) => (await c.mutation('auth.setPassword', { token, password })).body.error?.data?.fieldErrors?.password?.[0];
    expect(await attempt('Short-Horse-1')).toBe('Use at least 14 characters');
    // In the shipped breached-password list, and long enough with a letter and a digit.
    expect(await attempt('mailcreated5240')).toMatch(/most common breached/);
    expect(await attempt('Policy-Tester-Okay-1')).toBeUndefined();
    expect((await admin.users.list({ search: user.email })).items[0]!.status).toBe('active');
  });

  it('keeps the last passwords: a change may not repeat the current one or the two before it', async () => {
    const admin = await callerAs(t.database, demoEmail('admin'));
    const { link } = await admin.users.invite({ email: 'history.tester@hospital.example', fullName: 'History Tester', role: 'monitor' });
    const c = new TestClient(server.url);
    const refusal = async (password: string) => (await c.mutation('auth.setPassword', { token: tokenOf(link.path), password })).body.error?.data?.fieldErrors?.password?.[0];
    expect(await refusal('polniypizdec0211')).toMatch(/most common breached/);
    expect(await refusal('history.tester-2026')).toMatch(/e-mail name/);
    expect((await c.mutation('auth.setPassword', { token: tokenOf(link.path), password: 'Alpha-Password-2026' })).status).toBe(200);
    await c.login('history.tester@hospital.example', 'Alpha-Password-2026');
    const change = async (currentPassword: string, newPassword: string) => c.mutation('auth.changePassword', { currentPassword, newPassword });
    expect((await change('Alpha-Password-2026', 'Bravo-Password-2026')).status).toBe(200);
    expect((await change('Bravo-Password-2026', 'Charlie-Password-2026')).status).toBe(200);
    const reused = await change('Charlie-Password-2026', 'Alpha-Password-2026');
    expect(reused.status).toBe(400);
    expect(reused.body.error.data.fieldErrors.newPassword[0]).toMatch(/different from your last 3 passwords/);
    expect((await change('Charlie-Password-2026', 'Delta-Password-2026')).status).toBe(200);
    // Alpha has left the history (current Delta, then Charlie and Bravo).
    expect((await change('Delta-Password-2026', 'Alpha-Password-2026')).status).toBe(200);
    const kept = await t.database.db.selectFrom('passwordHistory as h').innerJoin('users as u', 'u.id', 'h.userId').select('h.id').where('u.email', '=', 'history.tester@hospital.example').execute();
    expect(kept).toHaveLength(2);
  });

  it('sends a person whose password is older than PASSWORD_MAX_AGE_DAYS to choose a new one, without a session', async () => {
    const email = demoEmail('coordinator');
    await sql`select set_config('app.user_id', 'system', false), set_config('app.reason', 'Test: an old password', false)`.execute(t.database.db);
    await sql`update users set password_changed_at = now() - interval '31 days' where email = ${email}`.execute(t.database.db);
    const c = new TestClient(server.url);
    const res = await c.login(email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    const path = res.body.result.data.passwordExpired.path as string;
    expect(path).toMatch(/^\/set-password\?token=/);
    expect((await c.getJson('/trpc/auth.me')).result.data).toBeNull();
    expect((await c.mutation('auth.setPassword', { token: tokenOf(path), password: TEST_PASSWORD })).status).toBe(400);
    expect((await c.mutation('auth.setPassword', { token: tokenOf(path), password: 'Renewed-Password-2026' })).status).toBe(200);
    expect((await c.login(email, 'Renewed-Password-2026')).body.result.data.email).toBe(email);
  });
});

describe('links by e-mail (SMTP_URL), received by a real SMTP server', () => {
  let t: TestDatabase;
  let server: TestServer;
  let smtp: SmtpReceiver;
  let received: ReceivedMail[];
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    received = smtp.received;
    t = await createTestDatabase({ seed: true });
    config = testConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://trials.hospital.example' });
    server = await startServer(t.database, config);
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
    await smtp.close();
  });

  /** The link in the last message to this address (the body decoded from quoted-printable, as a mail reader would). */
  const linkTo = (email: string) => {
    const message = [...received].reverse().find((m) => m.to.includes(email));
    const text = message?.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return text ? /https:\/\/trials\.hospital\.example\/set-password\?token=[\w-]+/.exec(text)?.[0] : undefined;
  };
  let config: ReturnType<typeof testConfig>;

  it('e-mails the invitation link with the public address, and it works', async () => {
    const admin = await callerAs(t.database, demoEmail('admin'), config);
    const { link } = await admin.users.invite({ email: 'mailed.user@hospital.example', fullName: 'Mailed User', role: 'sponsor' });
    expect(link.emailed).toBe(true);
    const url = linkTo('mailed.user@hospital.example');
    expect(url).toBe(`https://trials.hospital.example${link.path}`);
    const c = new TestClient(server.url);
    expect((await c.mutation('auth.setPassword', { token: tokenOf(url!), password: 'Mailed-Password-2026' })).status).toBe(200);
    expect((await c.login('mailed.user@hospital.example', 'Mailed-Password-2026')).status).toBe(200);
  });

  it('forgot password: the same answer for any address, a link only to an existing account', async () => {
    const c = new TestClient(server.url);
    const before = received.length;
    const known = await c.mutation('auth.requestPasswordReset', { email: demoEmail('sponsor') });
    const unknown = await c.mutation('auth.requestPasswordReset', { email: 'nobody@nowhere.example' });
    expect(known.body.result.data).toEqual(unknown.body.result.data);
    expect(received.length).toBe(before + 1);
    const url = linkTo(demoEmail('sponsor'));
    expect(url).toBeDefined();
    expect((await c.mutation('auth.setPassword', { token: tokenOf(url!), password: 'Fresh-Reset-Pass-2026' })).status).toBe(200);
    expect((await c.login(demoEmail('sponsor'), 'Fresh-Reset-Pass-2026')).status).toBe(200);
    // The body holds the link, never the password.
    expect(received.every((m) => !m.body.includes('Fresh-Reset-Pass-2026'))).toBe(true);
  });
});
