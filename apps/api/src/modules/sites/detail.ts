// sites.byId: the site's summary and contact fields, the studies it takes part in (those the user may
// see) with per-study target, enrollment and activation, and its performance insights.
//   daysActive = whole days since createdAt, rounded
//   per study: currentEnrollment = subjects of that study at the site, enrolled or completed
import { TRPCError } from '@trpc/server';
import { sql, type Db } from '@ctp/db';
import type { SiteDetail, SiteStudy } from '@ctp/contracts';
import { sitePage } from './list.ts';
import type { SiteScope } from './scope.ts';
import { siteInsights, siteMetrics } from './insights.ts';
import { todayIso } from '../../sql-helpers.ts';
import { refuse } from '../../refusal.ts';

const DAY_MS = 86_400_000;

export function siteNotFound(): TRPCError {
  return refuse('NOT_FOUND', 'siteNotFound');
}

/** Throws NOT_FOUND unless the site exists and is visible; returns its number and status. */
export async function findVisibleSite(db: Db, scope: SiteScope, id: number) {
  const { rows } = await sql<{ id: number; siteNumber: string; status: string }>`
    select s.id, s.site_number, s.status from sites s where s.id = ${id} and ${scope.visible}`.execute(db);
  if (!rows[0]) throw siteNotFound();
  return rows[0];
}

export async function siteStudies(db: Db, scope: SiteScope, siteId: number): Promise<SiteStudy[]> {
  const { rows } = await sql<SiteStudy>`
    select st.id as study_id, st.code as study_code, st.title, st.status, ss.status as study_site_status,
           ss.enrollment_target, ss.assigned_on, ss.activated_on, ss.version,
           (select coalesce(sum(pc.n), 0) from patient_counts pc
             where pc.study_id = ss.study_id and pc.site_id = ss.site_id and pc.status in ('enrolled', 'completed'))::int
             as current_enrollment
    from study_sites ss join studies st on st.id = ss.study_id
    where ss.site_id = ${siteId} and ${scope.studyCounts('ss.study_id')}
    order by st.code`.execute(db);
  return rows;
}

export async function siteDetail(
  db: Db,
  scope: SiteScope,
  id: number,
  now = new Date(),
): Promise<SiteDetail> {
  const where = sql<boolean>`s.id = ${id} and ${scope.visible}`;
  const { items: [site] } = await sitePage(db, scope, where, { limit: 1, offset: 0 }, { contact: true });
  if (!site) throw siteNotFound();
  const today = todayIso(now);
  const studies = await siteStudies(db, scope, id);
  const metrics = await siteMetrics(db, id, scope.studyCounts, today);
  return {
    ...site,
    daysActive: Math.round((now.getTime() - Date.parse(site.createdAt)) / DAY_MS),
    studies,
    insights: siteInsights(metrics, studies, today),
  };
}
