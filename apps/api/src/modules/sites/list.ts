// sites.list and sites.summary: filtered, sorted and paged in SQL. Per-site figures are computed by
// lateral subqueries for the page's rows only:
//   enrollmentTarget  = sum of the site's study_sites.enrollment_target (studies that count, see scope.ts)
//   currentEnrollment = subjects at the site, in those studies, whose status is enrolled or completed
//                       (summed from patient_counts, the per study/site/status counts kept by a trigger)
//   studyCount        = number of those studies;  studyId = the lowest of their ids, or null
//   lastActivity      = greatest(site.updated_at, its study_sites' updated_at, its subjects' updated_at):
//                       every write to these rows sets updated_at, so this is the time of the latest
//                       audited change to the site or its subjects without reading the audit trail
//                       (the subjects' latest is kept per study, site and status in patient_counts).
import { sql, type Db } from '@ctp/db';
import type { SiteDetail, SiteListInput, SiteSummary, SitesOverview } from '@ctp/contracts';
import { containsPattern, isoTimestamp, pageWindow, type Fragment } from '../../sql-helpers.ts';
import type { SiteScope } from './scope.ts';
import { isCurrentEnrollment } from '../studies/scope-sql.ts';

/** A site with the fields its detail adds to the list's (sitePage's `contact` option). */
export type SiteWithContact = SiteSummary & Pick<SiteDetail, 'city' | 'country' | 'phone' | 'email' | 'version'>;

