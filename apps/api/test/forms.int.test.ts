// eCRF engine against a real database: building, publishing and versioning forms; draft vs submit;
// server-side checks; a reason for changing submitted data (and the audit trail's old and new values);
// site scope; the visit status a submission completes; the REST paths with each error code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { formDefinition, type FormDefinitionInput } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, codeOf, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
/** A study where the investigator works, its investigator-site subject, and a subject at another site. */
let studyId: number;
let ownSubject: number;
let otherSubject: number;
let visitId: number;

const VITALS: FormDefinitionInput = {
  fields: [
    { type: 'integer', code: 'SYSBP', label: 'Systolic blood pressure', unit: 'mmHg', required: true, range: { min: 60, max: 250, severity: 'soft' } },
    { type: 'integer', code: 'DIABP', label: 'Diastolic blood pressure', unit: 'mmHg', required: true, range: { min: 20, max: 200, severity: 'hard' } },
    { type: 'yesNo', code: 'SMOKER', label: 'Current smoker' },
    { type: 'integer', code: 'PACKS', label: 'Packs per day', showIf: { '==': [{ var: 'SMOKER' }, 'Y'] }, required: true },
  ],
  checks: [{ id: 'dia-below-sys', kind: 'compare', left: 'DIABP', operator: '<', right: 'SYSBP', message: 'Diastolic must be below systolic', severity: 'warning' }],
};

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'investigator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  ({ studyId } = rows[0]!);
  const own = await sql<{ id: number; visitId: number }>`
    select p.id, (select sv.id from subject_visits sv where sv.patient_id = p.id order by sv.scheduled_date limit 1) as visit_id
      from patients p where p.study_id = ${studyId} and p.site_id = ${rows[0]!.siteId} and exists (select 1 from subject_visits sv where sv.patient_id = p.id)
     order by p.id limit 1`.execute(t.database.db);
  ownSubject = own.rows[0]!.id;
  visitId = own.rows[0]!.visitId;
  const other = await sql<{ id: number }>`select id from patients where study_id = ${studyId} and site_id <> ${rows[0]!.siteId} order by id limit 1`.execute(t.database.db);
  otherSubject = other.rows[0]!.id;
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

async function newPublishedForm(name: string, definition: FormDefinitionInput = VITALS) {
  const created = await as['data-manager']!.forms.create({ studyId, name, category: 'Visit' });
  const saved = await as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: formDefinition.parse(definition) });
  await as['data-manager']!.forms.publish({ id: created.id, version: saved.version });
  return created.id;
}

describe('forms: build, publish, version', () => {
  it('creates a form from the CDASH library as a draft, lists it and counts it in the tiles', async () => {
    const before = await as['data-manager']!.forms.overview({ studyId });
    const created = await as['data-manager']!.forms.create({ studyId, name: 'Adverse Events', category: 'Safety', libraryDomain: 'AE' });
    const detail = await as['data-manager']!.forms.byId({ id: created.id });
    expect(detail).toMatchObject({ status: 'draft', formVersion: '1', hasDraft: true, code: 'AE', libraryDomain: 'AE', editable: true });
    expect(detail.definition.fields.some((f) => f.type === 'repeatingGroup' && f.fields.some((s) => s.sdtmTarget === 'AE.AESTDTC'))).toBe(true);
    const after = await as['data-manager']!.forms.overview({ studyId });
    expect(after.totalForms).toBe(before.totalForms + 1);
    expect(after.draftForms).toBe(before.draftForms + 1);
    const list = await as.monitor!.forms.list({ studyId, search: 'adverse' });
    expect(list.items.map((f) => f.id)).toContain(created.id);
    expect(list.items.find((f) => f.id === created.id)).toMatchObject({ formName: 'Adverse Events', isActive: false, status: 'draft', createdBy: expect.any(String) });
    expect((await as.monitor!.forms.studies()).map((s) => s.id)).toContain(studyId);
  });

  it('refuses building to roles that only read or enter data', async () => {
    for (const role of ['investigator', 'coordinator', 'monitor', 'sponsor']) {
      expect(await codeOf(as[role]!.forms.create({ studyId, name: 'Nope', category: 'Visit' }))).toBe('FORBIDDEN');
    }
  });

  it('publishing makes version 1 read-only; editing opens version 2 with its changes listed', async () => {
    const id = await newPublishedForm('Vitals v-test');
    let detail = await as['data-manager']!.forms.byId({ id });
    expect(detail).toMatchObject({ status: 'active', formVersion: '1', hasDraft: false, isActive: true });
    const v1 = detail.versions[0]!;
    expect(v1.publishedAt).not.toBeNull();
    // The database refuses to change a published definition.
    await expect(
      withActor(t.database.db, { userId: null, reason: 'tamper' }, (tx) => sql`update form_versions set definition = '{}' where id = ${v1.id}`.execute(tx)),
    ).rejects.toThrow(/published form version is read-only/);
    const withTemp = formDefinition.parse({ ...VITALS, fields: [...VITALS.fields, { type: 'decimal', code: 'TEMP', label: 'Temperature', unit: 'C', decimals: 1 }] });
    const saved = await as['data-manager']!.forms.saveDraft({ id, version: detail.version, definition: withTemp });
    expect(saved.draftVersion).toBe(2);
    detail = await as['data-manager']!.forms.byId({ id });
    expect(detail).toMatchObject({ status: 'active', formVersion: '1', hasDraft: true });
    await as['data-manager']!.forms.publish({ id, version: detail.version });
    detail = await as['data-manager']!.forms.byId({ id });
    expect(detail.formVersion).toBe('2');
    expect(detail.versions.map((v) => v.versionNumber)).toEqual([2, 1]);
    expect(detail.versions[0]!.changes).toContain('Added field TEMP (Temperature)');
  });

  it('a stale form version is a conflict', async () => {
    const created = await as['data-manager']!.forms.create({ studyId, name: 'Stale check', category: 'Lab' });
    await as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: formDefinition.parse(VITALS) });
    await rejects(as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: formDefinition.parse(VITALS) }), 'CONFLICT');
  });
});

