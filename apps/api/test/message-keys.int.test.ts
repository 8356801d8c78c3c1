// Server messages with their key and values (contracts' server-messages.ts, migration 0038): a refusal
// sends data.messageKey and data.params beside the English message; texts the server writes into
// queries (an edit check's built-in message, a missing form, the note closing a query) are stored in
// English, which the audit trail records, with their key and values, which the web translates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { formDefinition, SERVER_MESSAGES, type FormDefinitionInput } from '@ctp/contracts';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, type Caller } from './support/procedures.ts';
import { raiseMissingFormQueries } from '../src/modules/queries/auto.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let subject: number;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'coordinator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
  subject = (await sql<{ id: number }>`select id from patients where study_id = ${studyId} and site_id = ${rows[0]!.siteId} order by id limit 1`.execute(t.database.db)).rows[0]!.id;
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('refusals over tRPC carry their key and values', () => {
  it('a message with a value: the English text for REST clients, the key and the value for the browser', async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('study-manager'));
    const code = (await sql<{ code: string }>`select code from studies order by id limit 1`.execute(t.database.db)).rows[0]!.code;
    const res = await client.mutation('studies.create', { studyId: code, title: `Study ${code}`, phase: 'Phase II', status: 'planning', targetEnrollment: 40 });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(`Study code ${code} is already in use`);
    expect(res.body.error.data).toMatchObject({ messageKey: 'Study code {{code}} is already in use', params: { code } });
  });

  it('a message naming no value is its own key; a refusal with no key sends none', async () => {
    const client = new TestClient(server.url);
    await client.login(demoEmail('sponsor'));
    const res = await client.mutation('queries.create', { patientId: subject, type: 'clarification', priority: 'high', description: 'Please confirm the weight' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(SERVER_MESSAGES.roleForbids);
    expect(res.body.error.data).toMatchObject({ messageKey: SERVER_MESSAGES.roleForbids, params: {} });
    const monitor = new TestClient(server.url);
    await monitor.login(demoEmail('monitor'));
    const bad = await monitor.mutation('queries.create', { patientId: subject, type: 'clarification', priority: 'high', description: 'x' });
    expect(bad.body.error.message).toBe('Describe the discrepancy');
    expect(bad.body.error.data.messageKey).toBeUndefined();
  });
});

describe('refusals of the catalogue by domain', () => {
  it('a counted refusal: English in the form its number asks for, its key the plural, the count and codes as values', async () => {
    const raised = await as.monitor!.queries.create({ patientId: subject, type: 'clarification', priority: 'high', description: 'Please confirm the visit date' });
    const client = new TestClient(server.url);
    await client.login(demoEmail('data-manager'));
    const res = await client.mutation('casebook.lockSubject', { patientId: subject, reason: 'Subject completed' });
    expect(res.status).toBe(412);
    const { rows } = await sql<{ code: string }>`select code from queries where patient_id = ${subject} and status in ('open', 'answered', 'reopened') order by code`.execute(t.database.db);
    const codes = rows.map((r) => r.code).join(', ');
    const many = rows.length !== 1;
    expect(res.body.error.message).toBe(
      many
        ? `There are ${rows.length} open queries (${codes}); confirm that you lock the casebook with them open`
        : `There is 1 open query (${codes}); confirm that you lock the casebook with it open`,
    );
    expect(res.body.error.data).toMatchObject({ messageKey: SERVER_MESSAGES.openQueriesLockCasebook.other, params: { count: rows.length, codes } });
    expect(codes).toContain(raised.code);
  });

  it('a refused status step names the status by its code, which the web writes in its own words', async () => {
    const q = await as.monitor!.queries.create({ patientId: subject, type: 'clarification', priority: 'low', description: 'Please confirm the height' });
    await as.monitor!.queries.close({ id: q.id, version: q.version, body: 'Not needed after all' });
    const client = new TestClient(server.url);
    await client.login(demoEmail('coordinator'));
    const res = await client.mutation('queries.respond', { id: q.id, version: q.version + 1, body: 'Confirmed' });
    expect(res.status).toBe(412);
    expect(res.body.error.message).toBe('A query that is closed cannot be answered');
    expect(res.body.error.data).toMatchObject({ messageKey: SERVER_MESSAGES.queryCannotAnswer, params: { queryStatus: 'closed' } });
  });

  it("a field's refusal: shown on the field, with its key", async () => {
    const form = (await sql<{ id: number }>`select id from forms where study_id = ${studyId} and status = 'active' order by id limit 1`.execute(t.database.db)).rows[0]!;
    const client = new TestClient(server.url);
    await client.login(demoEmail('coordinator'));
    const res = await client.mutation('submissions.save', { formId: form.id, patientId: subject, formData: {}, mode: 'draft', visitDate: '2999-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.error.data).toMatchObject({
      messageKey: SERVER_MESSAGES.visitDateFuture,
      params: {},
      fieldErrors: { visitDate: [SERVER_MESSAGES.visitDateFuture] },
    });
  });

  it('a refusal with a value from a module outside the first catalogue (a visit code already in the schedule)', async () => {
    const visit = (await sql<{ code: string }>`select code from visit_definitions where study_id = ${studyId} order by id limit 1`.execute(t.database.db)).rows[0]!;
    const client = new TestClient(server.url);
    await client.login(demoEmail('study-manager'));
    const res = await client.mutation('visits.create', { studyId, code: visit.code, name: 'Again', dayOffset: 400, windowBefore: 0, windowAfter: 0, reason: 'Duplicate on purpose' });
    expect(res.body.error.message).toBe(`Visit code ${visit.code} is already in this schedule`);
    expect(res.body.error.data).toMatchObject({ messageKey: SERVER_MESSAGES.visitCodeTaken, params: { code: visit.code } });
  });
});