/** The list's filters as SQL conditions on `sites s` (AND-combined with the scope). */
export function siteWhere(
  scope: SiteScope,
  input: Pick<SiteListInput, 'siteId' | 'status' | 'search' | 'studyId'>,
): Fragment<boolean> {
  const conditions: Fragment<boolean>[] = [scope.visible];
  if (input.siteId !== undefined) conditions.push(sql`s.id = ${input.siteId}`);
  // Within one study the status that matters is the site's status in that study (a site may be active
  // for one study and still pending for another); otherwise the site's own status.
  if (input.status && input.studyId !== undefined) {
    conditions.push(sql`exists (select 1 from study_sites fss
                                where fss.site_id = s.id and fss.study_id = ${input.studyId} and fss.status = ${input.status})`);
  } else if (input.status) {
    conditions.push(sql`s.status = ${input.status}`);
  }
  if (input.search) {
    const p = containsPattern(input.search);
    conditions.push(
      sql`(s.site_number ilike ${p} or s.name ilike ${p} or s.city ilike ${p} or s.country ilike ${p})`,
    );
  }
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/**
 * One page of the sites `where` selects, ordered by site number, with their computed figures, and how
 * many sites it selects in all: one statement. The selected sites' ids are collected once (a hash
 * semi-join for a scoped user) and both the total and the page are read from them, so the plan does
 * not hinge on how many sites a scope holds and PostgreSQL keeps one reusable plan: the alternative,
 * walking the site-number index until a page is full, is best for a wide scope and worst for a narrow
 * one, and the reusable plan cannot tell them apart.
 * PostgreSQL writes the page as one JSON array in the contract's shape (timestamps as ISO strings),
 * read without the camelCase mapping: no row objects to parse, rename and copy per site.
 */
export async function sitePage(
  db: Db,
  scope: SiteScope,
  where: Fragment<boolean>,
  page: { limit: number; offset: number },
): Promise<{ total: number; items: SiteSummary[] }>;
export async function sitePage(
  db: Db,
  scope: SiteScope,
  where: Fragment<boolean>,
  page: { limit: number; offset: number },
  options: { contact: true },
): Promise<{ total: number; items: SiteWithContact[] }>;
export async function sitePage(
  db: Db,
  scope: SiteScope,
  where: Fragment<boolean>,
  page: { limit: number; offset: number },
  options?: { contact: true },
): Promise<{ total: number; items: SiteSummary[] }> {
  const bounds = pageWindow(page);
  const contact = options?.contact
    ? sql`, 'city', s.city, 'country', s.country, 'phone', s.phone, 'email', s.email, 'version', s.version`
    : sql``;
  const { rows } = await sql<{ total: number; items: SiteSummary[] }>`
    with selected as materialized (select s.id, s.site_number from sites s where ${where}),
    page as materialized (
      select sel.id from selected sel order by sel.site_number limit ${bounds.limit} offset ${bounds.offset}
    )
    select (select count(*)::int from selected) as total,
      coalesce((select json_agg(json_build_object(
        'id', s.id, 'siteNumber', s.site_number, 'siteName', s.name,
        'principalInvestigator', s.principal_investigator, 'address', s.address, 'status', s.status,
        'enrollmentTarget', agg.enrollment_target, 'currentEnrollment', subj.current_enrollment,
        'studyCount', agg.study_count,
        'lastActivity', ${isoTimestamp(sql`greatest(s.updated_at, agg.last_change, subj.last_change)`)},
        'createdAt', ${isoTimestamp(sql`s.created_at`)}, 'studyId', agg.first_study_id ${contact}
      ) order by s.site_number)
      from page join sites s on s.id = page.id
      cross join lateral (
        select coalesce(sum(ss.enrollment_target), 0)::int as enrollment_target, count(*)::int as study_count,
               min(ss.study_id) as first_study_id, max(ss.updated_at) as last_change
        from study_sites ss where ss.site_id = s.id and ${scope.studyCounts('ss.study_id')}
      ) agg
      cross join lateral (
        -- patient_counts.last_change: the latest updated_at of the subjects counted (migration 0006).
        select coalesce(sum(pc.n) filter (where ${isCurrentEnrollment('pc.status')}), 0)::int as current_enrollment,
               max(pc.last_change) as last_change
        from patient_counts pc where pc.site_id = s.id and ${scope.studyCounts('pc.study_id')}
      ) subj), '[]') as items`.execute(db.withoutPlugins());
  return rows[0]!;
}

export async function listSites(db: Db, scope: SiteScope, input: SiteListInput) {
  const { total, items } = await sitePage(db, scope, siteWhere(scope, input), input);
  return { items, total, limit: input.limit, offset: input.offset };
}

/**
 * The Sites screen's tiles over the same sites as the list (one SQL statement):
 *   activeSites / pendingSites = sites whose own status is active / pending
 *   totalTarget     = sum of their study_sites targets (in the studies that count)
 *   totalEnrollment = their enrolled or completed subjects (in the studies that count)
 *   enrollmentRate  = totalEnrollment / totalTarget * 100, one decimal; 0 without a target
 */
export async function summarizeSites(
  db: Db,
  scope: SiteScope,
  input: Pick<SiteListInput, 'search'>,
): Promise<SitesOverview> {
  const where = siteWhere(scope, input);
  // Without a search, a study_sites or patient_counts row of a study that counts always belongs to a
  // listed site (the scope lists every site of those studies; a subject's study and site are a
  // study_sites row), so the sums need not look the sites up, and subjects are summed per study
  // (study_patient_counts, migration 0009).
  const ofListedSites = (column: string) =>
    input.search ? sql`and ${sql.ref(column)} in (select id from vs)` : sql``;
  const subjectCounts = input.search ? sql`patient_counts` : sql`study_patient_counts`;
  const { rows } = await sql<Omit<SitesOverview, 'enrollmentRate'>>`
    with vs as materialized (select s.id, s.status from sites s where ${where})
    select sites.*, targets.*, enrollment.*
    from (select count(*) filter (where vs.status = 'active')::int as active_sites,
                 count(*) filter (where vs.status = 'pending')::int as pending_sites from vs) sites,
         (select coalesce(sum(ss.enrollment_target), 0)::int as total_target from study_sites ss
           where ${scope.studyCounts('ss.study_id')} ${ofListedSites('ss.site_id')}) targets,
         (select coalesce(sum(pc.n), 0)::int as total_enrollment from ${subjectCounts} pc
           where ${isCurrentEnrollment('pc.status')} and ${scope.studyCounts('pc.study_id')}
             ${ofListedSites('pc.site_id')}) enrollment`.execute(db);
  const r = rows[0]!;
  const enrollmentRate = r.totalTarget > 0 ? Math.round((r.totalEnrollment / r.totalTarget) * 1000) / 10 : 0;
  return { ...r, enrollmentRate };
}