describe('submissions: draft, submit, change with a reason', () => {
  let formId: number;
  beforeAll(async () => {
    formId = await newPublishedForm('Vitals entry');
    // Due at the subject's first visit, so submitting it completes that visit.
    await withActor(t.database.db, { userId: null, reason: 'test setup' }, (tx) =>
      sql`insert into visit_forms (visit_definition_id, form_id) select visit_definition_id, ${formId} from subject_visits where id = ${visitId}`.execute(tx),
    );
  });

  it('keeps an incomplete draft, refuses an incomplete submit with field errors', async () => {
    const draft = await as.investigator!.submissions.save({ formId, patientId: ownSubject, subjectVisitId: visitId, formData: { SYSBP: 120 }, mode: 'draft' });
    expect(draft.status).toBe('draft');
    const err = await rejects(
      as.investigator!.submissions.save({ formId, patientId: ownSubject, subjectVisitId: visitId, formData: { SYSBP: 120, SMOKER: 'Y' }, mode: 'submit', submissionId: draft.id, version: draft.version }),
      'BAD_REQUEST',
    );
    const paths = (err.cause as any).issues.map((i: any) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['DIABP', 'PACKS']));
  });

  it('refuses a hard range, keeps a soft range and a failed check as warnings, and completes the visit', async () => {
    const current = await as.investigator!.submissions.get({ formId, patientId: ownSubject, subjectVisitId: visitId });
    const sub = current.submission!;
    await rejects(
      as.investigator!.submissions.save({ formId, patientId: ownSubject, subjectVisitId: visitId, formData: { SYSBP: 120, DIABP: 500 }, mode: 'submit', submissionId: sub.id, version: sub.version }),
      'BAD_REQUEST',
      /between 20 and 200/,
    );
    const saved = await as.investigator!.submissions.save({
      formId,
      patientId: ownSubject,
      subjectVisitId: visitId,
      visitDate: '2020-01-01',
      formData: { SYSBP: 300, DIABP: 80, SMOKER: 'N', PACKS: 3 },
      mode: 'submit',
      submissionId: sub.id,
      version: sub.version,
    });
    expect(saved.status).toBe('submitted');
    expect(saved.warnings.map((w) => w.path)).toEqual(['SYSBP']);
    const stored = await t.database.db.selectFrom('formSubmissions').select(['data', 'submittedBy', 'warningCount']).where('id', '=', saved.id).executeTakeFirstOrThrow();
    // PACKS was hidden (not a smoker): not stored.
    expect(stored.data).toEqual({ SYSBP: 300, DIABP: 80, SMOKER: 'N' });
    expect(stored.warningCount).toBe(1);
    const visit = await t.database.db.selectFrom('subjectVisits').select(['status', 'actualDate']).where('id', '=', visitId).executeTakeFirstOrThrow();
    // Submitted with an open warning: the visit shows 'warning', dated by the visit date entered.
    expect(visit).toEqual({ status: 'warning', actualDate: expect.any(String) });
  });

  it('a change to submitted data needs a reason; the audit trail keeps old and new values', async () => {
    const current = (await as.investigator!.submissions.get({ formId, patientId: ownSubject, subjectVisitId: visitId })).submission!;
    const change = { formId, patientId: ownSubject, subjectVisitId: visitId, formData: { SYSBP: 130, DIABP: 80, SMOKER: 'N' }, mode: 'submit' as const, submissionId: current.id, version: current.version };
    await rejects(as.investigator!.submissions.save(change), 'BAD_REQUEST', /reason/);
    await as.investigator!.submissions.save({ ...change, reason: 'Transcription error corrected' });
    const { rows } = await sql<{ reason: string; changes: any }>`
      select reason, changes from audit_events where table_name = 'form_submissions' and record_id = ${String(current.id)} order by id desc limit 1`.execute(t.database.db);
    expect(rows[0]!.reason).toBe('Transcription error corrected');
    expect(JSON.stringify(rows[0]!.changes)).toContain('300');
    expect(JSON.stringify(rows[0]!.changes)).toContain('130');
    const visit = await t.database.db.selectFrom('subjectVisits').select('status').where('id', '=', visitId).executeTakeFirstOrThrow();
    expect(visit.status === 'completed' || visit.status === 'warning').toBe(true);
  });

  it('without a patient, submissions.get gives the published version a new entry starts from', async () => {
    const blank = await as.investigator!.submissions.get({ formId });
    expect(blank.submission).toBeNull();
    expect(blank.formVersionId).toBe((await as.investigator!.submissions.get({ formId, patientId: ownSubject })).formVersionId);
    // An entry is looked up for a patient: a visit or an entry id without one is refused.
    await rejects(as.investigator!.submissions.get({ formId, submissionId: 1 }), 'BAD_REQUEST');
  });

  it('site staff enter data only for their own site; readers cannot enter data', async () => {
    await rejects(as.investigator!.submissions.save({ formId, patientId: otherSubject, formData: { SYSBP: 120, DIABP: 80 }, mode: 'submit' }), 'FORBIDDEN');
    await rejects(as.monitor!.submissions.save({ formId, patientId: ownSubject, formData: { SYSBP: 120, DIABP: 80 }, mode: 'submit' }), 'FORBIDDEN');
  });

  it('a submission entered in an older version is a conflict once a new version is published', async () => {
    const before = await as.investigator!.submissions.get({ formId, patientId: ownSubject });
    const detail = await as['data-manager']!.forms.byId({ id: formId });
    await as['data-manager']!.forms.saveDraft({ id: formId, version: detail.version, definition: formDefinition.parse({ ...VITALS, checks: [] }) });
    await as['data-manager']!.forms.publish({ id: formId, version: (await as['data-manager']!.forms.byId({ id: formId })).version });
    await rejects(
      as.investigator!.submissions.save({ formId, patientId: ownSubject, formData: { SYSBP: 120, DIABP: 80 }, mode: 'submit', formVersionId: before.formVersionId }),
      'CONFLICT',
    );
  });
});

