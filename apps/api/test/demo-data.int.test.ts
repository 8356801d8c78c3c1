// The demo data tells one coherent story: what the app itself would refuse or never produce does not
// appear in it, and record dates come before what happens to the records.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, verifyAuditChain } from '@ctp/db';
import { blockingIssues, evaluateForm, formDefinition, type FormValues } from '@ctp/contracts';
import { createTestDatabase, TEST_STORAGE_DIR, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { visitsOffRule } from '../src/modules/submissions/visit-status.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(() => t.cleanup());

const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
  (await query.execute(t.database.db)).rows[0]!.n;

describe('demo data', () => {
  it('activates a site for a study only when the site itself is active, and keeps some sites pending', async () => {
    expect(
      await count(sql`select count(*)::int as n from study_sites ss join sites si on si.id = ss.site_id
                      where ss.status = 'active' and si.status <> 'active'`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from sites where status = 'pending'`)).toBeGreaterThan(
      0,
    );
  });

  it('reaches milestones in order: no milestone is open before a completed one', async () => {
    expect(
      await count(sql`select count(*)::int as n from milestones m
                      where m.status <> 'completed' and exists (
                        select 1 from milestones later where later.study_id = m.study_id
                          and later.target_date > m.target_date and later.status = 'completed')`),
    ).toBe(0);
  });

  it('dates records before what happens to them', async () => {
    // A study is set up before it starts; a site is registered before its assignments; a subject is
    // recorded at screening; a study assigns its sites after it is set up.
    expect(
      await count(
        sql`select count(*)::int as n from studies where created_at::date > start_date or created_at > now()`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from study_sites ss join sites si on si.id = ss.site_id
                      join studies st on st.id = ss.study_id
                      where si.created_at::date > ss.assigned_on or ss.assigned_on < st.created_at::date`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from patients where created_at::date <> screening_date
                      or updated_at < created_at or updated_at > now()`),
    ).toBe(0);
  });

  it('gives each study its forms and visits statuses that follow the visit-status rule from their forms', async () => {
    expect(await count(sql`select count(*)::int as n from studies st where not exists (select 1 from forms f where f.study_id = st.id)`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from form_submissions where status = 'submitted'`)).toBeGreaterThan(100);
    // Some vital signs carry an open warning (a value outside its soft range), as monitors will find.
    expect(await count(sql`select count(*)::int as n from form_submissions where warning_count > 0`)).toBeGreaterThan(0);
    expect(await visitsOffRule(t.database.db, TEST_TODAY)).toEqual([]);
  });

  it('stores submissions the evaluator accepts in their own version', async () => {
    const { rows } = await sql<{ data: FormValues; definition: unknown; warnings: number }>`
      select s.data, v.definition, s.warning_count as warnings from form_submissions s join form_versions v on v.id = s.form_version_id
       order by s.id limit 400`.execute(t.database.db);
    for (const row of rows) {
      const evaluation = evaluateForm(formDefinition.parse(row.definition), row.data);
      expect(blockingIssues(evaluation, 'submit')).toEqual([]);
      expect(evaluation.issues.filter((i) => i.severity === 'warning').length).toBe(row.warnings);
    }
  });

  it('files an approved protocol for every study under way, its file stored and its approval signature bound to the file', async () => {
    const { rows } = await sql<{ code: string; protocols: { status: string; sha256: string; versionCount: number; signatureHash: string | null }[] }>`
      select st.code, coalesce((select jsonb_agg(jsonb_build_object('status', d.status, 'sha256', v.sha256, 'versionCount', d.version_count,
               'signatureHash', (select s.content_hash from signatures s where s.document_version_id = v.id and s.meaning = 'approval' order by s.id desc limit 1)))
          from documents d join document_versions v on v.id = d.current_version_id
         where d.study_id = st.id and d.artifact_number = '02.01.02' and d.site_id is null), '[]'::jsonb) as protocols
        from studies st where st.status <> 'planning' order by st.id`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const study of rows) {
      const approved = study.protocols.filter((p) => p.status === 'approved');
      expect(approved.length, study.code).toBeGreaterThanOrEqual(1);
      for (const p of approved) {
        expect(fs.existsSync(path.join(TEST_STORAGE_DIR, p.sha256.slice(0, 2), p.sha256)), study.code).toBe(true);
        expect(p.signatureHash, study.code).toBe(p.sha256);
        expect(p.versionCount).toBeGreaterThanOrEqual(2);
      }
    }
    // Every stored version's file is there and is a PDF of its recorded size.
    const versions = (await sql<{ sha256: string; sizeBytes: number }>`select sha256, size_bytes from document_versions`.execute(t.database.db)).rows;
    expect(versions.length).toBeGreaterThan(0);
    for (const v of versions) {
      const file = path.join(TEST_STORAGE_DIR, v.sha256.slice(0, 2), v.sha256);
      expect(fs.statSync(file).size).toBe(v.sizeBytes);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Every approval signature is of the version it approves, and every approved version has one.
    expect(
      await count(sql`select count(*)::int as n from document_versions v where (v.approved_at is not null) <> exists (
                        select 1 from signatures s where s.document_version_id = v.id and s.meaning = 'approval' and s.content_hash = v.sha256 and s.signer_id = v.approved_by)`),
    ).toBe(0);
  });

  it('keeps document statuses consistent with their review history and expiry', async () => {
    // Some documents have lapsed, some expire within 30 days; none is past its expiry date without being expired.
    expect(await count(sql`select count(*)::int as n from documents where status = 'expired'`)).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from documents d join document_versions v on v.id = d.current_version_id
                      where d.status in ('draft', 'current', 'approved') and v.expiry_date between ${TEST_TODAY}::date and ${TEST_TODAY}::date + 30`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from documents d join document_versions v on v.id = d.current_version_id
                      where (d.status = 'expired') <> (v.expiry_date is not null and v.expiry_date < ${TEST_TODAY}::date)`),
    ).toBe(0);
    // In review: a named approver and a 'submitted' step for the current version; approved: an 'approved' step with its signature.
    expect(
      await count(sql`select count(*)::int as n from documents d where
                        (d.review_status = 'in-review' and (d.approver_id is null or d.status <> 'draft' or not exists (
                           select 1 from document_review_steps s where s.document_id = d.id and s.version_id = d.current_version_id and s.action = 'submitted')))
                     or (d.status = 'approved' and not exists (
                           select 1 from document_review_steps s where s.document_id = d.id and s.version_id = d.current_version_id and s.action = 'approved' and s.signature_id is not null))
                     or (d.status = 'expired' and not exists (select 1 from document_review_steps s where s.document_id = d.id and s.action = 'expired'))
                     or exists (select 1 from document_versions v where v.document_id = d.id and not exists (
                           select 1 from document_review_steps s where s.version_id = v.id and s.action = 'uploaded'))`),
    ).toBe(0);
    // The completeness report has gaps to show.
    expect(
      await count(sql`select count(*)::int as n from study_sites ss cross join tmf_artifacts a
                      where ss.status = 'active' and a.expected_level = 'site' and not exists (
                        select 1 from documents d where d.study_id = ss.study_id and d.site_id = ss.site_id and d.artifact_number = a.number)`),
    ).toBeGreaterThan(0);
  });

  it('has regulatory submissions in every status, each step recorded and every submitted one dated', async () => {
    const statuses = (await sql<{ status: string }>`select distinct status from regulatory_submissions order by status`.execute(t.database.db)).rows.map((r) => r.status);
    expect(statuses).toEqual(['approved', 'draft', 'pending', 'rejected', 'submitted']);
    expect(
      await count(sql`select count(*)::int as n from regulatory_submissions r where r.status <> 'draft' and (r.submitted_date is null
                        or not exists (select 1 from submission_steps s where s.submission_id = r.id and s.to_status = 'submitted' and s.step_date = r.submitted_date))`),
    ).toBe(0);
    // Each submission's steps lead from its creation to its status, dated in order and never after today.
    const { rows } = await sql<{ status: string; steps: { from: string | null; to: string; date: string }[] }>`
      select r.status, jsonb_agg(jsonb_build_object('from', s.from_status, 'to', s.to_status, 'date', s.step_date) order by s.id) as steps
        from regulatory_submissions r join submission_steps s on s.submission_id = r.id group by r.id`.execute(t.database.db);
    expect(rows.length).toBe(await count(sql`select count(*)::int as n from regulatory_submissions`));
    for (const r of rows) {
      expect(r.steps[0]!.from).toBeNull();
      expect(r.steps.at(-1)!.to).toBe(r.status);
      r.steps.forEach((s, i) => {
        expect(s.date <= TEST_TODAY).toBe(true);
        if (i > 0) expect([s.from, s.date >= r.steps[i - 1]!.date]).toEqual([r.steps[i - 1]!.to, true]);
      });
    }
    // Submitted ones went out with their required artifacts linked and approved, and record the version sent.
    expect(
      await count(sql`select count(*)::int as n from regulatory_submissions r join submission_types t on t.code = r.type_code
                      cross join unnest(t.required_artifacts) req(number)
                      where r.status <> 'draft' and not exists (
                        select 1 from submission_documents sd join documents d on d.id = sd.document_id join document_versions v on v.id = sd.submitted_version_id
                         where sd.submission_id = r.id and d.artifact_number = req.number and v.approved_at::date <= r.submitted_date)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from submission_documents sd join regulatory_submissions r on r.id = sd.submission_id
                      where (r.status = 'draft') <> (sd.submitted_version_id is null)`),
    ).toBe(0);
    // Some are overdue: not decided and past their due date.
    expect(await count(sql`select count(*)::int as n from regulatory_submissions where status not in ('approved', 'rejected') and due_date < ${TEST_TODAY}::date`)).toBeGreaterThan(0);
  });

  it('leaves the audit chain intact', async () => {
    expect((await verifyAuditChain(t.database.db)).valid).toBe(true);
  });
});

