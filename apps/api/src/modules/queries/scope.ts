// Which queries a user sees: those of the studies in scope; site staff only their own sites'. One SQL
// condition for the list, its counts, the reports and the export.
import { sql } from '@ctp/db';
import type { QueryFilterInput } from '@ctp/contracts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { containsPattern, type Fragment } from '../../sql-helpers.ts';

/** Site staff's own (study, site) pairs as a SQL condition on q.study_id / q.site_id. */
function ownSites(scope: StudyScope): Fragment<boolean> {
  if (!scope.siteScoped || scope.sites.size === 0) return sql<boolean>`true`;
  const pairs = [...scope.sites].flatMap(([studyId, sites]) => sites.map((siteId) => sql`(${studyId}::int, ${siteId}::int)`));
  // Studies where the membership names no site are seen whole.
  const whole = scope.studyIds.filter((s) => !scope.sites.has(s));
  const wholeCheck = whole.length ? sql`or q.study_id = any(${`{${whole.join(',')}}`}::int[])` : sql``;
  return sql<boolean>`((q.study_id, q.site_id) in (${sql.join(pairs)}) ${wholeCheck})`;
}

export function queryWhere(scope: StudyScope, f: QueryFilterInput, opts: { ignoreStatus?: boolean } = {}): Fragment<boolean> {
  const parts: Fragment<boolean>[] = [inStudies('q.study_id', visibleStudyIds(scope)), ownSites(scope)];
  if (f.studyId) parts.push(sql<boolean>`q.study_id = ${f.studyId}`);
  if (f.patientId) parts.push(sql<boolean>`q.patient_id = ${f.patientId}`);
  if (f.submissionId) parts.push(sql<boolean>`q.submission_id = ${f.submissionId}`);
  if (!opts.ignoreStatus && f.status) parts.push(sql<boolean>`q.status = ${f.status}`);
  if (!opts.ignoreStatus && f.live) parts.push(sql<boolean>`q.status in ('open', 'answered', 'reopened')`);
  if (f.priority) parts.push(sql<boolean>`q.priority = ${f.priority}`);
  if (f.type) parts.push(sql<boolean>`q.type = ${f.type}`);
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(sql<boolean>`(q.code ilike ${p} or q.description ilike ${p} or exists (select 1 from patients px where px.id = q.patient_id and px.subject_code ilike ${p}))`);
  }
  return sql.join(parts, sql` and `) as Fragment<boolean>;
}
