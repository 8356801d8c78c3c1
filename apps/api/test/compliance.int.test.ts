// The compliance page's figures and downloads against a real database: audit readiness by its named
// checks, the evidence report as a real PDF (its text read back), a study's audit trail as CSV and the
// signature manifest with a signature valid, then broken by a change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { sql, withActor } from '@ctp/db';
import { formDefinition } from '@ctp/contracts';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, parseCsv, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const { rows } = await sql<{ studyId: number }>`
    select m.study_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'investigator@demo.local' and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
});
afterAll(() => t.cleanup());

describe('compliance', () => {
  it('says no more than its checks prove: Part 11 needs attention while signatures are not in use or a locked casebook is unsigned', async () => {
    let status = await as.admin!.dashboard.complianceStatus();
    const signatures = status.checks.find((c) => c.code.startsWith('electronicSignatures'))!;
    expect(signatures).toMatchObject({ code: 'electronicSignaturesMissing', passed: false });
    expect(signatures.clauses).toContain('21 CFR 11.50');
    expect(status.cfr21Part11).toBe('attention');
    expect(status.checks.every((c) => c.clauses.length > 0)).toBe(true);
    const { rows } = await sql<{ id: number }>`select p.id from patients p where p.study_id = ${studyId}
      and exists (select 1 from form_submissions f where f.patient_id = p.id and f.status <> 'draft') order by p.id limit 1`.execute(t.database.db);
    await as['data-manager']!.casebook.lockSubject({ patientId: rows[0]!.id, reason: 'Subject casebook locked for the test' });
    status = await as.admin!.dashboard.complianceStatus();
    expect(status.checks.find((c) => c.code === 'lockedCasebooksSigned')).toMatchObject({ passed: false, params: { unsigned: 1 } });
  });

  it('computes audit readiness from its named checks', async () => {
    const o = await as['data-manager']!.compliance.overview({ studyId });
    expect(o.readiness.checks.map((c) => c.code)).toEqual(['auditChain', 'overdueQueries', 'unverifiedLocked', 'unsignedCompleted', 'openWarnings']);
    expect(o.readiness.percent).toBe(Math.round((100 * o.readiness.checks.filter((c) => c.passed).length) / 5));
    const overdue = await sql<{ n: number }>`select count(*)::int as n from queries where study_id = ${studyId} and status in ('open','answered','reopened') and due_date < current_date`.execute(t.database.db);
    expect(o.readiness.checks[1]!.count).toBe(overdue.rows[0]!.n);
    expect(o.recent.length).toBeGreaterThan(0);
    expect((await as.sponsor!.compliance.overview({})).recent).toEqual([]);
  });

  it('lists recent audit activity one entry per change, without bookkeeping columns or secrets', async () => {
    const admin = await sql<{ id: number }>`select id from users where email = 'admin@demo.local'`.execute(t.database.db);
    const actor = { userId: admin.rows[0]!.id, reason: 'Audit feed test' };
    await withActor(t.database.db, actor, (tx) =>
      sql`update studies set title = title || ' (rev)', description = 'Audit feed test', version = version + 1, updated_at = now() where id = ${studyId}`.execute(tx));
    let o = await as.admin!.compliance.overview({ studyId });
    expect(o.recent[0]).toMatchObject({ table: 'studies', recordId: String(studyId), reason: 'Audit feed test' });
    expect(o.recent[0]!.changes.map((c) => c.field)).toEqual(['description', 'title']);

    await withActor(t.database.db, actor, (tx) =>
      sql`update users set last_login_at = now(), password_hash = password_hash || '', version = version + 1, updated_at = now() where id = ${actor.userId}`.execute(tx));
    o = await as.admin!.compliance.overview({});
    expect(o.recent[0]).toMatchObject({ table: 'users', recordId: String(actor.userId) });
    expect(o.recent[0]!.changes.map((c) => c.field)).toEqual(['last_login_at']);
    expect(new Set(o.recent.map((e) => e.id)).size).toBe(o.recent.length);
    const fields = o.recent.flatMap((e) => e.changes.map((c) => c.field));
    expect(fields.filter((f) => ['version', 'updated_at', 'created_at'].includes(f) || /hash|password|token/.test(f))).toEqual([]);
  });

  it('the evidence report is a real PDF whose text holds each check and the configuration', async () => {
    const file = await as['data-manager']!.compliance.download({ kind: 'evidence', studyId });
    expect(file.contentType).toBe('application/pdf');
    const bytes = Buffer.from(file.content, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('21 CFR Part 11 / ALCOA+ evidence report');
    expect(text).toContain('Audit readiness');
    expect(text).toMatch(/argon2id/);
    expect(text).toMatch(/Last verification of the audit hash chain/);
  });

  it('downloads a study\'s audit trail as CSV, for roles that read the audit trail', async () => {
    const file = await as['data-manager']!.compliance.download({ kind: 'audit-trail', studyId });
    const records = parseCsv(file.content);
    expect(records[0]).toEqual(['Entry', 'Timestamp', 'User', 'Action', 'Table', 'Record', 'Field', 'Old value', 'New value', 'Reason', 'IP address']);
    const expected = await sql<{ n: number }>`select count(*)::int as n from audit_event_scope s join audit_events e on e.id = s.event_id
      cross join lateral jsonb_object_keys(e.changes) k where s.study_id = ${studyId}`.execute(t.database.db);
    expect(records.length - 1).toBe(expected.rows[0]!.n);
    await rejects(as.sponsor!.compliance.download({ kind: 'audit-trail', studyId }), 'FORBIDDEN');
  });

  it('the signature manifest lists who signed what, and says when a signature is broken', async () => {
    const p = await sql<{ id: number; siteId: number }>`select p.id, p.site_id from patients p join study_memberships m on m.study_id = p.study_id and m.site_id = p.site_id
      join users u on u.id = m.user_id where u.email = 'investigator@demo.local' and p.study_id = ${studyId} order by p.id limit 1`.execute(t.database.db);
    const patientId = p.rows[0]!.id;
    const created = await as['data-manager']!.forms.create({ studyId, name: 'Manifest form', category: 'Visit' });
    const def = formDefinition.parse({ fields: [{ type: 'text', code: 'NOTE', label: 'Note' }], checks: [] });
    const saved = await as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: def });
    await as['data-manager']!.forms.publish({ id: created.id, version: saved.version });
    const entry = await as.investigator!.submissions.save({ formId: created.id, patientId, formData: { NOTE: 'first' }, mode: 'submit' });
    await as.investigator!.casebook.sign({ patientId, meaning: 'authorship', password: TEST_PASSWORD });
    let rows = parseCsv((await as.monitor!.compliance.download({ kind: 'signatures', studyId })).content);
    expect(rows.at(-1)!.slice(3, 5)).toEqual(['Dr. Elena Rodriguez', 'authorship']);
    expect(rows.at(-1)![8]).toBe('valid');
    await as.investigator!.submissions.save({ formId: created.id, patientId, formData: { NOTE: 'second' }, mode: 'submit', submissionId: entry.id, version: entry.version, reason: 'Clarified' });
    rows = parseCsv((await as.monitor!.compliance.download({ kind: 'signatures', studyId })).content);
    expect(rows.at(-1)![8]).toBe('broken (content changed after signing)');
  });
});
