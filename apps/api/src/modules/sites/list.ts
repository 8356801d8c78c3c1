// sites.list and sites.summary: filtered, sorted and paged in SQL. Per-site figures are computed by
// lateral subqueries for the page's rows only:
//   enrollmentTarget  = sum of the site's study_sites.enrollment_target (studies that count, see scope.ts)
//   currentEnrollment = subjects at the site, in those studies, whose status is enrolled or completed
//                       (summed from patient_counts, the per study/site/status counts kept by a trigger)
//   studyCount        = number of those studies;  studyId = the lowest of their ids, or null
//   lastActivity      = greatest(site.updated_at, its study_sites' updated_at, its subjects' updated_at):
//                       every write to these rows sets updated_at, so this is the time of the latest
//                       audited change to the site or its subjects without reading the audit trail.
import { sql, type Db } from '@ctp/db';
import type { SiteListInput, SiteSummary, SitesOverview } from '@ctp/contracts';
import { containsPattern, pageWindow, type Fragment } from '../../sql-helpers.ts';
import type { SiteScope } from './scope.ts';

/** A site as read: its timestamps are Dates until toSiteSummary writes them as the contract's ISO strings. */
export interface SiteRow extends Omit<SiteSummary, 'createdAt' | 'lastActivity'> {
  createdAt: Date;
  lastActivity: Date | null;
  city: string | null;
  country: string;
  phone: string | null;
  email: string | null;
  version: number;
}

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

/** Site rows with their computed figures, ordered by site number. */
export async function siteRows(
  db: Db,
  scope: SiteScope,
  where: Fragment<boolean>,
  limit: number,
  offset: number,
): Promise<SiteRow[]> {
  const bounds = pageWindow({ limit, offset });
  const { rows } = await sql<SiteRow>`
    with page as (
      select s.* from sites s where ${where} order by s.site_number limit ${bounds.limit} offset ${bounds.offset}
    )
    select page.id, page.site_number, page.name as site_name, page.principal_investigator, page.address, page.status,
      agg.enrollment_target, enr.current_enrollment, agg.study_count,
      greatest(page.updated_at, agg.last_change, subj.last_change) as last_activity,
      page.created_at, agg.first_study_id as study_id,
      page.city, page.country, page.phone, page.email, page.version
    from page
    cross join lateral (
      select coalesce(sum(ss.enrollment_target), 0)::int as enrollment_target, count(*)::int as study_count,
             min(ss.study_id) as first_study_id, max(ss.updated_at) as last_change
      from study_sites ss where ss.site_id = page.id and ${scope.studyCounts('ss.study_id')}
    ) agg
    cross join lateral (
      select coalesce(sum(pc.n), 0)::int as current_enrollment from patient_counts pc
      where pc.site_id = page.id and pc.status in ('enrolled', 'completed') and ${scope.studyCounts('pc.study_id')}
    ) enr
    cross join lateral (
      -- Through the site's study_sites rows (every subject's study and site is one: foreign key), so
      -- each probe of patients is by one study and one site, in whatever plan PostgreSQL reuses.
      select max(p.updated_at) as last_change
      from study_sites ls join patients p on p.study_id = ls.study_id and p.site_id = ls.site_id
      where ls.site_id = page.id and ${scope.studyCounts('ls.study_id')}
    ) subj
    order by page.site_number`.execute(db);
  return rows;
}

export function toSiteSummary(row: SiteRow): SiteSummary {
  const { city: _c, country: _co, phone: _p, email: _e, version: _v, createdAt, lastActivity, ...summary } = row;
  return { ...summary, createdAt: createdAt.toISOString(), lastActivity: lastActivity?.toISOString() ?? null };
}

export async function listSites(db: Db, scope: SiteScope, input: SiteListInput) {
  const where = siteWhere(scope, input);
  const { rows } = await sql<{
    total: number;
  }>`select count(*)::int as total from sites s where ${where}`.execute(db);
  const total = rows[0]?.total ?? 0;
  const items =
    total > input.offset
      ? (await siteRows(db, scope, where, input.limit, input.offset)).map(toSiteSummary)
      : [];
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
  const { rows } = await sql<Omit<SitesOverview, 'enrollmentRate'>>`
    with vs as (select s.id, s.status from sites s where ${where})
    select
      (select count(*) from vs where vs.status = 'active')::int as active_sites,
      (select count(*) from vs where vs.status = 'pending')::int as pending_sites,
      (select coalesce(sum(ss.enrollment_target), 0) from study_sites ss
         where ss.site_id in (select id from vs) and ${scope.studyCounts('ss.study_id')})::int as total_target,
      (select coalesce(sum(pc.n), 0) from patient_counts pc
         where pc.site_id in (select id from vs) and pc.status in ('enrolled', 'completed')
           and ${scope.studyCounts('pc.study_id')})::int as total_enrollment`.execute(db);
  const r = rows[0]!;
  const enrollmentRate = r.totalTarget > 0 ? Math.round((r.totalEnrollment / r.totalTarget) * 1000) / 10 : 0;
  return { ...r, enrollmentRate };
}
