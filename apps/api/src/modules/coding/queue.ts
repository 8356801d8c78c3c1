// The coding queue: decisions in the user's scope (site staff: their own sites'), proposals first,
// with the subject, form and the proposed or chosen path; and its counts per status.
import { sql, type Db } from '@ctp/db';
import type { CodingStatus } from '@ctp/contracts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { containsPattern, pageWindow, type Fragment } from '../../sql-helpers.ts';
import { ownSitesOrTrialLevel } from '../etmf/scope.ts';

interface QueueFilter {
  studyId?: number;
  status?: CodingStatus;
  search?: string;
}

function queueWhere(scope: StudyScope, f: QueueFilter, withStatus = true): Fragment<boolean> {
  const parts: Fragment<boolean>[] = [inStudies('c.study_id', visibleStudyIds(scope)), ownSitesOrTrialLevel(scope, 'c')];
  if (f.studyId) parts.push(sql<boolean>`c.study_id = ${f.studyId}`);
  if (withStatus && f.status) parts.push(sql<boolean>`c.status = ${f.status}`);
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(sql<boolean>`(c.verbatim ilike ${p} or c.llt_name ilike ${p} or c.pt_name ilike ${p} or exists (select 1 from form_submissions fs join patients px on px.id = fs.patient_id where fs.id = c.submission_id and px.subject_code ilike ${p}))`);
  }
  return sql.join(parts, sql` and `) as Fragment<boolean>;
}

export async function codingQueue(db: Db, scope: StudyScope, f: QueueFilter & { limit: number; offset: number }) {
  const w = pageWindow(f);
  const { rows } = await sql<{
    id: number; studyCode: string; siteName: string; subject: string; patientId: number; formName: string; submissionId: number; fieldPath: string;
    verbatim: string; status: CodingStatus; method: string; score: number | null; reasons: string | null; lltCode: string | null; lltName: string | null;
    ptCode: string | null; ptName: string | null; hltName: string | null; hlgtName: string | null; socName: string | null; decidedBy: string | null;
    decidedAt: Date | null; dictionary: string; isDemo: boolean; version: number; total: number;
  }>`
    select c.id, st.code as "studyCode", si.name as "siteName", p.subject_code as subject, p.id as "patientId", f.name as "formName", c.submission_id as "submissionId",
           c.field_path as "fieldPath", c.verbatim, c.status, c.method, c.score, c.reasons, c.llt_code as "lltCode", c.llt_name as "lltName",
           c.pt_code as "ptCode", c.pt_name as "ptName", c.hlt_name as "hltName", c.hlgt_name as "hlgtName", c.soc_name as "socName",
           u.full_name as "decidedBy", c.decided_at as "decidedAt", d.label as dictionary, d.is_demo as "isDemo", c.version, count(*) over ()::int as total
      from coding_decisions c
      join studies st on st.id = c.study_id
      join sites si on si.id = c.site_id
      join form_submissions fs on fs.id = c.submission_id
      join patients p on p.id = fs.patient_id
      join forms f on f.id = fs.form_id
      join coding_dictionaries d on d.id = c.dictionary_id
      left join users u on u.id = c.decided_by
     where ${queueWhere(scope, f)}
     order by (c.status = 'proposed') desc, c.id desc
     limit ${w.limit} offset ${w.offset}`.execute(db);
  return {
    items: rows.map(({ total: _, ...r }) => ({ ...r, score: r.score === null ? null : Number(r.score), decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null })),
    total: rows[0]?.total ?? 0,
    limit: f.limit,
    offset: f.offset,
  };
}

export async function codingCounts(db: Db, scope: StudyScope, f: QueueFilter) {
  const { rows } = await sql<{ proposed: number; coded: number; uncodable: number; bySynonym: number }>`
    select count(*) filter (where c.status = 'proposed')::int as proposed, count(*) filter (where c.status = 'coded')::int as coded,
           count(*) filter (where c.status = 'uncodable')::int as uncodable, count(*) filter (where c.method = 'study synonym')::int as "bySynonym"
      from coding_decisions c where ${queueWhere(scope, f, false)}`.execute(db);
  return rows[0]!;
}