describe('REST', () => {
  let client: TestClient;
  let formId: number;
  beforeAll(async () => {
    formId = await newPublishedForm('Vitals REST');
    client = new TestClient(server.url);
    expect((await client.login(demoEmail('investigator'))).status).toBe(200);
  });

  it('GET /api/forms answers the spec fields with X-Total-Count', async () => {
    const res = await client.request(`/api/forms?studyId=${studyId}&limit=5`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(0);
    const forms = (await res.json()) as any[];
    for (const key of ['id', 'studyId', 'formName', 'formVersion', 'isActive', 'category', 'status', 'fieldsCount', 'submissionsCount', 'lastModified', 'createdBy', 'description']) {
      expect(forms[0]).toHaveProperty(key);
    }
  });

  const post = (c: TestClient, id: number | string, body: unknown) => c.request(`/api/forms/${id}/submit`, { method: 'POST', json: body });

  it('POST /api/forms/:id/submit: 201 as the session user, whatever submittedBy says', async () => {
    const res = await post(client, formId, { patientId: ownSubject, visitDate: '2026-11-01', formData: { SYSBP: 118, DIABP: 76 }, submittedBy: 1 });
    expect(res.status).toBe(201);
    const saved = (await res.json()) as any;
    const row = await t.database.db.selectFrom('formSubmissions').innerJoin('users', 'users.id', 'formSubmissions.submittedBy').select('users.email').where('formSubmissions.id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.email).toBe('investigator@demo.local');
  });

  it('POST /api/forms/:id/submit: 400 with field errors, 404 unknown form or subject, 409 stale version, 403 for a reader', async () => {
    const bad = await post(client, formId, { patientId: ownSubject, formData: { SYSBP: 'high' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).fieldErrors).toHaveProperty('SYSBP');
    expect((await post(client, 999_999, { patientId: ownSubject, formData: {} })).status).toBe(404);
    expect((await post(client, formId, { patientId: 999_999, formData: {} })).status).toBe(404);
    expect((await post(client, formId, { patientId: ownSubject, formData: { SYSBP: 118, DIABP: 76 }, formVersionId: 1 })).status).toBe(409);
    const monitor = new TestClient(server.url);
    await monitor.login(demoEmail('monitor'));
    expect((await post(monitor, formId, { patientId: ownSubject, formData: { SYSBP: 118, DIABP: 76 } })).status).toBe(403);
  });
});

describe('visit schedule', () => {
  it('lists the study\'s visits with their due forms, and lets form builders change windows and due forms', async () => {
    const schedule = await as.monitor!.visits.schedule({ studyId });
    expect(schedule.visits.map((v) => v.code)).toEqual(['SEL', 'D0', 'D3', 'D7', 'TELE', 'D28', 'END']);
    const d7 = schedule.visits.find((v) => v.code === 'D7')!;
    const vitals = schedule.forms.find((f) => f.name === 'Vital Signs')!;
    expect(d7.formIds).toContain(vitals.id);
    await rejects(as.monitor!.visits.update({ id: d7.id, version: d7.version, changes: { windowAfter: 4 }, reason: 'Protocol amendment 2' }), 'FORBIDDEN');
    await as['data-manager']!.visits.update({ id: d7.id, version: d7.version, changes: { windowBefore: 1, windowAfter: 4 }, reason: 'Protocol amendment 2' });
    await rejects(as['data-manager']!.visits.update({ id: d7.id, version: d7.version, changes: { windowAfter: 5 }, reason: 'Protocol amendment 2' }), 'CONFLICT');
    const cm = schedule.forms.find((f) => f.name === 'Concomitant Medications')!;
    await as['data-manager']!.visits.setDueForms({ visitDefinitionId: d7.id, formIds: [vitals.id, cm.id] });
    const after = (await as.monitor!.visits.schedule({ studyId })).visits.find((v) => v.code === 'D7')!;
    expect(after).toMatchObject({ windowBefore: 1, windowAfter: 4 });
    expect(after.formIds).toEqual([vitals.id, cm.id].sort((a, b) => a - b));
  });

  it('schedules a visit added later for the subjects already enrolled', async () => {
    const enrolled = await sql<{ n: number }>`select count(*)::int as n from patients where study_id = ${studyId} and status = 'enrolled'`.execute(t.database.db);
    const created = await as['study-manager']!.visits.create({ studyId, code: 'D56', name: 'Day 56', dayOffset: 56, windowBefore: 3, windowAfter: 3 });
    expect(created.scheduledSubjects).toBe(enrolled.rows[0]!.n);
    await rejects(as['study-manager']!.visits.create({ studyId, code: 'D56', name: 'Day 56 again', dayOffset: 56, windowBefore: 3, windowAfter: 3 }), 'CONFLICT');
  });
});

describe('archived records keep their data', () => {
  it('refuses entries for an archived form and an archived subject', async () => {
    const formId = await newPublishedForm('Vitals to archive');
    const detail = await as['data-manager']!.forms.byId({ id: formId });
    await as['data-manager']!.forms.archive({ id: formId, version: detail.version, reason: 'Replaced by a new form' });
    await rejects(as.investigator!.submissions.save({ formId, patientId: ownSubject, formData: { SYSBP: 120, DIABP: 80 }, mode: 'submit' }), 'PRECONDITION_FAILED', /archived/);
    const other = await newPublishedForm('Vitals for an archived subject');
    await as['study-manager']!.inclusions.archive({ studyId, selection: { ids: [ownSubject] }, reason: 'Duplicate subject record' });
    await rejects(as.investigator!.submissions.save({ formId: other, patientId: ownSubject, formData: { SYSBP: 120, DIABP: 80 }, mode: 'submit' }), 'PRECONDITION_FAILED', /archived/);
  });
});
