// Queries against a real database: the lifecycle and every refused step, roles and site scope,
// automatic raise from a failing edit check (no duplicate on re-save) and auto-close on correction,
// missing-form queries when a window closes, the cards, reports, export and GET /api/queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { formDefinition, QUERY_KIND_LABELS, QUERY_LIFECYCLE_LABELS, REST_QUERY_STATUS, REST_QUERY_TYPE, type FormDefinitionInput, type QueryKind, type QueryLifecycle } from '@ctp/contracts';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, parseCsv, rejects, type Caller } from './support/procedures.ts';
import { raiseMissingFormQueries } from '../src/modules/queries/auto.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let ownSubject: number;
let otherSubject: number;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'coordinator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
  const own = await sql<{ id: number }>`select id from patients where study_id = ${studyId} and site_id = ${rows[0]!.siteId} order by id limit 1`.execute(t.database.db);
  const other = await sql<{ id: number }>`select id from patients where study_id = ${studyId} and site_id <> ${rows[0]!.siteId} order by id limit 1`.execute(t.database.db);
  [ownSubject, otherSubject] = [own.rows[0]!.id, other.rows[0]!.id];
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

const raise = (caller: Caller, patientId: number) =>
  caller.queries.create({ patientId, type: 'clarification', priority: 'high', description: 'Please confirm the weight recorded at Day 7' });

describe('query lifecycle', () => {
  it('open -> answered -> re-opened -> answered -> closed, each step a message, with its code and progress', async () => {
    const q = await raise(as.monitor!, ownSubject);
    expect(q.code).toMatch(/^Q-[A-Z]+-\d{5}$/);
    let row = (await as.monitor!.queries.list({ search: q.code })).items[0]!;
    expect(row).toMatchObject({ lifecycle: 'open', kind: 'clarification', progress: 25, priority: 'high', raisedBy: 'Thomas Weber' });
    const a1 = await as.coordinator!.queries.respond({ id: q.id, version: row.version, body: 'Weight confirmed in the source notes' });
    row = (await as.monitor!.queries.list({ search: q.code })).items[0]!;
    expect(row).toMatchObject({ lifecycle: 'answered', progress: 75 });
    const r = await as.monitor!.queries.reopen({ id: q.id, version: a1.version, body: 'The source notes say 72 kg, not 27 kg' });
    expect((await as.monitor!.queries.list({ search: q.code })).items[0]).toMatchObject({ lifecycle: 'reopened', progress: 50 });
    const a2 = await as.coordinator!.queries.respond({ id: q.id, version: r.version, body: 'Corrected to 72 kg' });
    await as.monitor!.queries.close({ id: q.id, version: a2.version, body: 'Correction verified' });
    row = (await as.monitor!.queries.list({ search: q.code })).items[0]!;
    expect(row).toMatchObject({ lifecycle: 'closed', progress: 100, overdue: false });
    const thread = await as.monitor!.queries.byId({ id: q.id });
    expect(thread.messages.map((m) => m.kind)).toEqual(['question', 'response', 'reopen', 'response', 'resolution']);
    const reports = await as['data-manager']!.queries.reports({ studyId });
    expect(reports.responseRate).not.toBeNull();
    // The filters take the same words the rows carry: the stored lifecycle and kind.
    const closed = await as.monitor!.queries.list({ search: q.code, status: 'closed', type: 'clarification' });
    expect(closed.items.map((i) => i.queryId)).toEqual([q.code]);
    expect((await as.monitor!.queries.list({ search: q.code, status: 'answered' })).total).toBe(0);
    expect((await as.monitor!.queries.list({ search: q.code, type: 'consistency_check' })).total).toBe(0);
    // One notification title per step, in the same words ("re-opened", "answered", "closed").
    const titles = await sql<{ title: string }>`select distinct title from notifications where title like ${`Query ${q.code} %`} order by 1`.execute(t.database.db);
    expect(titles.rows.map((x) => x.title)).toEqual([`Query ${q.code} answered`, `Query ${q.code} closed`, `Query ${q.code} raised`, `Query ${q.code} re-opened`]);
  });

  it('refuses steps the lifecycle does not allow, and stale versions', async () => {
    const q = await raise(as.monitor!, ownSubject);
    await rejects(as.monitor!.queries.reopen({ id: q.id, version: q.version, body: 'Not answered yet' }), 'PRECONDITION_FAILED');
    const closed = await as.monitor!.queries.close({ id: q.id, version: q.version, body: 'Raised in error, resolved' });
    await rejects(as.coordinator!.queries.respond({ id: q.id, version: closed.version, body: 'Too late' }), 'PRECONDITION_FAILED');
    await rejects(as.monitor!.queries.cancel({ id: q.id, version: closed.version, body: 'Cancel a closed query' }), 'PRECONDITION_FAILED');
    const other = await raise(as.monitor!, ownSubject);
    await as.coordinator!.queries.respond({ id: other.id, version: other.version, body: 'First answer' });
    await rejects(as.coordinator!.queries.respond({ id: other.id, version: other.version, body: 'Stale answer' }), 'CONFLICT');
  });

  it('roles: sponsors read only; site staff answer only for their own sites; only the raiser or a data manager decides', async () => {
    await rejects(raise(as.sponsor!, ownSubject), 'FORBIDDEN');
    await rejects(raise(as.coordinator!, ownSubject), 'FORBIDDEN');
    const q = await raise(as['data-manager']!, otherSubject);
    await rejects(as.coordinator!.queries.respond({ id: q.id, version: q.version, body: 'Not my site' }), 'NOT_FOUND');
    expect((await as.coordinator!.queries.list({ search: q.code })).total).toBe(0);
    const a = await as['data-manager']!.queries.respond({ id: q.id, version: q.version, body: 'Answered by data management' });
    // A monitor who did not raise it cannot close the data manager's query.
    await rejects(as.monitor!.queries.close({ id: q.id, version: a.version, body: 'Closing' }), 'FORBIDDEN');
    await as['data-manager']!.queries.close({ id: q.id, version: a.version, body: 'Closed by its raiser' });
  });
});

