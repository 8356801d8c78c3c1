// The periodic access review and identity events against a real database: the CSV (read back with
// csv-parse, strict) has a row per account with its memberships (an ended one with its end date), an
// active token's name and the two-factor and single sign-on columns; the PDF is a PDF whose text holds
// the accounts; non-administrators get 403 and nothing; a log-out is an audited event on the trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { ROLES } from '@ctp/contracts';
import { sql, withActor } from '@ctp/db';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { rejects, type Caller } from './support/procedures.ts';
import { CSV_COLUMNS } from '../src/modules/users/access-review.ts';

let t: TestDatabase;
let server: TestServer;
let admin: Caller;
let sponsorId: number;
let study: { id: number; code: string };
let tokenSecret: string;

/** The CSV's records after its '#' preamble, strict: every record exactly as wide as the header. */
function readCsv(text: string) {
  const records = parse(text, { comment: '#', relax_column_count: false, skip_empty_lines: false }) as string[][];
  const [header, ...rows] = records;
  return { header: header!, rows: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database);
  admin = await callerAs(t.database, demoEmail('admin'));
  const db = t.database.db;
  sponsorId = (await db.selectFrom('users').select('id').where('email', '=', demoEmail('sponsor')).executeTakeFirstOrThrow()).id;
  // A study the sponsor is not a member of: they join it as monitor and leave it again (an ended membership).
  const { rows } = await sql<{ id: number; code: string }>`
    select s.id, s.code from studies s
     where not exists (select 1 from study_memberships m where m.study_id = s.id and m.user_id = ${sponsorId})
     order by s.id limit 1`.execute(db);
  study = rows[0]!;
  await admin.teams.add({ studyId: study.id, userId: sponsorId, role: 'monitor', siteIds: [], reason: 'Interim monitoring cover' });
  await admin.teams.remove({ studyId: study.id, userId: sponsorId, reason: 'Cover ended' });
  // The sponsor's tokens: one active, one revoked (not listed).
  const sponsor = await callerAs(t.database, demoEmail('sponsor'));
  tokenSecret = (await sponsor.apiTokens.create({ name: 'Nightly sponsor export', expiresInDays: 30, access: 'read' })).token;
  const old = await sponsor.apiTokens.create({ name: 'Retired script', expiresInDays: 10, access: 'read-write' });
  await sponsor.apiTokens.revoke({ id: old.id });
  // Two-factor on for the monitor; password log-in off (single sign-on only) for the coordinator.
  await withActor(db, { userId: null, reason: 'Test: identity states' }, async (tx) => {
    await tx.updateTable('users').set({ mfaEnabledAt: sql`now()` }).where('email', '=', demoEmail('monitor')).execute();
    await tx.updateTable('users').set({ passwordLogin: false }).where('email', '=', demoEmail('coordinator')).execute();
  });
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('access review (CSV)', () => {
  it('has a preamble naming the time and the administrator, then a row per account sorted by name', async () => {
    const file = await admin.users.accessReview({ format: 'csv' });
    expect(file).toMatchObject({ contentType: 'text/csv', encoding: 'utf8', filename: `access-review-${TEST_TODAY}.csv` });
    const lines = file.content.split('\r\n');
    expect(lines[0]).toMatch(/^# Access review/);
    expect(lines[1]).toMatch(/^# Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC by .+ <admin@demo\.local>$/);
    const { header, rows } = readCsv(file.content);
    expect(header).toEqual([...CSV_COLUMNS]);
    const users = await t.database.db.selectFrom('users').select(['id', 'email', 'fullName']).execute();
    expect(rows).toHaveLength(users.length);
    expect(new Set(rows.map((r) => r['E-mail']))).toEqual(new Set(users.map((u) => u.email)));
    const names = rows.map((r) => r.Name!.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('lists memberships past and present with study, role, sites and dates; active tokens; two-factor and single sign-on', async () => {
    const { rows } = readCsv((await admin.users.accessReview({ format: 'csv' })).content);
    const byEmail = new Map(rows.map((r) => [r['E-mail'], r]));
    const sponsor = byEmail.get(demoEmail('sponsor'))!;
    expect(sponsor['Global role']).toBe('sponsor');
    expect(sponsor.Status).toBe('active');
    const memberships = sponsor['Study memberships (study: role; sites; start to end)']!.split('\n');
    expect(memberships).toContain(`${study.code}: monitor; all sites; ${TEST_TODAY} to ${TEST_TODAY}`);
    expect(sponsor['Active API tokens']).toBe('1');
    expect(sponsor['API tokens (name, access, expiry)']).toMatch(/^Nightly sponsor export \(read-only, expires \d{4}-\d{2}-\d{2}\)$/);
    expect(sponsor['API tokens (name, access, expiry)']).not.toContain('Retired script');

    // The person with two roles in two studies: an investigator membership at a site, a monitor one for the whole study.
    const dual = byEmail.get('dual-role@demo.local')!;
    const lines = dual['Study memberships (study: role; sites; start to end)']!.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => /: investigator; \S.+; \d{4}-\d{2}-\d{2} to present$/.test(l) && !l.includes('all sites'))).toBe(true);
    expect(lines.some((l) => /: monitor; all sites; \d{4}-\d{2}-\d{2} to present$/.test(l))).toBe(true);
    expect(dual['Current study memberships']).toBe('2');

    expect(byEmail.get(demoEmail('monitor'))!['Two-factor authentication']).toBe('enabled');
    expect(byEmail.get(demoEmail('admin'))!['Two-factor authentication']).toBe('not enabled');
    expect(byEmail.get(demoEmail('coordinator'))!['Password log-in']).toBe('SSO only');
    expect(byEmail.get(demoEmail('admin'))!['Password log-in']).toBe('password allowed');
    expect(byEmail.get(demoEmail('admin'))!['Last login (UTC)']).toMatch(/^never$|UTC$/);
  });

  it('holds no secret: no token, token prefix or hash', async () => {
    const { content } = await admin.users.accessReview({ format: 'csv' });
    expect(content).not.toContain(tokenSecret);
    expect(content).not.toContain(tokenSecret.slice(0, 10));
    expect(content).not.toMatch(/[0-9a-f]{64}|\$argon2/);
  });
});

describe('access review (PDF) and the REST paths', () => {
  it('serves the CSV and a real PDF to an administrator at /api/users/access-review.csv|.pdf', async () => {
    const client = new TestClient(server.url);
    expect((await client.login(demoEmail('admin'))).status).toBe(200);
    const csv = await client.request('/api/users/access-review.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="?access-review-\d{4}-\d{2}-\d{2}\.csv"?$/);
    expect(readCsv(await csv.text()).rows.some((r) => r['E-mail'] === 'dual-role@demo.local')).toBe(true);

    const pdf = await client.request('/api/users/access-review.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Periodic access review');
    expect(text).toMatch(/Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC by .+admin@demo\.local/);
    expect(text).toContain('dual-role@demo.local');
    expect(text).toContain('Nightly sponsor export');
    expect(text).toContain('Review sign-off');
    expect(text).not.toContain(tokenSecret);

    const bad = await client.request('/api/users/access-review.xml');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('error');
  });

  it('refuses every other role with 403 and nothing in the answer', async () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const caller = await callerAs(t.database, demoEmail(role));
      await rejects(caller.users.accessReview({ format: 'csv' }), 'FORBIDDEN');
      await rejects(caller.users.accessReview({ format: 'pdf' }), 'FORBIDDEN');
    }
    // (The monitor has two-factor authentication here: the investigator signs in with a password alone.)
    const client = new TestClient(server.url);
    expect((await client.login(demoEmail('investigator'))).status).toBe(200);
    for (const path of ['/api/users/access-review.csv', '/api/users/access-review.pdf', `/trpc/users.accessReview?input=${encodeURIComponent(JSON.stringify({ format: 'csv' }))}`]) {
      const res = await client.request(path);
      expect(res.status).toBe(403);
      const body = await res.text();
      expect(body).toMatch(/Your role does not allow this action/);
      expect(body).not.toContain('@demo.local');
    }
    const anonymous = await new TestClient(server.url).request('/api/users/access-review.csv');
    expect(anonymous.status).toBe(401);
  });
});

describe('identity events on the audit trail', () => {
  it('records a log-out as an audited update of users, visible through audit.trail', async () => {
    const client = new TestClient(server.url);
    expect((await client.login(demoEmail('data-manager'))).status).toBe(200);
    const userId = (await client.getJson('/trpc/auth.me')).result.data.id as number;
    const logout = await client.mutation('auth.logout', undefined);
    expect(logout.status).toBe(200);
    expect((await client.getJson('/trpc/auth.me')).result.data).toBeNull();

    const trail = await admin.audit.trail({ table: 'users', userId, limit: 20 });
    const entry = trail.items.find((e) => e.field === 'last_logout_at');
    expect(entry).toMatchObject({ table: 'users', recordId: String(userId), userId, reason: 'Log-out', operation: 'update', ipAddress: expect.any(String) });
    expect(typeof entry!.newValue).toBe('string');
    // The log-in before it is there too, and the session ended.
    expect(trail.items.some((e) => e.reason === 'Log-in' && e.field === 'last_login_at')).toBe(true);
    const open = await t.database.db.selectFrom('sessions').select('id').where('userId', '=', userId).where('revokedAt', 'is', null).execute();
    expect(open).toEqual([]);
  });

  it('shows token creation and revocation and membership changes, with the token hash redacted', async () => {
    const tokens = await admin.audit.trail({ table: 'api_tokens', userId: sponsorId, limit: 100 });
    expect(tokens.items.some((e) => e.operation === 'insert' && e.field === 'name' && e.newValue === 'Nightly sponsor export')).toBe(true);
    expect(tokens.items.some((e) => e.operation === 'update' && e.field === 'revoked_at' && e.reason === 'API token revoked by its owner')).toBe(true);
    expect(tokens.items.filter((e) => e.field === 'token_hash').every((e) => e.newValue === '[redacted]')).toBe(true);
    expect(JSON.stringify(tokens.items)).not.toContain(tokenSecret);
    const memberships = await admin.audit.trail({ table: 'study_memberships', limit: 100 });
    expect(memberships.items.some((e) => e.reason === 'Cover ended' && e.field === 'ended_at')).toBe(true);
  });
});
