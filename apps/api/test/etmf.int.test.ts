// The trial master file against a real database and the real upload path: refusals (oversize, wrong
// magic bytes, a name that is not an accepted type, a traversal name, an empty file), storage by
// content hash, versions that stay readable, the review workflow and who may approve (with an
// electronic signature bound to the file's hash), withdrawal instead of deletion, expiry, completeness,
// site scope, and GET /api/etmf-documents.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor, type Db } from '@ctp/db';
import { SERVER_MESSAGES } from '@ctp/contracts';
import { createTestDatabase, TEST_STORAGE_DIR, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { startServer, testConfig, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, parseCsv, rejects, type Caller } from './support/procedures.ts';
import { runDocumentExpiryPass } from '../src/modules/etmf/expiry.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let ownSite: number;
let otherSite: number;
const clients: Record<string, TestClient> = {};

/** A small PDF (file-type recognises it by its %PDF header); `tag` makes its content, and hash, unique. */
const pdf = (tag: string) => Buffer.from(`%PDF-1.4\n% ${tag}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

async function client(role: string) {
  if (!clients[role]) {
    clients[role] = new TestClient(server.url);
    expect((await clients[role].login(demoEmail(role))).status).toBe(200);
  }
  return clients[role];
}

async function upload(role: string, fields: Record<string, string | number | undefined>, file: { name: string; content: Buffer } | null, pathName = '/api/etmf-documents') {
  const c = await client(role);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  if (file) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  const res = await c.request(pathName, { method: 'POST', body: form, headers: { origin: server.url } });
  return { status: res.status, body: (await res.json()) as any };
}

const userId = async (db: Db, role: string) => (await db.selectFrom('users').select('id').where('email', '=', demoEmail(role)).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database, testConfig({ UPLOAD_MAX_MB: '1' }));
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'coordinator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
  ownSite = rows[0]!.siteId;
  const other = await sql<{ siteId: number }>`select site_id from study_sites where study_id = ${studyId} and site_id <> ${ownSite} order by site_id limit 1`.execute(t.database.db);
  otherSite = other.rows[0]!.siteId;
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('uploads', () => {
  it('stores a PDF under its sha256, lists it and streams it back with its name and type', async () => {
    const content = pdf('protocol-upload');
    const res = await upload('study-manager', { studyId, artifactNumber: '02.01.02', title: 'Protocol upload test', versionLabel: '1.0' }, { name: 'Protocol v1.pdf', content });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'draft', reviewStatus: 'pending', size: content.length });
    expect(res.body.code).toMatch(/^DOC-[A-Z]+-\d{5}$/);
    const stored = path.join(TEST_STORAGE_DIR, res.body.sha256.slice(0, 2), res.body.sha256);
    expect(fs.readFileSync(stored).equals(content)).toBe(true);

    const list = await as['study-manager']!.etmf.list({ search: 'Protocol upload test' });
    expect(list.items[0]).toMatchObject({ documentName: 'Protocol upload test', documentType: 'Protocol', artifactNumber: '02.01.02', category: '02 Central Trial Documents', version: '1.0', fileName: 'Protocol v1.pdf' });
    const file = await (await client('monitor')).request(list.items[0]!.documentPath);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="Protocol v1.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(content)).toBe(true);
    const inline = await (await client('monitor')).request(`${list.items[0]!.documentPath}?inline=1`);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline/);
  });

  it('refuses an oversize file, wrong magic bytes, an unaccepted type and an empty file, with clear messages', async () => {
    const fields = { studyId, artifactNumber: '02.01.02', title: 'Refused', versionLabel: '1.0' };
    const big = await upload('study-manager', fields, { name: 'big.pdf', content: Buffer.concat([pdf('big'), Buffer.alloc(1024 * 1024 + 10, 32)]) });
    expect(big).toMatchObject({ status: 413, body: { error: 'The file is larger than the 1 MB limit' } });
    const fake = await upload('study-manager', fields, { name: 'report.pdf', content: Buffer.from('MZ this is really an executable') });
    expect(fake.status).toBe(400);
    expect(fake.body.fieldErrors.file).toEqual(["The file's content is not a PDF file"]);
    const exe = await upload('study-manager', fields, { name: 'setup.exe', content: pdf('exe') });
    expect(exe.body.fieldErrors.file).toEqual(['Only PDF, DOCX, DOC, XLSX, TXT, PNG and JPEG files are accepted']);
    const empty = await upload('study-manager', fields, { name: 'empty.pdf', content: Buffer.alloc(0) });
    expect(empty.body.fieldErrors.file).toEqual(['The file is empty']);
    const none = await upload('study-manager', fields, null);
    expect(none.body.fieldErrors.file).toEqual(['Choose a file to upload']);
    const binaryText = await upload('study-manager', fields, { name: 'notes.txt', content: Buffer.from([0x41, 0x00, 0x42]) });
    expect(binaryText.body.fieldErrors.file).toEqual(["The file's content is not a TXT file"]);
    const text = await upload('study-manager', { ...fields, artifactNumber: '01.05.02', title: 'A file note' }, { name: 'note.txt', content: Buffer.from('Site visit postponed — see e-mail of 3 March.\n') });
    expect(text.status).toBe(201);
    expect(text.body.status).toBe('current');
    expect((await sql<{ n: number }>`select count(*)::int as n from documents where title = 'Refused'`.execute(t.database.db)).rows[0]!.n).toBe(0);
  });

  it('never uses the client file name as a path', async () => {
    const content = pdf('traversal');
    const res = await upload('study-manager', { studyId, artifactNumber: '01.05.02', title: 'Traversal name', versionLabel: '1' }, { name: '../../../../tmp/evil.pdf', content });
    expect(res.status).toBe(201);
    const doc = await as['study-manager']!.etmf.byId({ id: res.body.id });
    expect(doc.fileName).toBe('evil.pdf');
    expect(fs.existsSync(path.join(TEST_STORAGE_DIR, res.body.sha256.slice(0, 2), res.body.sha256))).toBe(true);
    expect(fs.readdirSync(TEST_STORAGE_DIR).filter((f) => f.includes('evil'))).toEqual([]);
  });

  it('answers 400 for bad metadata, and 401 without a session', async () => {
    const bad = await upload('study-manager', { studyId, artifactNumber: '99.99', title: 'x', versionLabel: '' }, { name: 'a.pdf', content: pdf('bad-meta') });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(expect.arrayContaining(['artifactNumber', 'title', 'versionLabel']));
    const anonymous = await new TestClient(server.url).request('/api/etmf-documents');
    expect(anonymous.status).toBe(401);
  });
});

describe('versions, review and approval', () => {
  it('keeps every version readable, and only the named approver approves, with a signature bound to the file', async () => {
    const dm = await userId(t.database.db, 'data-manager');
    const v1 = pdf('ib-v1');
    const up = await upload('study-manager', { studyId, artifactNumber: '02.01.01', title: 'IB workflow test', versionLabel: '1.0' }, { name: 'ib.pdf', content: v1 });
    const v2 = pdf('ib-v2');
    const nv = await upload('study-manager', { version: up.body.version, versionLabel: '2.0', comment: 'Updated safety section' }, { name: 'ib-2.pdf', content: v2 }, `/api/etmf-documents/${up.body.id}/versions`);
    expect(nv.status).toBe(201);
    expect(nv.body).toMatchObject({ versionCount: 2, status: 'draft' });
    const first = await (await client('monitor')).request(`/api/etmf-documents/${up.body.id}/file?version=1`);
    expect(Buffer.from(await first.arrayBuffer()).equals(v1)).toBe(true);
    const current = await (await client('monitor')).request(`/api/etmf-documents/${up.body.id}/file`);
    expect(Buffer.from(await current.arrayBuffer()).equals(v2)).toBe(true);

    const sm = as['study-manager']!;
    await rejects(sm.etmf.sendForReview({ id: up.body.id, version: nv.body.version, approverId: await userId(t.database.db, 'study-manager') }), 'BAD_REQUEST', 'someone other than you');
    await rejects(sm.etmf.sendForReview({ id: up.body.id, version: nv.body.version, approverId: await userId(t.database.db, 'coordinator') }), 'BAD_REQUEST', 'may approve');
    const sent = await sm.etmf.sendForReview({ id: up.body.id, version: nv.body.version, approverId: dm, comment: 'Please approve v2.0' });
    expect(sent.reviewStatus).toBe('in-review');
    const note = await as['data-manager']!.notifications.list({ kind: 'document_review' });
    expect(note.items[0]!.title).toContain('waits for your review');

    await rejects(as.admin!.etmf.approve({ id: up.body.id, version: sent.version, password: 'Test-Password-2026' }), 'FORBIDDEN', 'Only the approver named');
    await rejects(as['data-manager']!.etmf.approve({ id: up.body.id, version: sent.version, password: 'wrong password' }), 'BAD_REQUEST', 'password is not correct');
    const approved = await as['data-manager']!.etmf.approve({ id: up.body.id, version: sent.version, password: 'Test-Password-2026' });
    expect(approved).toMatchObject({ status: 'approved', reviewStatus: 'complete' });

    const detail = await sm.etmf.byId({ id: up.body.id });
    expect(detail.versions.map((v) => v.versionLabel)).toEqual(['2.0', '1.0']);
    expect(detail.versions[0]!.approvedBy).toBe(detail.approver);
    expect(detail.signatures).toEqual([expect.objectContaining({ meaning: 'approval', versionLabel: '2.0', valid: true, contentHash: detail.versions[0]!.sha256 })]);
    expect(detail.history.map((h) => h.action)).toEqual(['approved', 'submitted', 'uploaded', 'uploaded']);
    await rejects(sm.etmf.sendForReview({ id: up.body.id, version: approved.version, approverId: dm }), 'PRECONDITION_FAILED', 'already approved');
    // The audit trail has the approval with its reason.
    const { rows } = await sql<{ reason: string }>`select reason from audit_events where table_name = 'signatures' order by id desc limit 1`.execute(t.database.db);
    expect(rows[0]!.reason).toBe('Document approved (electronic signature)');
  });

  it('returns a document with a comment to its author, and refuses stale versions', async () => {
    const up = await upload('study-manager', { studyId, artifactNumber: '11.01.01', title: 'SAP return test', versionLabel: '0.9', approverId: await userId(t.database.db, 'data-manager') }, { name: 'sap.pdf', content: pdf('sap') });
    expect(up.body.reviewStatus).toBe('in-review');
    await rejects(as['data-manager']!.etmf.return({ id: up.body.id, version: up.body.version + 5, comment: 'Stale' }), 'CONFLICT');
    const back = await as['data-manager']!.etmf.return({ id: up.body.id, version: up.body.version, comment: 'Section 9 lacks the interim analysis' });
    expect(back).toMatchObject({ status: 'draft', reviewStatus: 'pending' });
    const note = await as['study-manager']!.notifications.list({ kind: 'document_returned' });
    expect(note.items[0]!.body).toBe('Section 9 lacks the interim analysis');
  });

  it('withdraws with a reason; the database refuses deleting documents or replacing a stored file', async () => {
    const up = await upload('study-manager', { studyId, artifactNumber: '01.05.02', title: 'Withdraw test', versionLabel: '1' }, { name: 'w.pdf', content: pdf('withdraw') });
    await rejects(as.coordinator!.etmf.withdraw({ id: up.body.id, version: up.body.version, reason: 'Filed twice' }), 'FORBIDDEN');
    const w = await as['study-manager']!.etmf.withdraw({ id: up.body.id, version: up.body.version, reason: 'Filed twice' });
    expect(w.status).toBe('withdrawn');
    expect((await as['study-manager']!.etmf.list({ search: 'Withdraw test' })).total).toBe(0);
    expect((await as['study-manager']!.etmf.byId({ id: up.body.id })).withdrawnReason).toBe('Filed twice');
    const actor = { userId: null, reason: 'Test: tampering' };
    await expect(withActor(t.database.db, actor, (tx) => sql`delete from documents where id = ${up.body.id}`.execute(tx))).rejects.toThrow(/never deleted/);
    await expect(withActor(t.database.db, actor, (tx) => sql`update document_versions set sha256 = repeat('0', 64) where document_id = ${up.body.id}`.execute(tx))).rejects.toThrow(/cannot be replaced/);
  });
});

describe('scope', () => {
  it('site staff file and see their own site documents and the trial-level ones, not another site', async () => {
    const own = await upload('coordinator', { studyId, siteId: ownSite, artifactNumber: '05.02.05', title: 'CV own site', versionLabel: '1' }, { name: 'cv.pdf', content: pdf('cv-own') });
    expect(own.status).toBe(201);
    const other = await upload('coordinator', { studyId, siteId: otherSite, artifactNumber: '05.02.05', title: 'CV other site', versionLabel: '1' }, { name: 'cv.pdf', content: pdf('cv-other') });
    expect(other.status).toBe(403);
    const trialLevel = await upload('coordinator', { studyId, artifactNumber: '01.05.02', title: 'Trial note by site', versionLabel: '1' }, { name: 'n.pdf', content: pdf('cv-trial') });
    expect(trialLevel.status).toBe(403);
    const managers = await upload('study-manager', { studyId, siteId: otherSite, artifactNumber: '05.02.05', title: 'CV of the other site', versionLabel: '1' }, { name: 'cv.pdf', content: pdf('cv-other-2') });
    expect(managers.status).toBe(201);

    const seen = await as.coordinator!.etmf.list({ studyId, limit: 100, search: 'CV' });
    expect(seen.items.map((d) => d.documentName)).toContain('CV own site');
    expect(seen.items.map((d) => d.documentName)).not.toContain('CV of the other site');
    await rejects(as.coordinator!.etmf.byId({ id: managers.body.id }), 'NOT_FOUND');
    expect((await (await client('coordinator')).request(`/api/etmf-documents/${managers.body.id}/file`)).status).toBe(404);
    const trialDocs = await as.coordinator!.etmf.list({ studyId, search: 'Protocol upload test' });
    expect(trialDocs.total).toBe(1);
  });

  it('GET /api/etmf-documents answers the spec fields for the user scope, with paging', async () => {
    const c = await client('study-manager');
    const res = await c.request(`/api/etmf-documents?studyId=${studyId}&limit=2`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as any[];
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(rows.length);
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['id', 'documentName', 'documentType', 'version', 'status', 'studyId', 'uploadDate', 'lastModified', 'size', 'reviewStatus', 'approver', 'documentPath', 'category']));
    const bad = await c.request('/api/etmf-documents?status=lost');
    expect(bad.status).toBe(400);
  });
});

describe('expiry and completeness', () => {
  it('expires documents after their date and warns before it, once', async () => {
    const soon = new Date(Date.parse(`${TEST_TODAY}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    const past = new Date(Date.parse(`${TEST_TODAY}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const a = await upload('study-manager', { studyId, siteId: ownSite, artifactNumber: '08.01.01', title: 'Lab certificate expiring', versionLabel: '2026', expiryDate: soon }, { name: 'lab.pdf', content: pdf('lab-soon') });
    const b = await upload('study-manager', { studyId, siteId: ownSite, artifactNumber: '08.01.04', title: 'Normal ranges lapsed', versionLabel: '2025', expiryDate: past }, { name: 'nr.pdf', content: pdf('nr-past') });
    const pass = () => withActor(t.database.db, { userId: null, reason: 'Document expiry' }, (tx) => runDocumentExpiryPass(tx, TEST_TODAY));
    const first = await pass();
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(first.warned).toBeGreaterThanOrEqual(1);
    expect((await as['study-manager']!.etmf.byId({ id: b.body.id })).status).toBe('expired');
    expect((await as['study-manager']!.etmf.byId({ id: a.body.id })).status).toBe('current');
    const again = await pass();
    expect(again).toEqual({ expired: 0, warned: 0 });
    const notes = await as['study-manager']!.notifications.list({ kind: 'document_expiring', limit: 100 });
    const warning = notes.items.find((n) => n.title.includes(a.body.code) && n.title.includes(soon))!;
    // Stored in English with the key and values the browser translates (migration 0046).
    expect(warning).toMatchObject({
      title: `Document ${a.body.code} expires on ${soon}`,
      titleKey: SERVER_MESSAGES.documentExpiringTitle,
      titleParams: { code: a.body.code, date: soon },
      body: 'Lab certificate expiring: file a new version before it expires.',
      bodyKey: SERVER_MESSAGES.documentExpiringBody,
      bodyParams: { title: 'Lab certificate expiring' },
    });
    const tiles = await as['study-manager']!.etmf.summary({ studyId });
    expect(tiles.expiring).toBeGreaterThanOrEqual(1);
    expect(tiles.storageBytes).toBeGreaterThan(0);
  });

  it('lists expected artifacts against those present, and exports the gaps as CSV', async () => {
    const before = await as['study-manager']!.etmf.completeness({ studyId });
    const row = (r: typeof before) => r.gaps.find((g) => g.artifactNumber === '02.02.03' && g.siteId === null);
    const dm = await userId(t.database.db, 'data-manager');
    // An approved ICF makes the trial-level expectation present.
    if (row(before)) {
      const up = await upload('study-manager', { studyId, artifactNumber: '02.02.03', title: 'ICF completeness test', versionLabel: '1.0', approverId: dm }, { name: 'icf.pdf', content: pdf('icf') });
      await as['data-manager']!.etmf.approve({ id: up.body.id, version: up.body.version, password: 'Test-Password-2026' });
      const after = await as['study-manager']!.etmf.completeness({ studyId });
      expect(row(after)).toBeUndefined();
      expect(after.present).toBe(before.present + 1);
    }
    const report = await as['study-manager']!.etmf.completeness({ studyId });
    expect(report.completeness).toBe(Math.round((report.present / report.expected) * 1000) / 10);
    expect(report.gaps.some((g) => g.artifactNumber === '08.01.04' && g.state === 'expired')).toBe(true);
    const csv = await as['study-manager']!.etmf.completenessCsv({ studyId });
    const records = parseCsv(csv.content);
    expect(records[0]).toEqual(['Study', 'Site number', 'Site', 'Artifact', 'Artifact name', 'State', 'Document']);
    expect(records.length - 1).toBe(report.expected);
    // Site staff see their own site's expectations and the trial-level ones only.
    const theirs = await as.coordinator!.etmf.completeness({ studyId });
    expect(theirs.gaps.every((g) => g.siteId === null || g.siteId === ownSite)).toBe(true);
  });

  it('the TMF Reference Model tree counts documents per zone, section and artifact', async () => {
    const tree = await as['study-manager']!.etmf.tree({ studyId });
    expect(tree).toMatchObject({ model: 'TMF Reference Model', version: '3.3' });
    expect(tree.zones.map((z) => z.number)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11']);
    const zone2 = tree.zones.find((z) => z.number === '02')!;
    expect(zone2.documents).toBe(zone2.sections.reduce((n, s) => n + s.documents, 0));
    const protocol = zone2.sections[0]!.artifacts.find((a) => a.number === '02.01.02')!;
    const listed = await as['study-manager']!.etmf.list({ studyId, tmf: '02.01.02', limit: 100 });
    expect(protocol.documents).toBe(listed.total);
  });
});
