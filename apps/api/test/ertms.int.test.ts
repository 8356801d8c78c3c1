// Regulatory submissions against a real database: the workflow draft -> submitted -> pending ->
// approved | rejected with each refused step, Submit checking the required documents are linked and
// approved, the steps with date, user and note in the audit trail, the clocks, roles and study scope,
// the reports' formulas, and GET /api/regulatory-submissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let otherStudy: number;
let sm: TestClient;

const daysFromToday = (n: number) => new Date(Date.parse(`${TEST_TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function approvedDocument(artifactNumber: string, title: string): Promise<number> {
  const dm = (await t.database.db.selectFrom('users').select('id').where('email', '=', demoEmail('data-manager')).executeTakeFirstOrThrow()).id;
  const form = new FormData();
  for (const [k, v] of Object.entries({ studyId, artifactNumber, title, versionLabel: '1.0', approverId: dm })) form.append(k, String(v));
  form.append('file', new Blob([`%PDF-1.4\n% ${title}\ntrailer<<>>\n%%EOF\n`]), `${title}.pdf`);
  const res = await sm.request('/api/etmf-documents', { method: 'POST', body: form, headers: { origin: server.url } });
  const doc = (await res.json()) as { id: number; version: number };
  await as['data-manager']!.etmf.approve({ id: doc.id, version: doc.version, password: 'Test-Password-2026' });
  return doc.id;
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  sm = new TestClient(server.url);
  await sm.login(demoEmail('study-manager'));
  // A study the sponsor takes part in, and one it does not.
  const { rows } = await sql<{ id: number; sponsor: boolean }>`
    select s.id, exists (select 1 from study_memberships m join users u on u.id = m.user_id where m.study_id = s.id and u.email = 'sponsor@demo.local') as sponsor
      from studies s order by s.id`.execute(t.database.db);
  studyId = rows.find((r) => r.sponsor)!.id;
  otherStudy = rows.find((r) => !r.sponsor)!.id;
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('submission workflow', () => {
  it('draft -> submitted -> pending -> approved, Submit checking the required documents', async () => {
    const s = await as['study-manager']!.ertms.create({ studyId, typeCode: 'protocol_amendment', agency: 'EMA', title: 'Substantial amendment 3: new dosing arm', priority: 'expedited', dueDate: daysFromToday(20) });
    expect(s.submissionNumber).toMatch(/^EMA-.+-\d{3}$/);
    let row = (await as['study-manager']!.ertms.byId({ id: s.id }))!;
    expect(row).toMatchObject({ status: 'draft', currentStep: 'Preparing dossier', documents: 0, daysToDue: 20, overdue: false, daysUnderReview: null });
    expect(row.requirements).toEqual([{ artifactNumber: '02.01.04', artifactName: 'Protocol Amendment', linked: false, approved: false }]);

    await rejects(as['study-manager']!.ertms.step({ id: s.id, version: row.version, to: 'submitted' }), 'PRECONDITION_FAILED', 'Link an approved document for: Protocol Amendment (02.01.04)');
    const docId = await approvedDocument('02.01.04', 'Amendment 3 for submission');
    const linked = await as['study-manager']!.ertms.linkDocument({ id: s.id, version: row.version, documentId: docId });
    const submitted = await as['study-manager']!.ertms.step({ id: s.id, version: linked.version, to: 'submitted', date: daysFromToday(-10), note: 'Sent through CTIS' });
    await rejects(as['study-manager']!.ertms.linkDocument({ id: s.id, version: submitted.version, documentId: docId }), 'PRECONDITION_FAILED', 'while the submission is a draft');
    const pending = await as['study-manager']!.ertms.step({ id: s.id, version: submitted.version, to: 'pending', date: daysFromToday(-8), agencyReference: '2026-500123-11-00' });
    await rejects(as['study-manager']!.ertms.step({ id: s.id, version: pending.version, to: 'approved', date: daysFromToday(-20) }), 'BAD_REQUEST', 'before the submission date');
    await rejects(as['study-manager']!.ertms.step({ id: s.id, version: pending.version, to: 'approved', date: daysFromToday(3) }), 'BAD_REQUEST', 'future');
    const done = await as['study-manager']!.ertms.step({ id: s.id, version: pending.version, to: 'approved', date: daysFromToday(-1), note: 'Approved without conditions' });
    expect(done.status).toBe('approved');

    row = await as['study-manager']!.ertms.byId({ id: s.id });
    expect(row).toMatchObject({ status: 'approved', submittedDate: daysFromToday(-10), acknowledgedDate: daysFromToday(-8), responseDate: daysFromToday(-1), daysUnderReview: 9, daysToDue: null, agencyReference: '2026-500123-11-00', documents: 1 });
    expect(row.documentsLinked[0]).toMatchObject({ id: docId, status: 'approved', submittedVersion: '1.0' });
    expect(row.steps.map((x) => [x.fromStatus, x.toStatus, x.stepDate])).toEqual([
      [null, 'draft', TEST_TODAY],
      ['draft', 'submitted', daysFromToday(-10)],
      ['submitted', 'pending', daysFromToday(-8)],
      ['pending', 'approved', daysFromToday(-1)],
    ]);
    expect(row.steps[3]!.note).toBe('Approved without conditions');
    const audit = await sql<{ reason: string }>`select reason from audit_events where table_name = 'regulatory_submissions' and record_id = ${String(s.id)} order by id`.execute(t.database.db);
    expect(audit.rows.map((a) => a.reason)).toEqual(['Regulatory submission created', 'Submission submitted', 'Submission pending', 'Submission approved']);
    const link = await sql<{ reason: string; action: string }>`select reason, action from audit_events where table_name = 'submission_documents' order by id desc limit 2`.execute(t.database.db);
    // Linked (insert), then the version that went out recorded at Submit (update).
    expect(link.rows.reverse()).toEqual([{ reason: 'Document linked to a submission', action: 'insert' }, { reason: 'Submission submitted', action: 'update' }]);
  });

  it('refuses steps the workflow does not allow and stale versions', async () => {
    const s = await as['study-manager']!.ertms.create({ studyId, typeCode: 'end_of_trial', agency: 'FDA', title: 'End of trial notification' });
    await rejects(as['study-manager']!.ertms.step({ id: s.id, version: s.version, to: 'approved' }), 'PRECONDITION_FAILED', 'draft cannot become approved');
    await rejects(as['study-manager']!.ertms.step({ id: s.id, version: s.version + 1, to: 'submitted' }), 'CONFLICT');
    const sub = await as['study-manager']!.ertms.step({ id: s.id, version: s.version, to: 'submitted' });
    const p = await as['study-manager']!.ertms.step({ id: s.id, version: sub.version, to: 'pending' });
    const r = await as['study-manager']!.ertms.step({ id: s.id, version: p.version, to: 'rejected', note: 'Missing final subject listing' });
    await rejects(as['study-manager']!.ertms.step({ id: s.id, version: r.version, to: 'pending' }), 'PRECONDITION_FAILED', 'rejected cannot become pending');
  });

  it('flags an overdue submission and counts it', async () => {
    const s = await as['study-manager']!.ertms.create({ studyId, typeCode: 'annual_report', agency: 'TGA', title: 'Annual safety report overdue test', priority: 'urgent', dueDate: daysFromToday(-3) });
    const row = await as['study-manager']!.ertms.byId({ id: s.id });
    expect(row).toMatchObject({ overdue: true, daysToDue: -3 });
    const overdue = await as['study-manager']!.ertms.list({ overdue: true, studyId });
    expect(overdue.items.map((x) => x.id)).toContain(s.id);
    expect(overdue.items[0]!.overdue).toBe(true);
  });
});

describe('roles and scope', () => {
  it('only regulatory roles create (sponsors read); the sponsor sees only its studies', async () => {
    await rejects(as.coordinator!.ertms.create({ studyId, typeCode: 'csr', agency: 'PMDA', title: 'Not allowed' }), 'FORBIDDEN');
    await rejects(as.monitor!.ertms.create({ studyId, typeCode: 'csr', agency: 'PMDA', title: 'Not allowed' }), 'FORBIDDEN');
    await rejects(as.sponsor!.ertms.create({ studyId, typeCode: 'csr', agency: 'PMDA', title: 'Not allowed' }), 'FORBIDDEN');
    const own = await as['study-manager']!.ertms.create({ studyId, typeCode: 'csr', agency: 'PMDA', title: 'CSR for PMDA' });
    const hidden = await as.admin!.ertms.create({ studyId: otherStudy, typeCode: 'csr', agency: 'Health Canada', title: 'CSR for Health Canada' });
    expect(hidden.submissionNumber).toMatch(/^HC-/);
    const seen = await as.sponsor!.ertms.list({ limit: 100, search: 'CSR for' });
    expect(seen.items.map((x) => x.id)).toEqual([own.id]);
    await rejects(as.sponsor!.ertms.byId({ id: hidden.id }), 'NOT_FOUND');
    await rejects(as['study-manager']!.ertms.create({ studyId, typeCode: 'not_a_type', agency: 'FDA', title: 'Unknown type' }), 'BAD_REQUEST', 'submission type');
  });
});

describe('reports and REST', () => {
  it('success rate = approved / decided and median review days per agency, from the data', async () => {
    const r = await as.admin!.ertms.reports({});
    const { rows } = await sql<{ approved: number; rejected: number }>`
      select count(*) filter (where status = 'approved')::int as approved, count(*) filter (where status = 'rejected')::int as rejected from regulatory_submissions`.execute(t.database.db);
    const { approved, rejected } = rows[0]!;
    expect(r.approved).toBe(approved);
    expect(r.decided).toBe(approved + rejected);
    expect(r.successRate).toBe(Math.round((approved / (approved + rejected)) * 1000) / 10);
    const ema = r.agencies.find((a) => a.agency === 'EMA')!;
    expect(ema.byStatus.approved).toBeGreaterThanOrEqual(1);
    expect(ema.medianReviewDays).not.toBeNull();
    expect(r.agencies.map((a) => a.agency)).toEqual(['FDA', 'EMA', 'Health Canada', 'PMDA', 'TGA']);
    const timeline = await as.admin!.ertms.timeline({ studyId });
    expect(timeline.items.every((i) => i.steps.length >= 1)).toBe(true);
  });

  it('GET /api/regulatory-submissions: the spec fields, filters and paging; 401 without a session', async () => {
    const res = await sm.request(`/api/regulatory-submissions?studyId=${studyId}&status=approved&limit=5`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as any[];
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.status === 'approved')).toBe(true);
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['id', 'submissionType', 'submissionNumber', 'studyId', 'status', 'agency', 'submittedDate', 'dueDate', 'responseDate', 'priority', 'documents', 'reviewer', 'currentStep']),
    );
    expect(typeof rows[0]!.documents).toBe('number');
    expect((await sm.request('/api/regulatory-submissions?agency=Mars')).status).toBe(400);
    expect((await new TestClient(server.url).request('/api/regulatory-submissions')).status).toBe(401);
  });
});