describe('automatic queries', () => {
  const DEF: FormDefinitionInput = {
    fields: [
      { type: 'integer', code: 'SYSBP', label: 'Systolic', required: true, range: { min: 80, max: 180, severity: 'soft' } },
      { type: 'integer', code: 'DIABP', label: 'Diastolic', required: true },
    ],
    checks: [{ id: 'dia-sys', kind: 'compare', left: 'DIABP', operator: '<', right: 'SYSBP', message: 'Diastolic must be below systolic' }],
  };

  it('a submitted edit-check failure raises one query per check and field, not again on re-save, and closes itself when corrected', async () => {
    const created = await as['data-manager']!.forms.create({ studyId, name: 'Auto query vitals', category: 'Visit' });
    const saved = await as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: formDefinition.parse(DEF) });
    await as['data-manager']!.forms.publish({ id: created.id, version: saved.version });
    let sub = await as.coordinator!.submissions.save({ formId: created.id, patientId: ownSubject, formData: { SYSBP: 200, DIABP: 210 }, mode: 'submit' });
    const auto = async () => (await as.monitor!.queries.list({ submissionId: sub.id, limit: 50 })).items;
    expect((await auto()).map((q) => [q.field, q.lifecycle, q.origin]).sort()).toEqual([
      ['DIABP', 'open', 'edit_check'],
      ['SYSBP', 'open', 'edit_check'],
    ]);
    // Re-saved with the same failures: no duplicates.
    sub = await as.coordinator!.submissions.save({ formId: created.id, patientId: ownSubject, formData: { SYSBP: 200, DIABP: 210, }, mode: 'submit', submissionId: sub.id, version: sub.version, reason: 'Re-checked' });
    expect(await auto()).toHaveLength(2);
    // Corrected: both close themselves, saying why.
    await as.coordinator!.submissions.save({ formId: created.id, patientId: ownSubject, formData: { SYSBP: 150, DIABP: 90 }, mode: 'submit', submissionId: sub.id, version: sub.version, reason: 'Transcription error' });
    const after = await auto();
    expect(after.map((q) => q.lifecycle)).toEqual(['closed', 'closed']);
    const thread = await as.monitor!.queries.byId({ id: after[0]!.id });
    expect(thread.messages.at(-1)).toMatchObject({ kind: 'auto_close', body: 'Closed automatically: the corrected data passes this check.' });
  });

  it('raises a missing-data query for a due form not entered when its window closed, once', async () => {
    const { rows } = await sql<{ id: number }>`
      select sv.id from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id
       where exists (select 1 from visit_forms vf where vf.visit_definition_id = vd.id)
         and sv.scheduled_date < ${TEST_TODAY}::date - 20 and sv.patient_id in (select id from patients where study_id = ${studyId})
       order by sv.id limit 1`.execute(t.database.db);
    const visitId = rows[0]!.id;
    // The visit's window closed ten days ago with nothing entered.
    await withActor(t.database.db, { userId: null, reason: 'test setup' }, async (tx) => {
      await sql`delete from query_messages where query_id in (select id from queries where subject_visit_id = ${visitId})`.execute(tx).catch(() => undefined);
      await sql`update subject_visits set status = 'missed', actual_date = null, scheduled_date = ${TEST_TODAY}::date - 10 - (select window_days from visit_definitions vd where vd.id = visit_definition_id) where id = ${visitId}`.execute(tx);
      await sql`update form_submissions set status = 'draft', submitted_at = null where subject_visit_id = ${visitId}`.execute(tx);
    });
    const first = await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) => raiseMissingFormQueries(tx, TEST_TODAY));
    expect(first).toBeGreaterThan(0);
    const again = await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) => raiseMissingFormQueries(tx, TEST_TODAY));
    expect(again).toBe(0);
    const missing = await sql<{ type: string; origin: string; priority: string }>`select type, origin, priority from queries where subject_visit_id = ${visitId} and origin = 'missing_form'`.execute(t.database.db);
    const due = await sql<{ n: number }>`select count(*)::int as n from visit_forms vf join forms f on f.id = vf.form_id and f.status = 'active'
      where vf.visit_definition_id = (select visit_definition_id from subject_visits where id = ${visitId})`.execute(t.database.db);
    expect(missing.rows.length).toBe(due.rows[0]!.n);
    expect(missing.rows[0]).toEqual({ type: 'missing_data', origin: 'missing_form', priority: 'high' });
  });
});

