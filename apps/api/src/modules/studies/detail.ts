// studies.byId: the spec's Study plus its CTMS fields, counts, duration and AI Study Insights.
// Three indexed queries whatever the study's size: the study row with site counts, the subject and
// visit figures (patients_study_status_idx, subject_visits_patient_idx), and the per-site enrollment.
import { TRPCError } from '@trpc/server';
import { sql, type Db } from '@ctp/db';
import { canSeeStudy, type StudyScope } from '../../access.ts';
import { studySummaryQuery, toStudySummary } from './summary-query.ts';
import { studyInsights } from './insights.ts';

const DAY_MS = 86_400_000;

export async function studyDetail(db: Db, scope: StudyScope, id: number) {
  if (!canSeeStudy(scope, id)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Study not found' });
  const row = await studySummaryQuery(db, null)
    .where('s.id', '=', id)
    .select([
      's.sponsorName',
      's.sponsorType',
      's.croName',
      's.croType',
      's.principalInvestigator',
      's.principalInvestigatorTitle',
      's.studyManager',
      's.studyManagerTitle',
      's.startDate',
      's.plannedEndDate',
      's.actualEndDate',
      's.budgetTotal',
      's.currency',
      's.updatedAt',
      's.version',
      sql<number>`(select count(*)::int from study_sites ss where ss.study_id = s.id)`.as('siteCount'),
      sql<number>`(select count(*)::int from study_sites ss where ss.study_id = s.id and ss.status = 'active')`.as('activeSiteCount'),
      sql<number>`(select count(*)::int from study_sites ss where ss.study_id = s.id and ss.status = 'pending')`.as('pendingSiteCount'),
    ])
    .executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Study not found' });

  const { rows: figureRows } = await sql<{
    today: string;
    total: number;
    screening: number;
    enrolled: number;
    completed: number;
    withdrawn: number;
    everEnrolled: number;
    firstEnrollment: string | null;
    missingDemographics: number;
    visitsDue: number;
    visitsDueNotCompleted: number;
  }>`
    select current_date as today, p.*, v.*
    from (select count(*)::int as total,
            count(*) filter (where status = 'screening')::int as screening,
            count(*) filter (where status = 'enrolled')::int as enrolled,
            count(*) filter (where status = 'completed')::int as completed,
            count(*) filter (where status = 'withdrawn')::int as withdrawn,
            count(enrollment_date)::int as ever_enrolled,
            min(enrollment_date) as first_enrollment,
            count(*) filter (where year_of_birth is null or sex is null or ethnicity is null)::int as missing_demographics
          from patients where study_id = ${id}) p,
         -- Per subject through subject_visits_patient_idx: a plain join lets the planner scan every visit.
         (select coalesce(sum(d.due), 0)::int as visits_due, coalesce(sum(d.open), 0)::int as visits_due_not_completed
          from patients pt
          cross join lateral (select count(*) as due, count(*) filter (where sv.status <> 'completed') as open
                              from subject_visits sv
                              where sv.patient_id = pt.id and sv.scheduled_date <= current_date) d
          where pt.study_id = ${id}) v`.execute(db);
  const f = figureRows[0]!;

  const { rows: sites } = await sql<{ siteNumber: string; status: string; target: number; enrolled: number }>`
    select si.site_number, ss.status, ss.enrollment_target as target, coalesce(e.n, 0)::int as enrolled
    from study_sites ss
    join sites si on si.id = ss.site_id
    left join (select site_id, count(*)::int as n from patients
               where study_id = ${id} and status in ('enrolled', 'completed') group by site_id) e on e.site_id = ss.site_id
    where ss.study_id = ${id}
    order by si.site_number`.execute(db);

  const { siteCount, activeSiteCount, pendingSiteCount, ...study } = row;
  return {
    ...toStudySummary(study),
    /** Whole days since the study was created, rounded (spec: study duration). */
    durationDays: Math.round((Date.now() - study.createdAt.getTime()) / DAY_MS),
    counts: {
      sites: siteCount,
      activeSites: activeSiteCount,
      pendingSites: pendingSiteCount,
      patients: { total: f.total, screening: f.screening, enrolled: f.enrolled, completed: f.completed, withdrawn: f.withdrawn },
    },
    insights: studyInsights({
      status: study.status,
      targetEnrollment: study.targetEnrollment,
      plannedEndDate: study.plannedEndDate,
      today: f.today,
      current: study.currentEnrollment,
      everEnrolled: f.everEnrolled,
      firstEnrollment: f.firstEnrollment,
      subjects: f.total,
      subjectsMissingDemographics: f.missingDemographics,
      visitsDue: f.visitsDue,
      visitsDueNotCompleted: f.visitsDueNotCompleted,
      sites,
    }),
  };
}

export type StudyDetail = Awaited<ReturnType<typeof studyDetail>>;
