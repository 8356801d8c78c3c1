// Webhooks against a real HTTP receiver: an administrator registers an endpoint (others may not; a bad
// URL or a short secret is refused); changes write deliveries in their own transaction (none for a
// change that rolled back); each delivery carries a valid HMAC signature and no clinical text; a 500 is
// retried later; a record's events arrive in order even when the first one had to be retried; a study
// filter and the owner's deactivation bound what is sent; a replay sends the same payload again; the
// audit trail records the endpoint but never its secret.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, withActor, type Db } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail } from './support/app.ts';
import { codeOf, type Caller } from './support/procedures.ts';
import { deliverWebhooks } from '../src/modules/webhooks/deliver.ts';
import { verifySignature } from '../src/modules/webhooks/sign.ts';

const SECRET = 'whsec-0123456789abcdef0123456789abcdef';
const CLINICAL = 'Potassium 6.9 mmol/L looks wrong';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: { id: number; event: string; studyId: number; record: Record<string, unknown> };
}

let t: TestDatabase;
let db: Db;
let admin: Caller;
let server: Server;
let url: string;
const received: Received[] = [];
/** Statuses the receiver answers with, in turn; 200 once they run out. */
const answers: number[] = [];
let studyId: number;
let otherStudyId: number;

async function receiver() {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      if (status === 200) received.push({ headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

const actor = { userId: null, reason: 'webhook test' };

async function raiseQuery(study: number, code: string): Promise<number> {
  return withActor(db, actor, async (tx) => {
    const p = await tx.selectFrom('patients').select(['id', 'siteId']).where('studyId', '=', study).orderBy('id').executeTakeFirstOrThrow();
    const row = await tx
      .insertInto('queries')
      .values({ studyId: study, siteId: p.siteId, patientId: p.id, seq: 90_000 + Math.floor(Math.random() * 9_000), code, type: 'clarification', origin: 'manual', description: CLINICAL })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const answerQuery = (id: number) => withActor(db, actor, (tx) => tx.updateTable('queries').set({ status: 'answered', answeredAt: new Date() }).where('id', '=', id).execute());
/** Lets the deliveries waiting for their back-off go now (instead of waiting 30 s). */
const dueNow = () => sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`.execute(db);

beforeAll(async () => {
  await receiver();
  t = await createTestDatabase({ seed: true });
  db = t.database.db;
  admin = await callerAs(t.database, demoEmail('admin'));
  const studies = await db.selectFrom('studies').select('id').orderBy('id').limit(2).execute();
  studyId = studies[0]!.id;
  otherStudyId = studies[1]!.id;
});

afterAll(async () => {
  await t.cleanup();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

describe('webhooks', () => {
  it('only administrators register endpoints, with an http(s) URL and a secret of 32 characters or more', async () => {
    const dm = await callerAs(t.database, demoEmail('data-manager'));
    const input = { name: 'Hospital IT', url, secret: SECRET, events: ['query.raised' as const], studyId: null };
    expect(await codeOf(dm.webhooks.create(input))).toBe('FORBIDDEN');
    expect(await codeOf(admin.webhooks.create({ ...input, url: 'ftp://example.org/hooks' }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.webhooks.create({ ...input, url: 'javascript:alert(1)' }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.webhooks.create({ ...input, secret: 'too-short' }))).toBe('BAD_REQUEST');
    expect(await codeOf(admin.webhooks.create({ ...input, events: [] }))).toBe('BAD_REQUEST');
    expect(await db.selectFrom('webhookEndpoints').select('id').execute()).toHaveLength(0);
  });

  it('signs each delivery, sends no clinical text, and keeps the secret out of the audit trail and the list', async () => {
    const { id } = await admin.webhooks.create({ name: 'Hospital IT', url, secret: SECRET, events: ['query.raised', 'query.answered'], studyId });
    const queryId = await raiseQuery(studyId, 'Q-HOOK-1');
    // A change that rolls back leaves no delivery behind.
    await expect(
      withActor(db, actor, async (tx) => {
        await tx.updateTable('queries').set({ status: 'answered' }).where('id', '=', queryId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const pass = await deliverWebhooks(db);
    expect(pass).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r!.headers['x-ctp-event']).toBe('query.raised');
    expect(verifySignature(SECRET, String(r!.headers['x-ctp-signature']), r!.body)).toBe(true);
    expect(verifySignature('another-secret-of-enough-length-000000', String(r!.headers['x-ctp-signature']), r!.body)).toBe(false);
    expect(r!.json).toMatchObject({ event: 'query.raised', studyId, record: { type: 'query', id: queryId, code: 'Q-HOOK-1', status: 'open' } });
    expect(String(r!.headers['x-ctp-delivery'])).toBe(String(r!.json.id));
    expect(r!.body).not.toContain('Potassium');
    // Nothing left to send: a second pass sends nothing.
    expect(await deliverWebhooks(db)).toEqual({ delivered: 0, retrying: 0, failed: 0 });

    const trail = await sql<{ data: string }>`select (to_jsonb(a))::text as data from audit_events a where a.table_name like 'webhook%'`.execute(db);
    expect(trail.rows.length).toBeGreaterThan(0);
    for (const row of trail.rows) expect(row.data).not.toContain(SECRET);
    const list = await admin.webhooks.list();
    expect(JSON.stringify(list)).not.toContain(SECRET);
    expect(list.items[0]).toMatchObject({ name: 'Hospital IT', pending: 0, failed: 0 });
    await admin.webhooks.update({ ...list.items[0]!, id, studyId, active: false, events: ['query.raised', 'query.answered'] });
  });

  it('retries after a 500 and keeps a record’s events in order', async () => {
    const ep = await admin.webhooks.create({ name: 'Retrying', url, secret: SECRET, events: ['query.raised', 'query.answered'], studyId: null });
    const queryId = await raiseQuery(studyId, 'Q-HOOK-2');
    await answerQuery(queryId);
    answers.push(500);
    // The raise fails; the answer, of the same record, waits behind it.
    expect(await deliverWebhooks(db)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    const logged = await admin.webhooks.deliveries({ endpointId: ep.id, page: 1, pageSize: 20 });
    expect(logged.total).toBe(2);
    const raised = logged.items.find((d) => d.event === 'query.raised')!;
    expect(raised).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, responseBody: 'receiver down' });
    expect(new Date(raised.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing goes.
    expect(await deliverWebhooks(db)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    await dueNow();
    expect(await deliverWebhooks(db)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    await dueNow();
    expect(await deliverWebhooks(db)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received.map((r) => r.json.event)).toEqual(['query.raised', 'query.answered']);
    expect(received[0]!.json.record.id).toBe(queryId);

    // A replay sends the same payload again as a new delivery.
    const replay = await admin.webhooks.replay({ deliveryId: raised.id });
    expect(await deliverWebhooks(db)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    const again = received[2]!.json;
    expect(again.id).toBe(replay.id);
    expect({ ...again, id: 0 }).toEqual({ ...received[0]!.json, id: 0 });
    await admin.webhooks.update({ id: ep.id, version: 1, name: 'Retrying', url, events: ['query.raised'], studyId: null, active: false });
  });

  it('sends only the endpoint’s study and events, and nothing once its owner is deactivated', async () => {
    const ep = await admin.webhooks.create({ name: 'Study only', url, secret: SECRET, events: ['subject.status_changed'], studyId });
    const [mine, other] = await Promise.all(
      [studyId, otherStudyId].map((s) => db.selectFrom('patients').select('id').where('studyId', '=', s).where('status', '=', 'enrolled').orderBy('id').executeTakeFirstOrThrow()),
    );
    await withActor(db, actor, (tx) => tx.updateTable('patients').set({ status: 'withdrawn', withdrawalDate: '2026-11-01' }).where('id', 'in', [mine!.id, other!.id]).execute());
    await raiseQuery(studyId, 'Q-HOOK-3'); // not an event this endpoint hears
    expect(await deliverWebhooks(db)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(received[0]!.json).toMatchObject({ event: 'subject.status_changed', studyId, record: { type: 'subject', id: mine!.id, status: 'withdrawn', previousStatus: 'enrolled' } });
    expect(JSON.stringify(received[0]!.json)).not.toMatch(/arm/i);

    const owner = await db.selectFrom('webhookEndpoints').select('createdBy').where('id', '=', ep.id).executeTakeFirstOrThrow();
    await withActor(db, actor, (tx) => tx.updateTable('users').set({ isActive: false }).where('id', '=', owner.createdBy).execute());
    await withActor(db, actor, (tx) => tx.updateTable('patients').set({ status: 'enrolled', withdrawalDate: null }).where('id', '=', mine!.id).execute());
    expect(await db.selectFrom('webhookDeliveries').select('id').where('endpointId', '=', ep.id).execute()).toHaveLength(1);
    await withActor(db, actor, (tx) => tx.updateTable('users').set({ isActive: true }).where('id', '=', owner.createdBy).execute());
  });
});
