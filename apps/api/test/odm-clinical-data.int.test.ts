// GET /api/studies/{id}/odm: the ODM 1.3.2 clinical data export against a real database. The file is
// valid against the ODM 1.3.2 schema (xmllint), and its contents match the database: the entered
// values with their history (AuditRecords: who, when, why; the old value as the preceding ItemData),
// the casebook signature (meaning, content hash, validity) and the query thread as an Annotation.
// Refused for roles that may not export and for studies, sites and subjects outside the reader's scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { sql, withActor } from '@ctp/db';
import { formDefinition } from '@ctp/contracts';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, type Caller } from './support/procedures.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { expectSchemaValid, itXsd, ODM_XSD } from './support/xmllint.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let siteId: number;
let subject: { id: number; code: string };
let formCode: string;
let submissionId: number;
let queryCode: string;
const clients: Record<string, TestClient> = {};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name, _path, _leaf, isAttribute) => !isAttribute && name !== 'ODM' });
type El = Record<string, any>;

async function client(role: string) {
  if (!clients[role]) {
    const c = new TestClient(server.url);
    await c.login(demoEmail(role));
    clients[role] = c;
  }
  return clients[role];
}

async function odm(role: string, query: string) {
  const res = await (await client(role)).request(`/api/studies/${studyId}/odm${query}`);
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'investigator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
  siteId = rows[0]!.siteId;
  const p = await sql<{ id: number; subjectCode: string }>`select id, subject_code from patients where study_id = ${studyId} and site_id = ${siteId} order by id desc limit 1`.execute(t.database.db);
  subject = { id: p.rows[0]!.id, code: p.rows[0]!.subjectCode };
  const created = await as['data-manager']!.forms.create({ studyId, name: 'ODM vitals', category: 'Visit' });
  const def = formDefinition.parse({
    fields: [
      { type: 'integer', code: 'PULSE', label: 'Pulse', required: true, unit: 'bpm' },
      { type: 'text', code: 'NOTE', label: 'Note <free text>', required: false },
    ],
    checks: [],
  });
  const saved = await as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: def });
  await as['data-manager']!.forms.publish({ id: created.id, version: saved.version });
  formCode = (await t.database.db.selectFrom('forms').select('code').where('id', '=', created.id).executeTakeFirstOrThrow()).code;
  const first = await as.investigator!.submissions.save({ formId: created.id, patientId: subject.id, formData: { PULSE: 70, NOTE: 'calm & "rested"' }, mode: 'submit' });
  const second = await as.investigator!.submissions.save({
    formId: created.id,
    patientId: subject.id,
    formData: { PULSE: 72, NOTE: 'calm & "rested"' },
    mode: 'submit',
    submissionId: first.id,
    version: first.version,
    reason: 'Transcription error corrected',
  });
  submissionId = second.id;
  const q = await as.monitor!.queries.create({ patientId: subject.id, submissionId, fieldPath: 'PULSE', type: 'clarification', description: 'Pulse differs from the source' });
  queryCode = q.code;
  await as.investigator!.casebook.sign({ patientId: subject.id, meaning: 'approval', password: TEST_PASSWORD, acknowledgeOpenQueries: true });
});
afterAll(async () => {
  await server?.close();
  await t.cleanup();
});

const subjectsOf = (doc: El): El[] => (doc.ODM.ClinicalData ?? []).flatMap((c: El) => c.SubjectData ?? []);
const formsOf = (s: El): El[] => (s.StudyEventData ?? []).flatMap((e: El) => e.FormData ?? []);

