// Notifications are produced where the events happen and read per user: a query raised at a site
// reaches that site's staff (not other sites'), its answer reaches the raiser, read state per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { SERVER_MESSAGES } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
});
afterAll(() => t.cleanup());

describe('notifications', () => {
  it('a query raised at the coordinator\'s site reaches the coordinator; the answer reaches the raiser; read state is per user', async () => {
    const { rows } = await sql<{ studyId: number; siteId: number }>`
      select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id
       where u.email = 'coordinator@demo.local' and m.site_id is not null order by m.study_id limit 1`.execute(t.database.db);
    const own = await sql<{ id: number }>`select id from patients where study_id = ${rows[0]!.studyId} and site_id = ${rows[0]!.siteId} order by id limit 1`.execute(t.database.db);
    const other = await sql<{ id: number }>`select id from patients where study_id = ${rows[0]!.studyId} and site_id <> ${rows[0]!.siteId} order by id limit 1`.execute(t.database.db);
    const before = await as.coordinator!.notifications.unreadCount();
    const q = await as.monitor!.queries.create({ patientId: own.rows[0]!.id, type: 'clarification', description: 'Please confirm the visit date' });
    await as.monitor!.queries.create({ patientId: other.rows[0]!.id, type: 'clarification', description: 'Another site entirely' });
    const list = await as.coordinator!.notifications.list({ unreadOnly: true });
    expect(await as.coordinator!.notifications.unreadCount()).toBe(before + 1);
    expect(list.items[0]).toMatchObject({ kind: 'query_raised', title: `Query ${q.code} raised`, link: `/queries?q=${q.code}`, read: false });
    // The title the server wrote carries its key and values; the body the monitor wrote has none.
    expect(list.items[0]).toMatchObject({
      titleKey: SERVER_MESSAGES.queryRaisedTitle,
      titleParams: { code: q.code },
      body: 'Please confirm the visit date',
      bodyKey: null,
      bodyParams: null,
    });
    await as.coordinator!.queries.respond({ id: q.id, version: q.version, body: 'Confirmed' });
    const monitor = await as.monitor!.notifications.list({ kind: 'query_answered' });
    expect(monitor.items[0]).toMatchObject({ title: `Query ${q.code} answered`, read: false });
    expect(monitor.items[0]).toMatchObject({
      titleKey: SERVER_MESSAGES.queryAnsweredTitle,
      titleParams: { code: q.code },
      body: SERVER_MESSAGES.queryAnsweredBody,
      bodyKey: SERVER_MESSAGES.queryAnsweredBody,
      bodyParams: {},
    });
    await as.coordinator!.notifications.markRead({ ids: [list.items[0]!.id] });
    expect(await as.coordinator!.notifications.unreadCount()).toBe(before);
    // Marking another user's notification does nothing.
    const marked = await as.coordinator!.notifications.markRead({ ids: [monitor.items[0]!.id] });
    expect(marked.marked).toBe(0);
    await as.monitor!.notifications.markAllRead();
    expect(await as.monitor!.notifications.unreadCount()).toBe(0);
  });

  it('enrolling the subject that takes a site over its target alerts the study managers', async () => {
    const { rows } = await sql<{ id: number; version: number; studyId: number; siteId: number; screeningDate: string }>`
      select p.id, p.version, p.study_id, p.site_id, p.screening_date from patients p
        join study_sites ss on ss.study_id = p.study_id and ss.site_id = p.site_id and ss.status = 'active'
        join studies st on st.id = p.study_id and st.status in ('active', 'enrolling')
       where p.status = 'screening' order by p.id limit 1`.execute(t.database.db);
    const subject = rows[0]!;
    // The site's target set to what it has enrolled now: the next enrollment goes over it.
    await withActor(t.database.db, { userId: null, reason: 'Test: site target at its enrollment' }, (tx) =>
      sql`update study_sites ss set enrollment_target = greatest(1, (select count(*) from patients p where p.study_id = ss.study_id and p.site_id = ss.site_id and p.status in ('enrolled', 'completed')))
           where ss.study_id = ${subject.studyId} and ss.site_id = ${subject.siteId}`.execute(tx),
    );
    const before = (await as['study-manager']!.notifications.list({ kind: 'enrollment_alert' })).total;
    await as.admin!.patients.updateStatus({ id: subject.id, version: subject.version, status: 'enrolled', effectiveDate: subject.screeningDate, reason: 'Eligibility confirmed' });
    const alerts = await as['study-manager']!.notifications.list({ kind: 'enrollment_alert' });
    expect(alerts.total).toBe(before + 1);
    expect(alerts.items[0]!.title).toMatch(/is over its enrollment target in/);
    expect(alerts.items[0]).toMatchObject({ titleKey: SERVER_MESSAGES.siteOverTargetTitle, bodyKey: SERVER_MESSAGES.siteOverTargetBody });
    const { enrolled, target } = alerts.items[0]!.bodyParams as { enrolled: number; target: number };
    expect(alerts.items[0]!.body).toBe(`${enrolled} enrolled against a site target of ${target}.`);
    expect(enrolled).toBe(target + 1);
    expect(alerts.items[0]!.link).toBe(`/sites/${subject.siteId}`);
  });
});
