// Issue 27 item 4: SDV, locks and signatures with unresolved queries. Each is refused (PRECONDITION_FAILED
// naming how many) unless the caller acknowledges the open queries; with the acknowledgement the audit
// reason names them and a signature's manifest keeps their codes. Without open queries nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { formDefinition } from '@ctp/contracts';
import { createTestDatabase, TEST_PASSWORD, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;
let subjects: number[];
let formId: number;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const { rows } = await sql<{ studyId: number; siteId: number }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
     where u.email = 'investigator@demo.local' and m.site_id is not null and s.status in ('active', 'enrolling') order by m.study_id limit 1`.execute(t.database.db);
  studyId = rows[0]!.studyId;
  const p = await sql<{ id: number }>`select id from patients where study_id = ${studyId} and site_id = ${rows[0]!.siteId} order by id desc limit 4`.execute(t.database.db);
  subjects = p.rows.map((r) => r.id);
  const created = await as['data-manager']!.forms.create({ studyId, name: 'Open queries vitals', category: 'Visit' });
  const def = formDefinition.parse({ fields: [{ type: 'integer', code: 'PULSE', label: 'Pulse', required: true }], checks: [] });
  const saved = await as['data-manager']!.forms.saveDraft({ id: created.id, version: created.version, definition: def });
  await as['data-manager']!.forms.publish({ id: created.id, version: saved.version });
  formId = created.id;
  // Start from subjects without unresolved queries of their own (the demo raises some).
  await withActor(t.database.db, { userId: null, reason: 'Test set-up' }, (tx) =>
    sql`update queries set status = 'cancelled', resolved_at = now() where status in ('open', 'answered', 'reopened') and patient_id = any(${`{${subjects.join(',')}}`}::int[])`.execute(tx),
  );
});
afterAll(() => t.cleanup());

const enter = (patientId: number, pulse: number) => as.investigator!.submissions.save({ formId, patientId, formData: { PULSE: pulse }, mode: 'submit' });
const raise = (patientId: number, submissionId: number) =>
  as.monitor!.queries.create({ patientId, submissionId, fieldPath: 'PULSE', type: 'clarification', description: 'Pulse looks high: please check the source' });
const lastReason = async (table: string, id: number) =>
  (
    await sql<{ reason: string }>`select reason from audit_events where table_name = ${table} and record_id = ${String(id)} order by occurred_at desc, id desc limit 1`.execute(
      t.database.db,
    )
  ).rows[0]!.reason;

describe('open queries before SDV, lock and signature', () => {
  it('lists the unresolved queries of an entry, a subject and a study, within scope', async () => {
    const s = await enter(subjects[0]!, 130);
    const q = await raise(subjects[0]!, s.id);
    for (const input of [{ submissionId: s.id }, { patientId: subjects[0]! }, { studyId }]) {
      const list = await as['data-manager']!.casebook.openQueries(input);
      expect(list.items.map((i) => i.code)).toContain(q.code);
    }
    const one = (await as.monitor!.casebook.openQueries({ submissionId: s.id })).items;
    expect(one).toEqual([expect.objectContaining({ code: q.code, status: 'open', field: 'PULSE', formName: 'Open queries vitals', submissionId: s.id })]);
    await rejects(as.monitor!.casebook.openQueries({}), 'BAD_REQUEST', /one form entry/);
    await rejects(as.monitor!.casebook.openQueries({ patientId: subjects[0]!, studyId }), 'BAD_REQUEST');
  });

  it('SDV with an open query is refused until acknowledged, and the audit reason names the query', async () => {
    const s = await enter(subjects[1]!, 128);
    const q = await raise(subjects[1]!, s.id);
    await rejects(as.monitor!.casebook.review({ submissionId: s.id, version: s.version, action: 'verify' }), 'PRECONDITION_FAILED', /1 open query/);
    const v = await as.monitor!.casebook.review({ submissionId: s.id, version: s.version, action: 'verify', acknowledgeOpenQueries: true });
    expect(v.sdvAt).not.toBeNull();
    expect(await lastReason('form_submissions', s.id)).toBe(`Source data verified (with 1 open query: ${q.code})`);
    // An answered query is still unresolved; a closed one is not.
    const s2 = await enter(subjects[1]!, 90);
    const q2 = await raise(subjects[1]!, s2.id);
    const answered = await as.investigator!.queries.respond({ id: q2.id, version: q2.version, body: 'Checked against the source' });
    await rejects(as.monitor!.casebook.review({ submissionId: s2.id, version: s2.version, action: 'verify' }), 'PRECONDITION_FAILED');
    await as.monitor!.queries.close({ id: q2.id, version: answered.version, body: 'Accepted' });
    await as.monitor!.casebook.review({ submissionId: s2.id, version: s2.version, action: 'verify' });
    expect(await lastReason('form_submissions', s2.id)).toBe('Source data verified');
  });

  it('locking an entry with an open query needs the acknowledgement and a reason', async () => {
    const s = await enter(subjects[2]!, 140);
    const q = await raise(subjects[2]!, s.id);
    const dm = as['data-manager']!;
    await rejects(dm.casebook.review({ submissionId: s.id, version: s.version, action: 'lock' }), 'PRECONDITION_FAILED', /open query/);
    await rejects(dm.casebook.review({ submissionId: s.id, version: s.version, action: 'lock', acknowledgeOpenQueries: true }), 'BAD_REQUEST', /reason/);
    const locked = await dm.casebook.review({ submissionId: s.id, version: s.version, action: 'lock', acknowledgeOpenQueries: true, reason: 'Query is about the next visit' });
    expect(locked.lockedAt).not.toBeNull();
    expect(await lastReason('form_submissions', s.id)).toBe(`Query is about the next visit (with 1 open query: ${q.code})`);
  });

  it('locking a subject or a study with open queries is refused until acknowledged; the reason lists the codes', async () => {
    const dm = as['data-manager']!;
    const s = await enter(subjects[3]!, 150);
    const q = await raise(subjects[3]!, s.id);
    await rejects(dm.casebook.lockSubject({ patientId: subjects[3]!, reason: 'Subject completed' }), 'PRECONDITION_FAILED', /1 open query/);
    expect((await t.database.db.selectFrom('formSubmissions').select('lockedAt').where('id', '=', s.id).executeTakeFirstOrThrow()).lockedAt).toBeNull();
    const r = await dm.casebook.lockSubject({ patientId: subjects[3]!, reason: 'Subject completed', acknowledgeOpenQueries: true });
    expect(r.locked).toBeGreaterThan(0);
    expect(await lastReason('form_submissions', s.id)).toBe(`Subject completed (with 1 open query: ${q.code})`);

    await rejects(dm.casebook.lockStudy({ studyId, reason: 'Database lock' }), 'PRECONDITION_FAILED', /open quer/);
    await rejects(as.monitor!.casebook.lockStudy({ studyId, reason: 'Database lock', acknowledgeOpenQueries: true }), 'FORBIDDEN');
    const other = await enter(subjects[0]!, 60);
    await dm.casebook.lockStudy({ studyId, reason: 'Database lock at study end', acknowledgeOpenQueries: true });
    expect(await lastReason('form_submissions', other.id)).toMatch(/^Database lock at study end \(with \d+ open quer(y|ies): .*Q/);
  });

  it('signing with open queries needs the acknowledgement; the manifest lists the codes; without any, nothing changes', async () => {
    const patientId = subjects[1]!;
    const open = (await as.investigator!.casebook.openQueries({ patientId })).items.map((i) => i.code);
    expect(open.length).toBe(1);
    await rejects(as.investigator!.casebook.sign({ patientId, meaning: 'approval', password: TEST_PASSWORD }), 'PRECONDITION_FAILED', /1 open query/);
    const signed = await as.investigator!.casebook.sign({ patientId, meaning: 'approval', password: TEST_PASSWORD, acknowledgeOpenQueries: true });
    expect(signed.openQueries).toEqual(open);
    expect(await lastReason('signatures', signed.id)).toBe(`Casebook signed (approval) (with 1 open query: ${open[0]})`);
    const view = await as.monitor!.casebook.view({ patientId });
    expect(view.signatures[0]).toMatchObject({ valid: true, openQueries: open });

    // Without open queries: signed as before, with an empty list.
    await withActor(t.database.db, { userId: null, reason: 'Test set-up' }, (tx) => sql`update queries set status = 'cancelled', resolved_at = now() where status in ('open', 'answered', 'reopened') and patient_id = ${patientId}`.execute(tx));
    const plain = await as.investigator!.casebook.sign({ patientId, meaning: 'review', password: TEST_PASSWORD });
    expect(plain.openQueries).toEqual([]);
    expect(await lastReason('signatures', plain.id)).toBe('Casebook signed (review)');
  });
});