describe('ODM clinical data export', () => {
  itXsd('exports one subject, valid against the ODM 1.3.2 schema, with values, history, signature and query', async () => {
    const res = await odm('monitor', `?patientId=${subject.id}&include=audit,signatures,queries`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/application\/xml/);
    expect(res.disposition).toContain(`${subject.code}-odm-clinical-data.xml`);
    expectSchemaValid(res.text, 'odm-subject', ODM_XSD);
    const doc = parser.parse(res.text) as El;
    expect(doc.ODM.FileType).toBe('Transactional');
    const study = await t.database.db.selectFrom('studies').select(['code']).where('id', '=', studyId).executeTakeFirstOrThrow();
    expect(doc.ODM.ClinicalData[0].StudyOID).toBe(`S.${study.code}`);
    expect(doc.ODM.ClinicalData[0].MetaDataVersionOID).toBe(doc.ODM.Study[0].MetaDataVersion[0].OID);
    const subjects = subjectsOf(doc);
    expect(subjects.map((s) => s.SubjectKey)).toEqual([subject.code]);
    const subjectData = subjects[0]!;

    // Every submitted entry of the subject is there, with the database's values.
    const entries = await sql<{ id: number; data: unknown }>`select id, data from form_submissions where patient_id = ${subject.id} and status <> 'draft'`.execute(t.database.db);
    const forms = formsOf(subjectData);
    expect(forms.map((f) => Number(f.FormRepeatKey)).sort()).toEqual(entries.rows.map((r) => r.id).sort());
    const ours = forms.find((f) => Number(f.FormRepeatKey) === submissionId)!;
    expect(ours.FormOID).toBe(`F.${formCode}`);
    const items: El[] = ours.ItemGroupData[0].ItemData;
    const pulse = items.filter((i) => i.ItemOID.endsWith('.PULSE'));
    // The history: 70 entered, then 72 with the reason, by the investigator; the current value last.
    expect(pulse.map((i) => [i.Value, i.TransactionType])).toEqual([
      ['70', 'Insert'],
      ['72', 'Update'],
    ]);
    const investigator = await t.database.db.selectFrom('users').select(['id', 'fullName']).where('email', '=', demoEmail('investigator')).executeTakeFirstOrThrow();
    const current = pulse[1]!;
    const update = current.AuditRecord[0];
    expect(update.UserRef[0].UserOID).toBe(`USR.${investigator.id}`);
    expect(update.ReasonForChange[0]).toBe('Transcription error corrected');
    const event = await sql<{ id: number; occurredAt: Date }>`select id::int, occurred_at from audit_events where table_name = 'form_submissions' and record_id = ${String(submissionId)} and reason = 'Transcription error corrected'`.execute(t.database.db);
    expect(update.SourceID[0]).toBe(`audit_events.${event.rows[0]!.id}`);
    expect(new Date(update.DateTimeStamp[0]).getTime()).toBe(new Date(event.rows[0]!.occurredAt).getTime());
    expect(items.find((i) => i.ItemOID.endsWith('.NOTE'))!.Value).toBe('calm & "rested"');
    // The declared user is the investigator, by name.
    const users: El[] = doc.ODM.AdminData[0].User;
    expect(users.find((u) => u.OID === `USR.${investigator.id}`)!.FullName[0]).toBe(investigator.fullName);

    // The query thread on the field it is about.
    expect(current.Annotation[0].Comment[0]['#text']).toContain(queryCode);
    expect(current.Annotation[0].Comment[0]['#text']).toContain('Pulse differs from the source');

    // The signature: meaning, hash and validity as the database has them.
    const sig = await t.database.db.selectFrom('signatures').select(['contentHash', 'printedName']).where('patientId', '=', subject.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const s = subjectData.Signature[0];
    expect(s.SignatureRef[0].SignatureOID).toBe('SD.approval');
    expect(s.UserRef[0].UserOID).toBe(`USR.${investigator.id}`);
    expect(s.CryptoBindingManifest[0]).toContain(`sha256:${sig.contentHash}`);
    expect(s.CryptoBindingManifest[0]).toContain('valid:yes');
    expect(s.CryptoBindingManifest[0]).toContain(sig.printedName);
    const def = (doc.ODM.AdminData[0].SignatureDef as El[]).find((d) => d.OID === 'SD.approval')!;
    expect(def.Meaning[0]).toMatch(/^Approval/);
  });

  itXsd('exports the whole study and a site, valid, one SubjectData per subject in scope', async () => {
    const all = await odm('data-manager', '');
    expect(all.status).toBe(200);
    expectSchemaValid(all.text, 'odm-study', ODM_XSD);
    const n = await sql<{ n: number }>`select count(*)::int as n from patients where study_id = ${studyId}`.execute(t.database.db);
    expect(subjectsOf(parser.parse(all.text) as El)).toHaveLength(n.rows[0]!.n);
    const site = await odm('monitor', `?siteId=${siteId}&include=`);
    expect(site.status).toBe(200);
    expectSchemaValid(site.text, 'odm-site', ODM_XSD);
    const doc = parser.parse(site.text) as El;
    expect(doc.ODM.FileType).toBe('Snapshot');
    const m = await sql<{ n: number }>`select count(*)::int as n from patients where study_id = ${studyId} and site_id = ${siteId}`.execute(t.database.db);
    expect(subjectsOf(doc)).toHaveLength(m.rows[0]!.n);
    // Without the extras: no audit records, signatures or annotations.
    expect(site.text).not.toContain('<AuditRecord');
    expect(site.text).not.toContain('<Signature>');
    expect(site.text).not.toContain('<Annotation');
  });

  itXsd('declares the fields of older form versions, so entries made in them find their ItemDefs', async () => {
    // A second version drops NOTE: the entry made in version 1 still carries it, and the metadata still defines it.
    const form = await t.database.db.selectFrom('forms').select(['id', 'version']).where('code', '=', formCode).where('studyId', '=', studyId).executeTakeFirstOrThrow();
    const def = formDefinition.parse({ fields: [{ type: 'integer', code: 'PULSE', label: 'Pulse', required: true, unit: 'bpm' }], checks: [] });
    const saved = await as['data-manager']!.forms.saveDraft({ id: form.id, version: form.version, definition: def });
    await as['data-manager']!.forms.publish({ id: form.id, version: saved.version });
    const res = await odm('data-manager', `?patientId=${subject.id}&include=`);
    expectSchemaValid(res.text, 'odm-versions', ODM_XSD);
    const doc = parser.parse(res.text) as El;
    const itemDefs = (doc.ODM.Study[0].MetaDataVersion[0].ItemDef as El[]).map((d) => d.OID);
    const used = formsOf(subjectsOf(doc)[0]!).flatMap((f) => (f.ItemGroupData ?? []).flatMap((g: El) => (g.ItemData ?? []).map((i: El) => i.ItemOID as string)));
    expect(used.some((oid) => oid.endsWith('.NOTE'))).toBe(true);
    for (const oid of used) expect(itemDefs).toContain(oid);
  });

  it('never writes a subject’s arm, for a blinded reader of a blinded study', async () => {
    const blinded = await sql<{ id: number }>`
      select s.id from studies s where s.blinding = 'double_blind' and exists (select 1 from patients p where p.study_id = s.id and p.planned_arm_id is not null) order by s.id limit 1`.execute(t.database.db);
    const id = blinded.rows[0]!.id;
    const res = await (await client('monitor')).request(`/api/studies/${id}/odm`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const arms = await t.database.db.selectFrom('trialArms').select(['code', 'name']).where('studyId', '=', id).execute();
    expect(arms.length).toBeGreaterThan(0);
    for (const a of arms) {
      expect(text).not.toContain(`"${a.code}"`);
      expect(text).not.toContain(a.name);
    }
    expect(text).not.toMatch(/arm_id|ArmId/i);
  });

  it('refuses roles that may not export and what lies outside the reader’s scope', async () => {
    expect((await odm('investigator', '')).status).toBe(403);
    expect((await odm('sponsor', '')).status).toBe(403);
    const anonymous = await new TestClient(server.url).request(`/api/studies/${studyId}/odm`);
    expect(anonymous.status).toBe(401);
    // A site that does not take part in the study, a subject of another study, a study not the monitor's.
    const otherSite = await sql<{ id: number }>`select id from sites where id not in (select site_id from study_sites where study_id = ${studyId}) order by id limit 1`.execute(t.database.db);
    expect((await odm('monitor', `?siteId=${otherSite.rows[0]!.id}`)).status).toBe(404);
    const otherSubject = await sql<{ id: number }>`select id from patients where study_id <> ${studyId} order by id limit 1`.execute(t.database.db);
    expect((await odm('monitor', `?patientId=${otherSubject.rows[0]!.id}`)).status).toBe(404);
    // A study the monitor has left: it no longer exists for them.
    const other = await sql<{ studyId: number }>`
      select m.study_id from study_memberships m join users u on u.id = m.user_id
       where u.email = ${demoEmail('monitor')} and m.study_id <> ${studyId} and m.ended_at is null order by m.study_id limit 1`.execute(t.database.db);
    const otherStudy = other.rows[0]!.studyId;
    expect((await (await client('monitor')).request(`/api/studies/${otherStudy}/odm?include=`)).status).toBe(200);
    await withActor(t.database.db, { userId: null, reason: 'Test set-up: the monitor leaves a study' }, (tx) =>
      sql`update study_memberships set ended_at = now() where study_id = ${otherStudy} and user_id = (select id from users where email = ${demoEmail('monitor')})`.execute(tx),
    );
    expect((await (await client('monitor')).request(`/api/studies/${otherStudy}/odm`)).status).toBe(404);
    expect((await (await client('monitor')).request(`/api/studies/2147480000/odm`)).status).toBe(404);
    expect((await odm('monitor', '?include=everything')).status).toBe(400);
  });
});
