// GET /api/patients/{id}/casebook.pdf against a real database: the PDF's text (read back with unpdf)
// holds the entered values with units and partial dates as typed, each entry's change history with its
// reason and author, the query thread, the review state and the signature with its meaning and
// validity; its outline has an entry per visit; the fonts are embedded. The casebook page's scope
// applies: a subject of another site is not found for site staff, a signed-out caller gets 401.
// It also prints the render time of a subject with about 30 entries (README, "Casebook PDF").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql } from '@ctp/db';
import { formDefinition } from '@ctp/contracts';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let subject: { id: number; code: string };
let otherSiteSubject: number;
let queryCode: string;
let printedName: string;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'investigator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  const { studyId, siteId } = rows[0]!;
  const p = await sql<{ id: number; subjectCode: string }>`select id, subject_code from patients where study_id = ${studyId} and site_id = ${siteId} order by id desc limit 1`.execute(t.database.db);
  subject = { id: p.rows[0]!.id, code: p.rows[0]!.subjectCode };
  const o = await sql<{ id: number }>`select id from patients where study_id = ${studyId} and site_id <> ${siteId} order by id limit 1`.execute(t.database.db);
  otherSiteSubject = o.rows[0]!.id;
  const created = await as['data-manager']!.forms.create({ studyId, name: 'PDF vitals log', category: 'Visit' });
  const def = formDefinition.parse({
    fields: [
      { type: 'integer', code: 'PULSE', label: 'Pulse rate', required: true, unit: 'bpm' },
      { type: 'partialDate', code: 'ONSET', label: 'Symptom onset', required: false },
      { type: 'singleChoice', code: 'POS', label: 'Position', required: false, codeList: [{ code: 'SIT', label: 'Sitting' }, { code: 'SUP', label: 'Supine' }] },
    ],
    checks: [],
  });
  const saved = await as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: def });
  await as['data-manager']!.forms.publish({ id: created.id, version: saved.version });
  const first = await as.investigator!.submissions.save({ formId: created.id, patientId: subject.id, formData: { PULSE: 64, ONSET: '2024-03', POS: 'SIT' }, mode: 'submit' });
  const second = await as.investigator!.submissions.save({
    formId: created.id,
    patientId: subject.id,
    formData: { PULSE: 66, ONSET: '2024-03', POS: 'SIT' },
    mode: 'submit',
    submissionId: first.id,
    version: first.version,
    reason: 'Misread the monitor',
  });
  await as.monitor!.casebook.review({ submissionId: second.id, version: second.version, action: 'verify' });
  const q = await as.monitor!.queries.create({ patientId: subject.id, submissionId: second.id, fieldPath: 'PULSE', type: 'clarification', description: 'Please confirm the pulse against the ECG' });
  queryCode = q.code;
  // About 30 entries in all for the render time.
  const existing = await sql<{ n: number }>`select count(*)::int as n from form_submissions where patient_id = ${subject.id}`.execute(t.database.db);
  for (let i = existing.rows[0]!.n; i < 30; i++) {
    await as.investigator!.submissions.save({ formId: created.id, patientId: subject.id, formData: { PULSE: 70 + i, POS: 'SUP' }, mode: 'submit' });
  }
  const sig = await as.investigator!.casebook.sign({ patientId: subject.id, meaning: 'authorship', password: TEST_PASSWORD, acknowledgeOpenQueries: true });
  expect(sig.id).toBeGreaterThan(0);
  printedName = (await t.database.db.selectFrom('signatures').select('printedName').where('id', '=', sig.id).executeTakeFirstOrThrow()).printedName;
});
afterAll(async () => {
  await server?.close();
  await t.cleanup();
});

async function download(role: string | null, patientId: number) {
  const c = new TestClient(server.url);
  if (role) await c.login(demoEmail(role));
  const started = performance.now();
  const res = await c.request(`/api/patients/${patientId}/casebook.pdf`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), bytes, ms: performance.now() - started };
}

describe('casebook PDF', () => {
  it('prints values, history, queries, review state and signatures, with an outline entry per visit and embedded fonts', async () => {
    const res = await download('monitor', subject.id);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Subject ${subject.code}`);
    expect(flat).toContain('Pulse rate');
    expect(flat).toContain('66 bpm');
    expect(flat).toContain('2024-03');
    expect(flat).toContain('Sitting (SIT)');
    // The change history: old -> new, who, why.
    expect(flat).toContain('PULSE): 64 → 66');
    expect(flat).toContain('Misread the monitor');
    const investigator = await t.database.db.selectFrom('users').select('fullName').where('email', '=', demoEmail('investigator')).executeTakeFirstOrThrow();
    expect(flat).toContain(investigator.fullName);
    // Review state, query thread, signature.
    expect(flat).toMatch(/SDV \d{4}-\d\d-\d\d \d\d:\d\d UTC by/);
    expect(flat).toContain(queryCode);
    expect(flat).toContain('Please confirm the pulse against the ECG');
    expect(flat).toContain(`${printedName} — Authorship — signed`);
    expect(flat).toMatch(/Authorship — signed [^—]+— \d+ entries — valid/);
    expect(flat).toMatch(/page 1 of \d+/);
    // One bookmark per visit with entries.
    const visits = await sql<{ title: string }>`
      select distinct coalesce(vd.name || ' (' || vd.code || ')', 'Unscheduled forms and logs') as title
        from form_submissions s left join subject_visits sv on sv.id = s.subject_visit_id left join visit_definitions vd on vd.id = sv.visit_definition_id
       where s.patient_id = ${subject.id}`.execute(t.database.db);
    const outline = (await pdf.getOutline()) ?? [];
    expect(outline.map((o) => o.title).sort()).toEqual(visits.rows.map((v) => v.title).sort());
    // Fonts embedded (TrueType font files), no standard fonts.
    const raw = res.bytes.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toContain('DejaVuSans');
    expect(raw).not.toContain('/BaseFont /Helvetica');
    const entries = await sql<{ n: number }>`select count(*)::int as n from form_submissions where patient_id = ${subject.id}`.execute(t.database.db);
    const warm = await download('monitor', subject.id);
    // eslint-disable-next-line no-console -- the render time is this test's report (README)
    console.info(
      `casebook PDF of ${entries.rows[0]!.n} entries: ${res.bytes.length} bytes, ${pdf.numPages} pages, ${res.ms.toFixed(0)} ms over HTTP (first, fonts loaded), ${warm.ms.toFixed(0)} ms the next time`,
    );
  });

  it('follows the casebook page’s scope', async () => {
    expect((await download(null, subject.id)).status).toBe(401);
    // Site staff: their own site's subjects only.
    expect((await download('investigator', subject.id)).status).toBe(200);
    expect((await download('investigator', otherSiteSubject)).status).toBe(404);
    await rejects(as.investigator!.casebook.pdf({ patientId: otherSiteSubject }), 'NOT_FOUND');
    expect((await download('monitor', 2147480000)).status).toBe(404);
  });
});
