// The demo data tells one coherent story: what the app itself would refuse or never produce does not
// appear in it, and record dates come before what happens to the records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { blockingIssues, evaluateForm, formDefinition, type FormValues } from '@ctp/contracts';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
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
});

