// Which documents a user sees: those of the studies in scope; site staff see trial-level documents and
// their own sites' (a membership naming no site sees the whole study). One SQL condition for the list,
// its tiles, the tree, the completeness report and the REST path.
import { sql } from '@ctp/db';
import { DOCUMENT_EXPIRY_WARNING_DAYS, type DocumentFilterInput } from '@ctp/contracts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { containsPattern, type Fragment } from '../../sql-helpers.ts';

export function ownSitesOrTrialLevel(scope: StudyScope, alias = 'd'): Fragment<boolean> {
  if (!scope.siteScoped || scope.sites.size === 0) return sql<boolean>`true`;
  const site = sql.ref(`${alias}.site_id`);
  const study = sql.ref(`${alias}.study_id`);
  const pairs = [...scope.sites].flatMap(([studyId, sites]) => sites.map((siteId) => sql`(${studyId}::int, ${siteId}::int)`));
  const whole = scope.studyIds.filter((s) => !scope.sites.has(s));
  const wholeCheck = whole.length ? sql`or ${study} = any(${`{${whole.join(',')}}`}::int[])` : sql``;
  return sql<boolean>`(${site} is null or (${study}, ${site}) in (${sql.join(pairs)}) ${wholeCheck})`;
}

/** `documentId` (internal, for one document's row) also finds a withdrawn one. */
export function documentWhere(scope: StudyScope, f: DocumentFilterInput & { documentId?: number }, today: string): Fragment<boolean> {
  const parts: Fragment<boolean>[] = [inStudies('d.study_id', visibleStudyIds(scope)), ownSitesOrTrialLevel(scope)];
  if (f.documentId) parts.push(sql<boolean>`d.id = ${f.documentId}`);
  if (f.studyId) parts.push(sql<boolean>`d.study_id = ${f.studyId}`);
  if (f.siteId) parts.push(sql<boolean>`d.site_id = ${f.siteId}`);
  if (f.status) parts.push(sql<boolean>`d.status = ${f.status}`);
  else if (!f.documentId) parts.push(sql<boolean>`d.status <> 'withdrawn'`);
  if (f.reviewStatus) parts.push(sql<boolean>`d.review_status = ${f.reviewStatus}`);
  if (f.reviewQueue) parts.push(sql<boolean>`d.review_status <> 'complete' and d.status not in ('withdrawn', 'expired')`);
  if (f.tmf) parts.push(sql<boolean>`d.artifact_number like ${`${f.tmf}%`}`);
  if (f.expiring) {
    parts.push(sql<boolean>`d.status in ('draft', 'current', 'approved') and exists (select 1 from document_versions xv where xv.id = d.current_version_id
      and xv.expiry_date between ${today}::date and ${today}::date + ${DOCUMENT_EXPIRY_WARNING_DAYS}::int)`);
  }
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(sql<boolean>`(d.title ilike ${p} or d.code ilike ${p} or d.artifact_number like ${p}
      or exists (select 1 from tmf_artifacts sa where sa.number = d.artifact_number and sa.name ilike ${p}))`);
  }
  return sql.join(parts, sql` and `) as Fragment<boolean>;
}
