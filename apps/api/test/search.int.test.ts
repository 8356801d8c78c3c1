// search.global against a real database: what each group finds, and that it finds only what the
// user may see (site staff: their own sites' subjects and queries; a sponsor: their studies).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import type { GlobalSearchResult, SearchKind } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
});
afterAll(() => t.cleanup());

const ids = (r: GlobalSearchResult, kind: SearchKind) => r.groups.find((g) => g.kind === kind)!.items.map((i) => i.id);

async function memberships(role: string) {
  const { rows } = await sql<{ studyId: number; siteId: number | null }>`
    select m.study_id, m.site_id from study_memberships m join users u on u.id = m.user_id
     where u.email = ${`${role}@demo.local`}`.execute(t.database.db);
  return rows;
}

describe('search.global', () => {
  it('finds a study by code and by title, a subject by code, each with the link that opens it', async () => {
    const { rows } = await sql<{ id: number; code: string; title: string }>`
      select id, code, title from studies order by id limit 1`.execute(t.database.db);
    const study = rows[0]!;
    const byCode = await as.admin!.search.global({ term: study.code.toLowerCase() });
    expect(ids(byCode, 'studies')[0]).toBe(study.id);
    expect(byCode.groups.find((g) => g.kind === 'studies')!.items[0]!.href).toBe(`/studies/${study.id}`);
    const byTitle = await as.admin!.search.global({ term: study.title.slice(0, 20).toUpperCase(), limit: 10 });
    expect(ids(byTitle, 'studies')).toContain(study.id);

    const subject = (await sql<{ id: number; subjectCode: string }>`
      select id, subject_code from patients order by id limit 1`.execute(t.database.db)).rows[0]!;
    const found = await as['data-manager']!.search.global({ term: subject.subjectCode.toLowerCase() });
    const items = found.groups.find((g) => g.kind === 'subjects')!.items;
    expect(items[0]).toMatchObject({ id: subject.id, title: subject.subjectCode, href: `/casebook/${subject.id}` });
  });

  it('shows site staff only their own sites\' subjects and queries', async () => {
    const own = await memberships('investigator');
    const pairs = own.filter((m) => m.siteId !== null);
    expect(pairs.length).toBeGreaterThan(0);
    // A term every subject of the investigator's first study has (its code's prefix), so the other
    // sites' subjects match too and only the scope keeps them out.
    const { rows } = await sql<{ subjectCode: string }>`
      select subject_code from patients where study_id = ${pairs[0]!.studyId} and site_id = ${pairs[0]!.siteId} limit 1`.execute(t.database.db);
    const term = rows[0]!.subjectCode.split('-')[0]!;
    const ownPatients = new Set(
      (await sql<{ id: number }>`
        select p.id from patients p join study_memberships m on m.study_id = p.study_id and (m.site_id is null or m.site_id = p.site_id)
          join users u on u.id = m.user_id
         where u.email = 'investigator@demo.local' and p.subject_code like ${`%${term}%`}`.execute(t.database.db)).rows.map((r) => r.id),
    );
    const mine = await as.investigator!.search.global({ term, limit: 10 });
    const subjects = ids(mine, 'subjects');
    expect(subjects.length).toBe(Math.min(10, ownPatients.size));
    for (const id of subjects) expect(ownPatients.has(id)).toBe(true);
    // A subject of the same study at another site: the admin finds it by its code, the investigator not.
    const { rows: others } = await sql<{ id: number; subjectCode: string }>`
      select id, subject_code from patients where study_id = ${pairs[0]!.studyId}
         and site_id <> all(${`{${pairs.filter((m) => m.studyId === pairs[0]!.studyId).map((m) => m.siteId).join(',')}}`}::int[])
       order by id limit 1`.execute(t.database.db);
    expect(others.length).toBe(1);
    const other = others[0]!;
    expect(ids(await as.admin!.search.global({ term: other.subjectCode }), 'subjects')).toContain(other.id);
    expect(ids(await as.investigator!.search.global({ term: other.subjectCode }), 'subjects')).not.toContain(other.id);

    // Every query code starts 'Q-': the scope alone decides which the investigator gets.
    const ownQueries = new Set(
      (await sql<{ id: number }>`
        select q.id from queries q join study_memberships m on m.study_id = q.study_id and (m.site_id is null or m.site_id = q.site_id)
          join users u on u.id = m.user_id where u.email = 'investigator@demo.local'`.execute(t.database.db)).rows.map((r) => r.id),
    );
    expect(ownQueries.size).toBeGreaterThan(0);
    const queries = ids(await as.investigator!.search.global({ term: 'Q-', limit: 10 }), 'queries');
    expect(queries.length).toBe(Math.min(10, ownQueries.size));
    for (const id of queries) expect(ownQueries.has(id)).toBe(true);
  });

  it('shows a sponsor only the studies of their memberships', async () => {
    const own = new Set((await memberships('sponsor')).map((m) => m.studyId));
    // Every study code carries its year: '-20' matches them all.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from studies where id = any(${`{${[...own].join(',')}}`}::int[]) and code like '%-20%'`.execute(t.database.db);
    const found = ids(await as.sponsor!.search.global({ term: '-20', limit: 10 }), 'studies');
    expect(found.length).toBe(Math.min(10, rows[0]!.n));
    for (const id of found) expect(own.has(id)).toBe(true);
    const all = ids(await as.admin!.search.global({ term: '-20', limit: 10 }), 'studies');
    expect(all.some((id) => !own.has(id))).toBe(true);
  });

  it('finds trial master file documents within scope (site staff: not another site\'s) and submissions', async () => {
    const { rows } = await sql<{ id: number; code: string }>`
      select d.id, d.code from documents d
       where d.site_id is not null and d.status <> 'withdrawn'
         and d.study_id in (select m.study_id from study_memberships m join users u on u.id = m.user_id where u.email = 'coordinator@demo.local')
         and d.site_id not in (select m.site_id from study_memberships m join users u on u.id = m.user_id where u.email = 'coordinator@demo.local' and m.site_id is not null)
       order by d.id limit 1`.execute(t.database.db);
    const other = rows[0]!;
    expect(ids(await as['study-manager']!.search.global({ term: other.code }), 'documents')).toEqual([other.id]);
    expect(ids(await as.coordinator!.search.global({ term: other.code }), 'documents')).toEqual([]);
    const found = await as['study-manager']!.search.global({ term: other.code });
    expect(found.groups.find((g) => g.kind === 'documents')!.items[0]!.href).toBe(`/etmf?doc=${other.id}`);
    const sub = await sql<{ id: number; number: string }>`select id, submission_number as number from regulatory_submissions order by id limit 1`.execute(t.database.db);
    const subs = (await as.admin!.search.global({ term: sub.rows[0]!.number })).groups.find((g) => g.kind === 'submissions')!;
    expect(subs.items[0]).toMatchObject({ id: sub.rows[0]!.id, href: `/ertms?submission=${sub.rows[0]!.id}` });
  });

  it('answers seven empty groups when nothing matches', async () => {
    const none = await as.monitor!.search.global({ term: 'zz no such thing zz' });
    expect(none.groups.map((g) => g.kind)).toEqual(['studies', 'subjects', 'sites', 'forms', 'queries', 'documents', 'submissions']);
    expect(none.groups.every((g) => g.items.length === 0)).toBe(true);
  });

  it('takes % and _ literally', async () => {
    const none = await as.admin!.search.global({ term: '%%' });
    expect(none.groups.every((g) => g.items.length === 0)).toBe(true);
  });

  it('refuses a one-character term', async () => {
    await rejects(as.admin!.search.global({ term: 'a' }), 'BAD_REQUEST', 'Type at least 2 characters');
    await rejects(as.admin!.search.global({ term: '  a  ' }), 'BAD_REQUEST');
  });
});
