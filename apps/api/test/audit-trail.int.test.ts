// The audit trail REST path and procedure: the spec's entry shape, one entry per changed field, newest
// first, keyset pages that neither skip nor repeat, scope per role, filters, and no secrets or staff
// identifiers in values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('GET /api/audit-trail', () => {
  it('answers the spec fields, one entry per changed field, newest first, with a cursor for the next page', async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('admin'));
    const res = await client.request('/api/audit-trail?limit=30');
    expect(res.status).toBe(200);
    const body = (await res.json()) as any[];
    expect(body).toHaveLength(30);
    expect(Object.keys(body[0]).sort()).toEqual(['id', 'timestamp', 'userId', 'userName', 'action', 'table', 'recordId', 'field', 'oldValue', 'newValue', 'reason', 'ipAddress'].sort());
    const ids = body.map((e) => Number(e.id.split(':')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const cursor = res.headers.get('x-next-cursor');
    expect(cursor).toBe(body[29].id);
    const next = (await (await client.request(`/api/audit-trail?limit=30&cursor=${cursor}`)).json()) as any[];
    expect(next[0].id).not.toBe(body[29].id);
    expect(new Set([...body, ...next].map((e) => e.id)).size).toBe(60);
    expect((await client.request('/api/audit-trail?cursor=bogus')).status).toBe(400);
  });

  it('pages through a subject\'s history without skipping or repeating an entry', async () => {
    const { rows } = await sql<{ id: number }>`select id from patients order by id limit 1`.execute(t.database.db);
    const patientId = rows[0]!.id;
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 1000; i++) {
      const page = await as.admin!.audit.trail({ patientId, limit: 3, cursor });
      seen.push(...page.items.map((e) => e.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const expected = await sql<{ id: string }>`
      select e.id || ':' || c.key as id from audit_events e cross join lateral jsonb_each(e.changes) c
       where (e.table_name = 'patients' and e.record_id = ${String(patientId)})
          or (e.table_name = 'subject_visits' and e.record_id in (select id::text from subject_visits where patient_id = ${patientId}))
          or (e.table_name = 'form_submissions' and e.record_id in (select id::text from form_submissions where patient_id = ${patientId}))
          or (e.table_name = 'queries' and e.record_id in (select id::text from queries where patient_id = ${patientId}))
       order by e.id desc, c.key desc`.execute(t.database.db);
    expect(seen).toEqual(expected.rows.map((r) => r.id));
  });

  it('pages past a field whose name holds digits (document_versions.sha256)', async () => {
    const first = await as.admin!.audit.trail({ table: 'document_versions', limit: 100 });
    const sha = first.items.find((e) => e.field === 'sha256')!;
    expect(sha.cursor).toMatch(/:sha256$/);
    const next = await as.admin!.audit.trail({ table: 'document_versions', limit: 5, cursor: sha.cursor });
    expect(next.items.every((e) => e.cursor !== sha.cursor)).toBe(true);
  });

  it('scopes entries to the user\'s studies, refuses roles without audit.read, hides secrets and staff identifiers', async () => {
    const dm = await as['data-manager']!.audit.trail({ limit: 100 });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from audit_event_scope s where s.event_id = any(${`{${dm.items.map((e) => e.eventId).join(',')}}`}::bigint[])
        and s.study_id in (select m.study_id from study_memberships m join users u on u.id = m.user_id where u.email = 'data-manager@demo.local')`.execute(t.database.db);
    expect(new Set(dm.items.map((e) => e.eventId)).size).toBe(rows[0]!.n);
    expect(dm.items.some((e) => e.table === 'users')).toBe(false);
    await rejects(as.sponsor!.audit.trail({ limit: 10 }), 'FORBIDDEN');
    const users = await as.admin!.audit.trail({ table: 'users', limit: 100 });
    for (const e of users.items.filter((x) => ['email', 'full_name', 'password_hash'].includes(x.field))) expect(e.newValue).toBe('[redacted]');
    expect(JSON.stringify(users.items)).not.toContain('@demo.local');
  });

  it('filters by table, operation and dates; a submitted form reads form_submitted', async () => {
    const page = await as.admin!.audit.trail({ table: 'form_submissions', operation: 'insert', limit: 20 });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((e) => e.table === 'form_submissions' && e.operation === 'insert' && e.action === 'form_submitted')).toBe(true);
    const none = await as.admin!.audit.trail({ from: '2099-01-01', limit: 5 });
    expect(none.items).toEqual([]);
    // One study: its own events only, paged by the same cursor.
    const { rows } = await sql<{ id: number }>`select id from studies order by id limit 1`.execute(t.database.db);
    const first = await as.admin!.audit.trail({ studyId: rows[0]!.id, limit: 10 });
    const second = await as.admin!.audit.trail({ studyId: rows[0]!.id, limit: 10, cursor: first.nextCursor! });
    const events = [...first.items, ...second.items].map((e) => e.eventId);
    const own = await sql<{ n: number }>`select count(distinct event_id)::int as n from audit_event_scope where study_id = ${rows[0]!.id} and event_id = any(${`{${events.join(',')}}`}::bigint[])`.execute(t.database.db);
    expect(own.rows[0]!.n).toBe(new Set(events).size);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(20);
  });
});
