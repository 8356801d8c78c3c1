// studies.byId: the spec's Study plus its CTMS fields, counts, duration and AI Study Insights.
// Two indexed queries whatever the study's size: the study row, and its figures: subjects
// (patients_study_status_idx), due visits (subject_visits_definition_due_idx) and each study site with
// its enrollment (patient_counts); the site counts are counted from those sites.
import { sql, type Db } from '@ctp/db';
import { type StudyScope, assertInScope } from '../../access.ts';
import { studySummaryQuery, toStudySummary } from './summary-query.ts';
import { studyInsights } from './insights.ts';
import { hiddenValue } from '../../sql-helpers.ts';
import { refuse } from '../../refusal.ts';

const DAY_MS = 86_400_000;

interface StudySiteFigures {
  siteNumber: string;
  status: string;
  target: number;
  enrolled: number;
}

export async function studyDetail(db: Db, scope: StudyScope, id: number) {
  assertInScope(scope, id, 'Study not found');
  const study = await studySummaryQuery(db, null)
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
      's.blinding',
      's.startDate',
      's.plannedEndDate',
      's.actualEndDate',
      's.budgetTotal',
      's.currency',
      's.updatedAt',
      's.version',
    ])
    .executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');

  // The id hidden from the planner (hiddenValue): planned for one study's own counts, this statement
  // was planned anew on every call; hidden, it keeps one plan.
  const studyId = hiddenValue(id, 'int');
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
    sites: StudySiteFigures[];
  }>`
    select current_date as today, p.*, v.*, ss.sites
    from (select count(*)::int as total,
            count(*) filter (where status = 'screening')::int as screening,
            count(*) filter (where status = 'enrolled')::int as enrolled,
            count(*) filter (where status = 'completed')::int as completed,
            count(*) filter (where status = 'withdrawn')::int as withdrawn,
            count(enrollment_date)::int as ever_enrolled,
            min(enrollment_date) as first_enrollment,
            count(*) filter (where year_of_birth is null or sex is null or ethnicity is null)::int as missing_demographics
          from patients where study_id = ${studyId}) p,
         -- Per visit definition of the study, each an index-only range (migration 0007).
         (select count(*)::int as visits_due, count(*) filter (where sv.status <> 'completed')::int as visits_due_not_completed
          from visit_definitions vd
          join subject_visits sv on sv.visit_definition_id = vd.id and sv.scheduled_date <= current_date
          where vd.study_id = ${studyId}) v,
         -- Each study site with its enrolled or completed subjects (summed from patient_counts).
         (select coalesce(json_agg(json_build_object('siteNumber', si.site_number, 'status', ss.status,
                                                     'target', ss.enrollment_target, 'enrolled', coalesce(e.n, 0))
                                   order by si.site_number), '[]') as sites
          from study_sites ss
          join sites si on si.id = ss.site_id
          left join (select pc.site_id, sum(pc.n)::int as n from patient_counts pc
                     where pc.study_id = ${studyId} and pc.status in ('enrolled', 'completed') group by pc.site_id) e
            on e.site_id = ss.site_id
          where ss.study_id = ${studyId}) ss`.execute(db);
  const { sites, ...f } = figureRows[0]!;

  return {
    ...toStudySummary(study),
    /** Whole days since the study was created, rounded (spec: study duration). */
    durationDays: Math.round((Date.now() - study.createdAt.getTime()) / DAY_MS),
    counts: {
      sites: sites.length,
      activeSites: sites.filter((site) => site.status === 'active').length,
      pendingSites: sites.filter((site) => site.status === 'pending').length,
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
