// Completeness: the artifacts the TMF Reference Model data marks as expected — once per study ('trial')
// or once per active study site ('site') — against the documents filed. Each expectation is
//   present  a document of the artifact (for that site) is current or approved
//   pending  only drafts or documents in review
//   expired  only expired ones
//   missing  none at all
// completeness = present / expected. Exportable as CSV.
import { sql, type Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { visibleStudyIds } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { toCsv, type FileOutput } from '../../csv.ts';
import { todayIso } from '../../sql-helpers.ts';
import { ownSitesOrTrialLevel } from './scope.ts';

export type ExpectationState = 'present' | 'pending' | 'expired' | 'missing';

export interface ExpectationRow {
  studyId: number;
  studyCode: string;
  siteId: number | null;
  siteNumber: string | null;
  siteName: string | null;
  artifactNumber: string;
  artifactName: string;
  state: ExpectationState;
  documentId: number | null;
  documentCode: string | null;
}

export async function completenessRows(db: Db, scope: StudyScope, f: { studyId?: number; siteId?: number }): Promise<ExpectationRow[]> {
  const studies = sql<boolean>`${inStudies('st.id', visibleStudyIds(scope))} ${f.studyId ? sql`and st.id = ${f.studyId}` : sql``}`;
  // Site staff: their own sites' expectations and the trial-level ones.
  const siteVisible = ownSitesOrTrialLevel(scope, 'e');
  const { rows } = await sql<ExpectationRow>`
    with expected as (
      select st.id as study_id, st.code as study_code, null::int as site_id, a.number, a.name
        from studies st cross join tmf_artifacts a where a.expected_level = 'trial' and ${studies}
      union all
      select st.id, st.code, ss.site_id, a.number, a.name
        from studies st join study_sites ss on ss.study_id = st.id and ss.status = 'active'
        cross join tmf_artifacts a where a.expected_level = 'site' and ${studies}
    ), e as (select * from expected)
    select e.study_id as "studyId", e.study_code as "studyCode", e.site_id as "siteId", si.site_number as "siteNumber", si.name as "siteName",
           e.number as "artifactNumber", e.name as "artifactName",
           case when best.rank = 1 then 'present' when best.rank = 2 then 'pending' when best.rank = 3 then 'expired' else 'missing' end as state,
           best.id as "documentId", best.code as "documentCode"
      from e
      left join sites si on si.id = e.site_id
      left join lateral (
        select d.id, d.code, case when d.status in ('current', 'approved') then 1 when d.status = 'draft' then 2 else 3 end as rank
          from documents d
         where d.study_id = e.study_id and d.artifact_number = e.number and d.site_id is not distinct from e.site_id and d.status <> 'withdrawn'
         order by rank, d.updated_at desc limit 1) best on true
     where ${siteVisible} ${f.siteId ? sql`and (e.site_id = ${f.siteId} or e.site_id is null)` : sql``}
     order by e.study_code, e.site_id nulls first, e.number`.execute(db);
  return rows;
}

export async function completenessReport(db: Db, scope: StudyScope, f: { studyId?: number; siteId?: number }) {
  const rows = await completenessRows(db, scope, f);
  const byStudy = new Map<number, { studyId: number; studyCode: string; expected: number; present: number; pending: number; expired: number; missing: number }>();
  for (const r of rows) {
    const s = byStudy.get(r.studyId) ?? { studyId: r.studyId, studyCode: r.studyCode, expected: 0, present: 0, pending: 0, expired: 0, missing: 0 };
    s.expected++;
    s[r.state]++;
    byStudy.set(r.studyId, s);
  }
  const studies = [...byStudy.values()].map((s) => ({ ...s, completeness: s.expected ? Math.round((s.present / s.expected) * 1000) / 10 : 0 }));
  const expected = rows.length;
  const present = rows.filter((r) => r.state === 'present').length;
  return {
    formula: 'completeness = expected artifacts present (current or approved) / expected artifacts, per study and over all',
    expected,
    present,
    completeness: expected ? Math.round((present / expected) * 1000) / 10 : 0,
    studies,
    gaps: rows.filter((r) => r.state !== 'present'),
  };
}

export async function completenessCsv(db: Db, scope: StudyScope, f: { studyId?: number; siteId?: number }): Promise<FileOutput> {
  const rows = await completenessRows(db, scope, f);
  return {
    filename: `tmf-completeness-${todayIso()}.csv`,
    contentType: 'text/csv; charset=utf-8',
    content: toCsv(
      ['Study', 'Site number', 'Site', 'Artifact', 'Artifact name', 'State', 'Document'],
      rows.map((r) => [r.studyCode, r.siteNumber, r.siteName, r.artifactNumber, r.artifactName, r.state, r.documentCode]),
    ),
  };
}