describe('texts the server writes into queries', () => {
  const DEF: FormDefinitionInput = {
    fields: [
      { type: 'integer', code: 'SYSBP', label: 'Systolic', unit: 'mmHg', required: true, range: { min: 80, max: 180, severity: 'soft' } },
      { type: 'integer', code: 'DIABP', label: 'Diastolic', required: true },
    ],
    checks: [{ id: 'dia-sys', kind: 'compare', left: 'DIABP', operator: '<', right: 'SYSBP', message: 'Diastolic must be below systolic' }],
  };

  it("an edit check's built-in message keeps its key; the author's message stays as written; the closing note has its key", async () => {
    const dm = as['data-manager']!;
    const created = await dm.forms.create({ studyId, name: 'Keyed vitals', category: 'Visit' });
    const saved = await dm.forms.saveDraft({ id: created.id, version: created.version, definition: formDefinition.parse(DEF) });
    await dm.forms.publish({ id: created.id, version: saved.version });
    const sub = await as.coordinator!.submissions.save({ formId: created.id, patientId: subject, formData: { SYSBP: 200, DIABP: 210 }, mode: 'submit' });
    const items = (await as.monitor!.queries.list({ submissionId: sub.id, limit: 50 })).items;
    const range = items.find((q) => q.field === 'SYSBP')!;
    expect(range).toMatchObject({
      description: 'Expected between 80 and 180 mmHg',
      descriptionKey: 'Expected between {{min}} and {{max}} {{unit}}',
      descriptionParams: { min: 80, max: 180, unit: 'mmHg' },
    });
    expect(items.find((q) => q.field === 'DIABP')).toMatchObject({ description: 'Diastolic must be below systolic', descriptionKey: null, descriptionParams: null });
    const question = (await as.monitor!.queries.byId({ id: range.id })).messages[0]!;
    expect(question).toMatchObject({ kind: 'question', body: 'Expected between 80 and 180 mmHg', bodyKey: 'Expected between {{min}} and {{max}} {{unit}}' });

    await as.coordinator!.submissions.save({ formId: created.id, patientId: subject, formData: { SYSBP: 150, DIABP: 90 }, mode: 'submit', submissionId: sub.id, version: sub.version, reason: 'Transcription error' });
    const closing = (await as.monitor!.queries.byId({ id: range.id })).messages.at(-1)!;
    expect(closing).toMatchObject({ kind: 'auto_close', body: SERVER_MESSAGES.autoClosePasses, bodyKey: SERVER_MESSAGES.autoClosePasses, bodyParams: {} });
  });

  it('a missing-form query is stored in English (as the audit trail records it) with its key and the form and visit', async () => {
    const { rows } = await sql<{ id: number }>`
      select sv.id from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id
       where exists (select 1 from visit_forms vf join forms f on f.id = vf.form_id and f.status = 'active' where vf.visit_definition_id = vd.id)
         and sv.patient_id in (select id from patients where study_id = ${studyId})
       order by sv.id limit 1`.execute(t.database.db);
    const visitId = rows[0]!.id;
    await withActor(t.database.db, { userId: null, reason: 'test setup' }, async (tx) => {
      await sql`update subject_visits set status = 'missed', actual_date = null, scheduled_date = ${TEST_TODAY}::date - 10 - (select window_days from visit_definitions vd where vd.id = visit_definition_id) where id = ${visitId}`.execute(tx);
      await sql`update form_submissions set status = 'draft', submitted_at = null where subject_visit_id = ${visitId}`.execute(tx);
    });
    await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) => raiseMissingFormQueries(tx, TEST_TODAY));
    const { rows: raised } = await sql<{ id: number; description: string; descriptionKey: string; descriptionParams: Record<string, string>; form: string; visit: string }>`
      select q.id, q.description, q.description_key, q.description_params, f.name as form, vd.name as visit
        from queries q join forms f on f.id = q.form_id join subject_visits sv on sv.id = q.subject_visit_id join visit_definitions vd on vd.id = sv.visit_definition_id
       where q.subject_visit_id = ${visitId} and q.origin = 'missing_form' order by q.id limit 1`.execute(t.database.db);
    const q = raised[0]!;
    expect(q.descriptionKey).toBe(SERVER_MESSAGES.missingForm);
    expect(q.descriptionParams).toEqual({ form: q.form, visit: q.visit });
    expect(q.description).toBe(`${q.form} was not entered for ${q.visit} before its window closed.`);
    const audit = await sql<{ changes: string }>`select changes::text as changes from audit_events where table_name = 'queries' and record_id = ${String(q.id)} and action = 'insert'`.execute(t.database.db);
    expect(audit.rows[0]!.changes).toContain(q.description);

    // A data manager rewriting the question makes it theirs: the key goes.
    const row = (await as['data-manager']!.queries.list({ search: (await sql<{ code: string }>`select code from queries where id = ${q.id}`.execute(t.database.db)).rows[0]!.code })).items[0]!;
    await as['data-manager']!.queries.update({ id: q.id, version: row.version, reason: 'Clearer wording', changes: { description: 'Please enter the vital signs of this visit' } });
    const edited = (await as['data-manager']!.queries.list({ search: row.queryId })).items[0]!;
    expect(edited).toMatchObject({ description: 'Please enter the vital signs of this visit', descriptionKey: null, descriptionParams: null });
  });
});
