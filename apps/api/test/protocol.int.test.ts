// Protocol analysis through the real upload path (POST /api/studies/analyze-protocol) and the creation of
// a reviewed proposal's draft forms and visits (protocol.createFromProposal) against a real database.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import CFB from 'cfb';
import { sql } from '@ctp/db';
import { PROTOCOL_CREATE_REASON, PROTOCOL_LIVE_REFUSAL, protocolLiveReason, protocolAnalysis, type ProtocolAnalysis } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, testConfig, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/protocols');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

let t: TestDatabase;
let server: TestServer;
let as: Record<string, Caller>;
let studyId: number;
let liveStudyId: number;
const clients: Record<string, TestClient> = {};

async function client(role: string) {
  if (!clients[role]) {
    clients[role] = new TestClient(server.url);
    expect((await clients[role].login(demoEmail(role))).status).toBe(200);
  }
  return clients[role];
}

async function analyse(role: string | null, file: { name: string; content: Buffer } | null, field = 'protocol') {
  const c = role ? await client(role) : new TestClient(server.url);
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file.content)]), file.name);
  const res = await c.request('/api/studies/analyze-protocol', { method: 'POST', body: form, headers: { origin: server.url } });
  return { status: res.status, body: (await res.json()) as any };
}

/** A PDF that opens only with a password (pdfkit's encryption). */
async function lockedPdf(): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('Inclusion Criteria: 1. Adults aged 18 to 65 years.');
  doc.end();
  return done;
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database, testConfig({ UPLOAD_MAX_MB: '1' }));
  // Studies the data manager builds forms for: one in planning without subjects, one running with subjects.
  const pick = (live: boolean) => sql<{ studyId: number }>`
    select m.study_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = ${demoEmail('data-manager')}
       and (s.status <> 'planning') = ${live}
       and exists (select 1 from patients p where p.study_id = s.id) = ${live}
     order by m.study_id limit 1`.execute(t.database.db);
  studyId = (await pick(false)).rows[0]!.studyId;
  liveStudyId = (await pick(true)).rows[0]!.studyId;
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('POST /api/studies/analyze-protocol', () => {
  it('answers 401 to an anonymous request', async () => {
    const res = await analyse(null, { name: 'p.txt', content: fixture('beta-prose.txt') });
    expect(res.status).toBe(401);
  });

  it('analyses each format: the spec fields plus the proposal with its evidence', async () => {
    for (const name of ['alpha-table.docx', 'alpha-table.pdf', 'alpha-table.doc', 'alpha-table.txt', 'beta-prose.txt']) {
      const res = await analyse('data-manager', { name, content: fixture(name) });
      expect(res.status, name).toBe(200);
      const body: ProtocolAnalysis = protocolAnalysis.parse(res.body);
      expect(body.forms).toEqual(expect.arrayContaining(['Vital Signs', 'Adverse Events', 'Concomitant/Prior Medications', 'Electrocardiogram (ECG)']));
      expect(body.dataPoints).toContain('Adverse Events: Severity');
      expect(body.visits.length).toBeGreaterThanOrEqual(5);
      expect(body.document).toMatchObject({ fileName: name, format: name.split('.').pop() });
      expect(body.criteria.inclusion.length).toBeGreaterThan(2);
      expect(body.plannedEnrollment).not.toBeNull();
      for (const f of body.proposedForms) expect(f.evidence.length, f.name).toBeGreaterThan(0);
    }
  });

  it('refuses what is not a protocol document with a clear 400', async () => {
    const refusals: [string, { name: string; content: Buffer } | null, RegExp][] = [
      ['no file', null, /Choose a file to upload/],
      ['empty', { name: 'empty.pdf', content: Buffer.alloc(0) }, /The file is empty/],
      ['an image', { name: 'scan.png', content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') }, /Only PDF, DOC, DOCX and TXT/],
      ['a spreadsheet', { name: 'soa.xlsx', content: fixture('alpha-table.docx') }, /Only PDF, DOC, DOCX and TXT/],
      ['text named .pdf', { name: 'protocol.pdf', content: fixture('beta-prose.txt') }, /not a PDF file/],
      ['text named .doc', { name: 'protocol.doc', content: fixture('beta-prose.txt') }, /not a DOC file/],
      ['a DOCX named .doc', { name: 'protocol.doc', content: fixture('alpha-table.docx') }, /not a DOC file/],
      ['binary named .txt', { name: 'protocol.txt', content: Buffer.from([0x41, 0x00, 0x42, 0xff]) }, /not a TXT file/],
      ['a broken PDF', { name: 'broken.pdf', content: Buffer.from('%PDF-1.7\nnot really a pdf\n') }, /PDF file could not be read|No text could be read/],
      ['a password-protected PDF', { name: 'locked.pdf', content: await lockedPdf() }, /^The PDF is password-protected: remove the password and upload it again$/],
      ['an OLE file that is not Word', { name: 'other.doc', content: Buffer.from(CFB.write(Object.assign(CFB.utils.cfb_new(), {}), { type: 'buffer' }) as Uint8Array) }, /DOC file could not be read/],
    ];
    for (const [what, file, message] of refusals) {
      const res = await analyse('data-manager', file);
      expect(res.status, what).toBe(400);
      expect(res.body.error, what).toBe('Invalid input');
      expect(res.body.fieldErrors.protocol[0], what).toMatch(message);
    }
  });

  it('refuses a file in another field, and one over the size limit with 413', async () => {
    const wrongField = await analyse('data-manager', { name: 'p.txt', content: fixture('beta-prose.txt') }, 'file');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toBe("Send one file, in the field 'protocol'");
    const big = await analyse('data-manager', { name: 'big.txt', content: Buffer.alloc(1024 * 1024 + 10, 'a') });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('The file is larger than the 1 MB limit');
  });

  it('is for the roles that build forms', async () => {
    const res = await analyse('monitor', { name: 'p.txt', content: fixture('beta-prose.txt') });
    expect(res.status).toBe(403);
    await rejects(as['data-manager']!.protocol.analyze(), 'BAD_REQUEST', 'Choose a file to upload');
  });
});

describe('protocol.createFromProposal', () => {
  it('creates the ticked forms as drafts from the library, the visits and the forms due at each, audited with one reason', async () => {
    const res = await analyse('data-manager', { name: 'alpha-table.docx', content: fixture('alpha-table.docx') });
    const analysis: ProtocolAnalysis = res.body;
    const ticked = analysis.proposedForms.filter((f) => f.key !== 'physicalExam');
    const before = Number((await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from audit_events`.execute(t.database.db)).rows[0]!.n);
    const created = await as['data-manager']!.protocol.createFromProposal({
      studyId,
      visits: analysis.visits.map((v) => ({ code: v.code, name: v.name, dayOffset: v.day, windowBefore: v.windowBefore, windowAfter: v.windowAfter })),
      forms: ticked.map((f) => ({ name: f.name, category: f.category, libraryDomain: f.libraryDomain, visitCodes: f.visits })),
    });
    expect(created.forms.map((f) => f.name)).toEqual(ticked.map((f) => f.name));
    expect(created.visitsCreated).toEqual(['SCR', 'D1', 'W4', 'W8', 'W12', 'FU_D112']);
    expect(created.links).toBe(ticked.reduce((n, f) => n + f.visits.length, 0));

    const vs = await as['data-manager']!.forms.byId({ id: created.forms.find((f) => f.name === 'Vital Signs')!.id });
    expect(vs).toMatchObject({ status: 'draft', libraryDomain: 'VS', fieldsCount: 13, category: 'Visit' });
    const ecg = await as['data-manager']!.forms.byId({ id: created.forms.find((f) => f.name === 'Electrocardiogram (ECG)')!.id });
    expect(ecg).toMatchObject({ status: 'draft', libraryDomain: null, fieldsCount: 0 });
    const schedule = await as['data-manager']!.visits.schedule({ studyId });
    const w12 = schedule.visits.find((v) => v.code === 'W12')!;
    expect(w12).toMatchObject({ name: 'Week 12 (Day 84)', dayOffset: 84, windowBefore: 5, windowAfter: 5 });
    expect(w12.formIds).toContain(vs.id);

    const { rows } = await sql<{ tableName: string; n: number; reasons: string[] }>`
      select table_name as "tableName", count(*)::int as n, array_agg(distinct reason) as reasons from audit_events
       where id > ${before} and table_name in ('forms', 'form_versions', 'visit_definitions', 'visit_forms') group by table_name order by table_name`.execute(t.database.db);
    expect(rows).toEqual([
      { tableName: 'form_versions', n: ticked.length, reasons: [PROTOCOL_CREATE_REASON] },
      { tableName: 'forms', n: ticked.length, reasons: [PROTOCOL_CREATE_REASON] },
      { tableName: 'visit_definitions', n: 6, reasons: [PROTOCOL_CREATE_REASON] },
      { tableName: 'visit_forms', n: created.links, reasons: [PROTOCOL_CREATE_REASON] },
    ]);
  });

  it('links to a visit the study already has, unchanged; refuses an unknown visit code and writes nothing', async () => {
    const again = await as['data-manager']!.protocol.createFromProposal({
      studyId,
      visits: [{ code: 'W12', name: 'Week 12 again', dayOffset: 90, windowBefore: 0, windowAfter: 0 }],
      forms: [{ name: 'Week 12 questionnaire', category: 'PRO', libraryDomain: null, visitCodes: ['W12'] }],
    });
    expect(again).toMatchObject({ visitsCreated: [], visitsReused: ['W12'], links: 1 });
    const w12 = (await as['data-manager']!.visits.schedule({ studyId })).visits.find((v) => v.code === 'W12')!;
    expect(w12).toMatchObject({ name: 'Week 12 (Day 84)', dayOffset: 84 });

    const formsBefore = await t.database.db.selectFrom('forms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await rejects(
      as['data-manager']!.protocol.createFromProposal({ studyId, visits: [{ code: 'NEW1', name: 'New visit', dayOffset: 3, windowBefore: 0, windowAfter: 0 }], forms: [{ name: 'Lost form', category: 'Visit', visitCodes: ['NOPE'] }] }),
      'BAD_REQUEST',
      /Visit NOPE is neither ticked nor in the study's schedule/,
    );
    const formsAfter = await t.database.db.selectFrom('forms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(formsAfter.n)).toBe(Number(formsBefore.n));
    expect((await as['data-manager']!.visits.schedule({ studyId })).visits.some((v) => v.code === 'NEW1')).toBe(false);
  });

  it('is FORBIDDEN for a monitor and refuses an empty proposal', async () => {
    await rejects(as.monitor!.protocol.createFromProposal({ studyId, visits: [], forms: [{ name: 'Vital Signs', category: 'Visit', libraryDomain: 'VS', visitCodes: [] }] }), 'FORBIDDEN');
    await rejects(as['data-manager']!.protocol.createFromProposal({ studyId, visits: [], forms: [] }), 'BAD_REQUEST', 'Tick at least one visit or form');
  });
});

describe('a proposal applied to a live study', () => {
  const proposal = {
    visits: [{ code: 'LIVE_V1', name: 'Extra safety visit', dayOffset: 14, windowBefore: 1, windowAfter: 1 }],
    forms: [{ name: 'Extra safety form', category: 'Safety' as const, libraryDomain: null, visitCodes: ['LIVE_V1'] }],
  };
  const auditRows = (after: number) =>
    sql<{ tableName: string; reason: string }>`
      select table_name as "tableName", reason from audit_events where id > ${after} and table_name in ('forms', 'visit_definitions') order by id`.execute(t.database.db);
  const lastAudit = async () => Number((await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from audit_events`.execute(t.database.db)).rows[0]!.n);

  it('protocol.target says whether the study is live, with its status and subjects', async () => {
    const live = await as['data-manager']!.protocol.target({ studyId: liveStudyId });
    expect(live.live).toBe(true);
    expect(live.status).not.toBe('planning');
    expect(live.subjects).toBeGreaterThan(0);
    expect(await as['data-manager']!.protocol.target({ studyId })).toMatchObject({ studyId, status: 'planning', subjects: 0, live: false });
    await rejects(as.monitor!.protocol.target({ studyId: liveStudyId }), 'FORBIDDEN');
  });

  it('is refused without the confirmation (PRECONDITION_FAILED) and writes nothing', async () => {
    const before = await lastAudit();
    await rejects(as['data-manager']!.protocol.createFromProposal({ studyId: liveStudyId, ...proposal }), 'PRECONDITION_FAILED', PROTOCOL_LIVE_REFUSAL);
    expect((await auditRows(before)).rows).toEqual([]);
    expect((await as['data-manager']!.visits.schedule({ studyId: liveStudyId })).visits.some((v) => v.code === 'LIVE_V1')).toBe(false);
    // A confirmation without a reason is not one.
    await rejects(
      as['data-manager']!.protocol.createFromProposal({ studyId: liveStudyId, ...proposal, liveChange: { confirmed: true, reason: '' } }),
      'BAD_REQUEST',
      'Give a reason for the change',
    );
  });

  it('with the confirmation and a reason, adds them and records the reason in the audit trail', async () => {
    const before = await lastAudit();
    const why = 'Protocol amendment 2 adds a safety visit';
    const created = await as['data-manager']!.protocol.createFromProposal({ studyId: liveStudyId, ...proposal, liveChange: { confirmed: true, reason: why } });
    expect(created).toMatchObject({ studyId: liveStudyId, visitsCreated: ['LIVE_V1'], links: 1 });
    const { rows } = await auditRows(before);
    expect(rows.map((r) => r.tableName).sort()).toEqual(['forms', 'visit_definitions']);
    for (const r of rows) expect(r.reason).toBe(protocolLiveReason(why));
  });
});
