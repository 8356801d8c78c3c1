// Medical coding against a real database: POST /api/medical-coding (401, 400, the spec's shape with the
// candidates and their reasons), a submitted adverse event proposed for coding, the coder's decision
// (audited) feeding the study's synonyms so the same verbatim is coded at once next time, roles and
// scope, and the MedDRA import (the synthetic MedAscii fixture) from the REST path, with the study's
// dictionary switched to it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { PENDING_CODING_REASON } from '../src/modules/coding/pending.ts';
import { startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/meddra');

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let patientId: number;
let aeFormId: number;

async function client(role: string) {
  const c = new TestClient(server.url);
  await c.login(demoEmail(role));
  return c;
}

const reportAe = (term: string) =>
  as.coordinator!.submissions.save({ formId: aeFormId, patientId, mode: 'submit', formData: { AETERM: term, AESEV: 'MILD', AEREL: 'NOT RELATED', AEOUT: 'RECOVERED/RESOLVED' } });

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'coordinator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
  patientId = (await sql<{ id: number }>`select id from patients where study_id = ${studyId} and site_id = ${rows[0]!.siteId} and status = 'enrolled' order by id limit 1`.execute(t.database.db)).rows[0]!.id;
  aeFormId = (await sql<{ id: number }>`select id from forms where study_id = ${studyId} and name = 'Adverse Event Report' and status = 'active'`.execute(t.database.db)).rows[0]!.id;
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('the demo data', () => {
  it("puts its uncoded adverse events' terms in the coding queue as a submitted report does, audited", async () => {
    const queue = await as['data-manager']!.coding.queue({ status: 'proposed', limit: 100 });
    const demoAes = queue.items.filter((i) => i.formName === 'Adverse Event Report');
    expect(demoAes.length).toBeGreaterThan(0);
    for (const i of demoAes) expect(i).toMatchObject({ status: 'proposed', method: 'matcher' });
    expect(demoAes.some((i) => i.lltName === i.verbatim || i.verbatim === 'Upper respiratory tract infection')).toBe(true);
    // Every submitted demo report has its term either coded or waiting for the coder: none is left out.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from form_submissions s join forms f on f.id = s.form_id
       where f.code = 'AE_REPORT' and s.status <> 'draft' and s.data ? 'AETERM'
         and not exists (select 1 from coding_decisions d where d.submission_id = s.id)`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_events where table_name = 'coding_decisions' and reason = ${PENDING_CODING_REASON}`.execute(t.database.db);
    expect(audit.rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('POST /api/medical-coding', () => {
  it('answers term, code and system with ranked, explained candidates from the demo dictionary', async () => {
    const c = await client('coordinator');
    const res = await c.request('/api/medical-coding', { method: 'POST', json: { description: 'Pt c/o throwing up since last night' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ term: 'Vomiting', code: '10047700', system: 'CTCAE v5.0 demo dictionary — not MedDRA', dictionary: { isDemo: true } });
    expect(body.candidates[0]).toMatchObject({ lltName: 'Vomiting', ptName: 'Vomiting', socName: 'Gastrointestinal disorders' });
    expect(body.candidates[0].reasons.join(' ')).toContain('lay term: "throwing up" → vomiting');
    expect(body.candidates.every((c: any) => c.score <= 1 && c.reasons.length > 0)).toBe(true);
  });

  it('refuses an anonymous call and a missing description', async () => {
    expect((await new TestClient(server.url).request('/api/medical-coding', { method: 'POST', json: { description: 'headache' } })).status).toBe(401);
    const c = await client('coordinator');
    const res = await c.request('/api/medical-coding', { method: 'POST', json: {} });
    expect(res.status).toBe(400);
    const sponsor = await client('sponsor');
    expect((await sponsor.request('/api/medical-coding', { method: 'POST', json: { description: 'headache' } })).status).toBe(403);
  });
});

describe('coding decisions', () => {
  it('proposes a submitted AE verbatim; the coder approves it; the same verbatim is then coded by the study synonym', async () => {
    const saved = await reportAe('Severe headahce after infusion');
    const queue = await as['data-manager']!.coding.queue({ studyId, status: 'proposed', search: 'headahce' });
    const proposal = queue.items.find((i) => i.submissionId === saved.id)!;
    expect(proposal).toMatchObject({ verbatim: 'Severe headahce after infusion', status: 'proposed', method: 'matcher', lltName: 'Headache', socName: 'Nervous system disorders', isDemo: true });
    expect(proposal.reasons).toContain('spelling corrected');

    await rejects(as.coordinator!.coding.decide({ id: proposal.id, version: proposal.version, lltCode: proposal.lltCode! }), 'FORBIDDEN');
    const decided = await as['data-manager']!.coding.decide({ id: proposal.id, version: proposal.version, lltCode: proposal.lltCode! });
    expect(decided).toMatchObject({ status: 'coded', ptName: 'Headache' });
    await rejects(as['data-manager']!.coding.decide({ id: proposal.id, version: proposal.version, lltCode: proposal.lltCode! }), 'CONFLICT');
    const audit = await sql<{ reason: string }>`select reason from audit_events where table_name = 'coding_decisions' and record_id = ${String(proposal.id)} order by id desc limit 1`.execute(t.database.db);
    expect(audit.rows[0]!.reason).toBe('Verbatim coded by the coder');

    // The same words again (qualifiers differ): coded at once from the study's synonym list.
    const again = await reportAe('headahce after infusion');
    const row = (await as['data-manager']!.coding.queue({ studyId, search: 'headahce after' })).items.find((i) => i.submissionId === again.id)!;
    expect(row).toMatchObject({ status: 'coded', method: 'study synonym', lltName: 'Headache' });
    const suggestion = await as.coordinator!.coding.suggest({ description: 'headahce after infusion', studyId });
    expect(suggestion.candidates[0]!.reasons[0]).toContain('study synonym');
  });

  it('a coder may pick another candidate or mark a verbatim uncodable; counts follow', async () => {
    const saved = await reportAe('felt odd and unwell');
    const item = (await as['data-manager']!.coding.queue({ studyId, search: 'felt odd' })).items.find((i) => i.submissionId === saved.id)!;
    const done = await as['data-manager']!.coding.decide({ id: item.id, version: item.version, uncodable: true, comment: 'Ask the site for a diagnosis' });
    expect(done.status).toBe('uncodable');
    const counts = await as['data-manager']!.coding.counts({ studyId });
    expect(counts.uncodable).toBeGreaterThanOrEqual(1);
    expect(counts.coded).toBeGreaterThanOrEqual(2);
  });
});

describe('MedDRA import', () => {
  it('an administrator imports the MedAscii files; a study coded with it answers system MedDRA with the full path', async () => {
    const names = ['meddra_release.asc', 'llt.asc', 'pt.asc', 'mdhier.asc', 'soc.asc', 'hlt.asc', 'hlgt.asc'];
    const send = async (role: string, files: string[]) => {
      const c = await client(role);
      const form = new FormData();
      for (const f of files) form.append('files', new Blob([fs.readFileSync(path.join(FIXTURE, f))]), f);
      const res = await c.request('/api/coding/dictionaries', { method: 'POST', body: form, headers: { origin: server.url } });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect((await send('data-manager', names)).status).toBe(403);
    const missing = await send('admin', ['llt.asc', 'pt.asc']);
    expect(missing).toMatchObject({ status: 400, body: { error: expect.stringContaining('Missing MedDRA files: meddra_release.asc, mdhier.asc, soc.asc') } });
    const loaded = await send('admin', names);
    expect(loaded).toMatchObject({ status: 201, body: { version: '0.0', terms: 3 } });
    expect((await send('admin', names)).status).toBe(409);

    const dictionaries = await as.admin!.coding.dictionaries();
    const meddra = dictionaries.find((d) => d.system === 'MedDRA')!;
    expect(meddra).toMatchObject({ label: 'MedDRA 0.0 English', isDemo: false, termCount: 3 });
    await as['data-manager']!.coding.setStudyDictionary({ studyId, dictionaryId: meddra.id });
    const s = await as.coordinator!.coding.suggest({ description: 'example palpitation', studyId });
    expect(s).toMatchObject({ system: 'MedDRA', term: 'Example Palpitations', code: '10002111' });
    expect(s.candidates[0]).toMatchObject({ ptCode: '10002111', hltName: 'Example Arrhythmia Disorders', hlgtName: 'Example Cardiac Structural Disorders', socName: 'Example Cardiac Disorders' });
    // 'Head pain' is a lay form of headache: the current LLT comes first, the non-current one says so.
    const h = await as.coordinator!.coding.suggest({ description: 'example headache pain', studyId });
    expect(h.candidates.slice(0, 2).map((c) => c.lltName)).toEqual(['Example Headache', 'Example Head Pain']);
    expect(h.candidates[1]!.reasons).toContain('non-current LLT');
    // Back to the demo dictionary for this study.
    await as['data-manager']!.coding.setStudyDictionary({ studyId, dictionaryId: null });
  });
});
