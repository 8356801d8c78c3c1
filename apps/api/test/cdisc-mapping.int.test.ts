// Mapping suggestions against a real database: POST /api/cdisc/generate-mappings (401 signed out, 400 bad
// input, 404 an unknown form, 403 a sponsor, the spec's suggestion fields); AI generation on a demo
// study's Adverse Event Report and Vital Signs forms (AE.AETERM, VSORRES where VSTESTCD = SYSBP, every
// suggestion explained) that keeps approved rows on a re-run; Manual mode; approve (audited with its
// reason) raising the AE domain's mappingCount and the summary's Mapped Domains; edit to another
// variable with a reason; reject; scope: a sponsor reads but may not approve, a user outside the study
// sees no form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs, startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let aeFormId: number;
let vsFormId: number;

async function client(role: string) {
  const c = new TestClient(server.url);
  await c.login(demoEmail(role));
  return c;
}
const aeMappingCount = async (caller: Caller) =>
  (await caller.cdisc.domains({ search: 'AE', type: 'SDTM', limit: 100 })).items.find((d) => d.domainCode === 'AE')!.mappingCount;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  // A study the sponsor and the data manager both belong to.
  const { rows } = await sql<{ studyId: number }>`
    select m.study_id from study_memberships m join users u on u.id = m.user_id
     where u.email = 'sponsor@demo.local'
       and m.study_id in (select m2.study_id from study_memberships m2 join users u2 on u2.id = m2.user_id where u2.email = 'data-manager@demo.local')
     order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
  const form = async (name: string) => (await sql<{ id: number }>`select id from forms where study_id = ${studyId} and name = ${name}`.execute(t.database.db)).rows[0]!.id;
  aeFormId = await form('Adverse Event Report');
  vsFormId = await form('Vital Signs');
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('POST /api/cdisc/generate-mappings', () => {
  it('refuses anonymous callers, bad input, unknown forms and sponsors', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.request('/api/cdisc/generate-mappings', { method: 'POST', json: { formId: aeFormId, useAI: true } })).status).toBe(401);
    const dm = await client('data-manager');
    expect((await dm.request('/api/cdisc/generate-mappings', { method: 'POST', json: { formId: 'x', useAI: true } })).status).toBe(400);
    expect((await dm.request('/api/cdisc/generate-mappings', { method: 'POST', json: { formId: aeFormId, useAI: 'yes' } })).status).toBe(400);
    expect((await dm.request('/api/cdisc/generate-mappings', { method: 'POST', json: [] })).status).toBe(400);
    const missing = await dm.request('/api/cdisc/generate-mappings', { method: 'POST', json: { formId: 999999, useAI: true } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toMatch(/select|stack/i);
    const sponsor = await client('sponsor');
    expect((await sponsor.request('/api/cdisc/generate-mappings', { method: 'POST', json: { formId: aeFormId, useAI: true } })).status).toBe(403);
  });

  it("answers the spec's suggestion fields for the Adverse Event Report", async () => {
    const dm = await client('data-manager');
    const res = await dm.request('/api/cdisc/generate-mappings', { method: 'POST', json: { formId: aeFormId, useAI: true } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any[];
    expect(body.map((m) => m.fieldName)).toEqual(['AETERM', 'AESTDAT', 'AEENDAT', 'AESER', 'AESHOSP', 'AESEV', 'AEREL', 'AEOUT']);
    const aeterm = body[0];
    expect(aeterm).toMatchObject({ fieldName: 'AETERM', suggestedDomain: 'AE', suggestedVariable: 'AETERM', mappingLogic: 'direct copy', status: 'suggested', testCode: null });
    expect(aeterm.confidence).toBeGreaterThanOrEqual(0.9);
    expect(aeterm.reasoning).toContain('AE.AETERM');
    expect(aeterm.id).toEqual(expect.any(Number));
    expect(aeterm.evidence.length).toBeGreaterThan(0);
    for (const m of body) {
      expect(Object.keys(m)).toEqual(expect.arrayContaining(['fieldName', 'suggestedDomain', 'suggestedVariable', 'confidence', 'reasoning', 'mappingLogic', 'id', 'status', 'testCode', 'evidence']));
      expect(m.reasoning.length).toBeGreaterThan(20);
    }
    expect(body.find((m) => m.fieldName === 'AESEV').mappingLogic).toBe('controlled-terminology recode');
  });
});

describe('cdisc mapping procedures', () => {
  it('suggests VSORRES where VSTESTCD = SYSBP and --DTC for the Vital Signs form, in AI and Manual mode', async () => {
    const manualBefore = await as['data-manager']!.cdisc.generateMappings({ formId: vsFormId, useAI: false });
    expect(manualBefore.length).toBeGreaterThan(8);
    expect(manualBefore.every((m) => m.id === null && m.suggestedDomain === null)).toBe(true);

    const ai = await as['data-manager']!.cdisc.generateMappings({ formId: vsFormId, useAI: true });
    const sys = ai.find((m) => m.fieldName === 'VSSYSBP')!;
    expect([sys.suggestedDomain, sys.suggestedVariable, sys.testCode, sys.mappingLogic]).toEqual(['VS', 'VSORRES', 'SYSBP', 'unit standardisation']);
    const dat = ai.find((m) => m.fieldName === 'VSDAT')!;
    expect([dat.suggestedVariable, dat.mappingLogic]).toEqual(['VSDTC', 'ISO 8601 date conversion']);
    expect(ai.every((m) => m.reasoning && m.reasoning.length > 20 && m.status === 'suggested')).toBe(true);

    // Manual mode now lists the same fields with their suggestions, and writes nothing.
    const manual = await as['data-manager']!.cdisc.generateMappings({ formId: vsFormId, useAI: false });
    expect(manual.map((m) => m.id)).toEqual(ai.map((m) => m.id));
  });

  it('approves with an audited reason, keeps approvals on a re-run, and counts them', async () => {
    const dm = as['data-manager']!;
    const beforeCount = await aeMappingCount(dm);
    const beforeSummary = await dm.cdisc.summary({ studyId });
    const mappings = await dm.cdisc.mappings({ formId: aeFormId });
    const aeterm = mappings.find((m) => m.fieldName === 'AETERM')!;
    const approved = await dm.cdisc.approveMapping({ id: aeterm.id!, version: aeterm.version!, reason: 'Verified against the CDASH library' });
    expect(approved.status).toBe('approved');
    expect(approved.decidedBy).toBeTruthy();
    const audit = await sql<{ reason: string; action: string }>`
      select reason, action from audit_events where table_name = 'cdisc_mappings' and record_id = ${String(aeterm.id)} order by id desc limit 1`.execute(t.database.db);
    expect(audit.rows[0]!.reason).toBe('Verified against the CDASH library');
    // A stale version is a conflict.
    await rejects(dm.cdisc.approveMapping({ id: aeterm.id!, version: aeterm.version! }), 'CONFLICT');

    expect(await aeMappingCount(dm)).toBe(beforeCount + 1);
    const summary = await dm.cdisc.summary({ studyId });
    expect(summary.mappedDomains).toBe(beforeSummary.mappedDomains + 1);
    expect(summary.pendingSuggestions).toBe(beforeSummary.pendingSuggestions - 1);
    expect(summary.fedDomains).toBeGreaterThanOrEqual(2);

    // Regenerating leaves the approved row as it is.
    const again = await dm.cdisc.generateMappings({ formId: aeFormId, useAI: true });
    expect(again.find((m) => m.fieldName === 'AETERM')).toMatchObject({ status: 'approved', version: approved.version });
  });

  it('edits a mapping to another variable with a reason, and rejects one', async () => {
    const dm = as['data-manager']!;
    const rel = (await dm.cdisc.mappings({ formId: aeFormId })).find((m) => m.fieldName === 'AEREL')!;
    await rejects(
      dm.cdisc.editMapping({ formId: aeFormId, fieldPath: 'AEREL', version: rel.version!, domain: 'AE', variable: 'AENOPE', reason: 'Wrong' }),
      'BAD_REQUEST',
      /not an SDTMIG 3.4 variable/,
    );
    const edited = await dm.cdisc.editMapping({ formId: aeFormId, fieldPath: 'AEREL', version: rel.version!, domain: 'AE', variable: 'AERELNST', reason: 'Relationship to non-study treatment in this protocol' });
    expect(edited).toMatchObject({ suggestedDomain: 'AE', suggestedVariable: 'AERELNST', status: 'approved', origin: 'manual', confidence: 1 });
    expect(edited.reasoning).toContain('Relationship to non-study treatment in this protocol');
    const audit = await sql<{ reason: string }>`select reason from audit_events where table_name = 'cdisc_mappings' and record_id = ${String(rel.id)} order by id desc limit 1`.execute(t.database.db);
    expect(audit.rows[0]!.reason).toBe('Relationship to non-study treatment in this protocol');

    const out = (await dm.cdisc.mappings({ formId: aeFormId })).find((m) => m.fieldName === 'AEOUT')!;
    const rejected = await dm.cdisc.rejectMapping({ id: out.id!, version: out.version!, reason: 'Outcome is derived elsewhere' });
    expect(rejected.status).toBe('rejected');
    expect((await dm.cdisc.mappings({ studyId, status: 'rejected' })).map((m) => m.id)).toContain(out.id);
  });

  it('lets a sponsor read mappings but not approve them; outsiders see no form', async () => {
    const sponsor = as.sponsor!;
    const list = await sponsor.cdisc.mappings({ formId: aeFormId });
    expect(list.length).toBe(8); // one per field of the Adverse Event Report
    const pending = list.find((m) => m.status === 'suggested')!;
    await rejects(sponsor.cdisc.approveMapping({ id: pending.id!, version: pending.version! }), 'FORBIDDEN');
    await rejects(sponsor.cdisc.generateMappings({ formId: aeFormId, useAI: true }), 'FORBIDDEN');
    expect((await sponsor.cdisc.summary({})).approvedMappings).toBeGreaterThanOrEqual(2);

    // A data manager of another study cannot see this study's form.
    const { rows } = await sql<{ email: string }>`
      select u.email from users u where u.role = 'data-manager'
        and not exists (select 1 from study_memberships m where m.user_id = u.id and m.study_id = ${studyId}) limit 1`.execute(t.database.db);
    if (rows[0]) {
      const outsider = await callerAs(t.database, rows[0].email);
      await rejects(outsider.cdisc.mappings({ formId: aeFormId }), 'NOT_FOUND');
    }
  });
});