describe('cards, export and REST', () => {
  it('counts the cards by their formulas', async () => {
    const s = await as['data-manager']!.queries.summary({ studyId });
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n from queries where study_id = ${studyId} group by 1`.execute(t.database.db);
    const n = (st: string) => rows.find((r) => r.status === st)?.n ?? 0;
    expect(s.total).toBe(rows.reduce((a, r) => a + r.n, 0));
    expect(s.validations).toBe(n('open') + n('reopened'));
    expect(s.inclusions).toBe(n('closed'));
    expect(s.pendingReview).toBe(n('answered'));
  });

  it('exports the filtered list as CSV', async () => {
    const file = await as['data-manager']!.queries.exportCsv({ studyId, priority: 'high' });
    const records = parseCsv(file.content);
    expect(records[0]![0]).toBe('Query ID');
    expect(records.slice(1).every((r) => r[7] === 'high')).toBe(true);
    // Status and type in the screens' words, never a second vocabulary.
    expect(records.length).toBeGreaterThan(1);
    for (const r of records.slice(1)) {
      expect(Object.values(QUERY_KIND_LABELS)).toContain(r[6]);
      expect(Object.values(QUERY_LIFECYCLE_LABELS)).toContain(r[8]);
    }
    expect(file.rows).toBe((await as['data-manager']!.queries.list({ studyId, priority: 'high' })).total);
  });

  it('GET /api/queries answers the spec Query fields with the spec values (plus lifecycle and kind), scoped per role', async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('monitor'));
    const res = await client.request(`/api/queries?studyId=${studyId}&limit=20`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any[];
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(0);
    expect(Object.keys(body[0]).sort()).toEqual(
      ['id', 'queryId', 'patientId', 'studyId', 'site', 'formName', 'field', 'type', 'priority', 'status', 'description', 'raisedBy', 'raisedAt', 'assignedTo', 'dueDate', 'resolvedAt', 'lifecycle', 'kind'].sort(),
    );
    for (const q of body) {
      expect(['open', 'in_progress', 'resolved']).toContain(q.status);
      expect(['range_check', 'missing_data', 'consistency_check']).toContain(q.type);
      expect(q.status).toBe(REST_QUERY_STATUS[q.lifecycle as QueryLifecycle]);
      expect(q.type).toBe(REST_QUERY_TYPE[q.kind as QueryKind]);
    }
    const sponsor = new TestClient(server.url);
    await sponsor.login(demoEmail('sponsor'));
    const visible = await sql<{ n: number }>`select count(*)::int as n from queries q where q.study_id in (
      select m.study_id from study_memberships m join users u on u.id = m.user_id where u.email = 'sponsor@demo.local')`.execute(t.database.db);
    const sres = await sponsor.request('/api/queries?limit=1');
    expect(Number(sres.headers.get('x-total-count'))).toBe(visible.rows[0]!.n);
  });
});
