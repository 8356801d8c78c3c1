// The inclusions list against a real database: the visit grid from the subjects' visits, server-side
// paging, sorting and search, site staff's own sites, Export (ticked or all) and Archive with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, parseCsv, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;
let subjects: number;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const { rows } = await sql<{ studyId: number; n: number }>`
    select p.study_id, count(*)::int as n from patients p group by 1 order by 2 desc limit 1`.execute(t.database.db);
  ({ studyId, n: subjects } = rows[0]!);
});
afterAll(() => t.cleanup());

describe('inclusions.list', () => {
  it('pages a study\'s subjects with each visit column from its visits', async () => {
    const page = await as.monitor!.inclusions.list({ studyId, limit: 10 });
    expect(page.total).toBe(subjects);
    expect(page.items).toHaveLength(Math.min(10, subjects));
    const row = page.items[0]!;
    const { rows } = await sql<{ code: string; status: string; date: string }>`
      select vd.code, sv.status, coalesce(sv.actual_date, sv.scheduled_date)::text as date from subject_visits sv
        join visit_definitions vd on vd.id = sv.visit_definition_id where sv.patient_id = ${row.id}`.execute(t.database.db);
    const byCode = Object.fromEntries(rows.map((r) => [r.code, { status: r.status, date: r.date }]));
    expect(row.selectionVisit).toEqual(byCode.SEL ?? { status: null, date: null });
    expect(row.d28Visit).toEqual(byCode.D28 ?? { status: null, date: null });
    expect(row.telemedicine).toEqual(byCode.TELE ?? { status: null, date: null });
    // Any page: the last one holds the remainder.
    const lastOffset = Math.floor((subjects - 1) / 10) * 10;
    const last = await as.monitor!.inclusions.list({ studyId, limit: 10, offset: lastOffset });
    expect(last.items).toHaveLength(subjects - lastOffset);
  });

  it('sorts by subject code and by status, and searches the code', async () => {
    const byCode = await as.monitor!.inclusions.list({ studyId, sort: 'patientId', limit: 50 });
    const codes = byCode.items.map((r) => r.patientId);
    expect(codes).toEqual([...codes].sort());
    const byStatus = await as.monitor!.inclusions.list({ studyId, sort: 'status', limit: 50 });
    const statuses = byStatus.items.map((r) => r.status);
    expect(statuses).toEqual([...statuses].sort());
    const one = await as.monitor!.inclusions.list({ studyId, search: codes[1]!, limit: 10 });
    expect(one.items.map((r) => r.patientId)).toEqual([codes[1]]);
    // Case does not matter, and a part of the code finds every code holding it.
    const lower = await as.monitor!.inclusions.list({ studyId, search: codes[1]!.toLowerCase(), limit: 10 });
    expect(lower.items.map((r) => r.patientId)).toEqual([codes[1]]);
    const part = codes[1]!.slice(-3);
    const some = await as.monitor!.inclusions.list({ studyId, search: part, sort: 'patientId', limit: 50 });
    const found = some.items.map((r) => r.patientId);
    expect(found.every((c) => c.includes(part))).toBe(true);
    // Both in code order: up to the last code of the first page, the matches are those of that page.
    expect(found.filter((c) => c <= codes.at(-1)!)).toEqual(codes.filter((c) => c.includes(part)));
  });

  it('refuses a page size the screen does not offer', async () => {
    await rejects(as.monitor!.inclusions.list({ studyId, limit: 13 as never }), 'BAD_REQUEST');
  });

  it('shows site staff their own sites only', async () => {
    const { rows } = await sql<{ studyId: number; siteId: number }>`
      select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id
       where u.email = 'investigator@demo.local' and m.site_id is not null order by m.study_id limit 1`.execute(t.database.db);
    const page = await as.investigator!.inclusions.list({ studyId: rows[0]!.studyId, limit: 50 });
    const own = await sql<{ n: number }>`select count(*)::int as n from patients where study_id = ${rows[0]!.studyId} and site_id = ${rows[0]!.siteId}`.execute(t.database.db);
    expect(page.total).toBe(own.rows[0]!.n);
  });
});

describe('inclusions export and archive', () => {
  it('exports the ticked subjects, or every match with select-all, as CSV', async () => {
    const page = await as.monitor!.inclusions.list({ studyId, sort: 'patientId', limit: 10 });
    const ticked = page.items.slice(0, 3);
    const file = await as.monitor!.inclusions.exportCsv({ studyId, selection: { ids: ticked.map((r) => r.id) } });
    const records = parseCsv(file.content);
    expect(records[0]!.slice(0, 4)).toEqual(['ID', 'Site', 'Status', 'Start date']);
    expect(records.slice(1).map((r) => r[0])).toEqual(ticked.map((r) => r.patientId));
    const all = await as.monitor!.inclusions.exportCsv({ studyId, selection: { all: true } });
    expect(all.rows).toBe(subjects);
  });

  it('archives the selection with a reason: out of the default list, in the archived filter, in the audit trail', async () => {
    const page = await as['study-manager']!.inclusions.list({ studyId, sort: 'patientId', limit: 10 });
    const chosen = page.items.slice(0, 2).map((r) => r.id);
    await rejects(as.monitor!.inclusions.archive({ studyId, selection: { ids: chosen }, reason: 'Duplicate entries' }), 'FORBIDDEN');
    const result = await as['study-manager']!.inclusions.archive({ studyId, selection: { ids: chosen }, reason: 'Duplicate entries' });
    expect(result.archived).toBe(2);
    const after = await as.monitor!.inclusions.list({ studyId, limit: 50 });
    expect(after.total).toBe(subjects - 2);
    const archived = await as.monitor!.inclusions.list({ studyId, archived: true, limit: 50 });
    expect(archived.items.map((r) => r.id).sort()).toEqual([...chosen].sort());
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_events where table_name = 'patients' and reason = 'Duplicate entries'`.execute(t.database.db);
    expect(rows[0]!.n).toBe(2);
    expect(await t.database.db.selectFrom('patients').select('id').where('id', 'in', chosen).execute()).toHaveLength(2);
  });
});
