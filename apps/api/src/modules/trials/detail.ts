// trials.byCode: the spec's Trial detail for one study, addressed by its code.
//   enrollment.percentage     = current (enrolled or completed subjects) / targetEnrollment * 100
//   siteActivation.percentage = active study sites / all study sites * 100
//   budget.percentage         = utilized (sum of budget lines' actual amounts) / budget_total * 100
// Two statements: the study with its figures, milestones and budget lines (nested json), then its sites.
import { sql, jsonArrayFrom, type Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { trialIdByCode, percentage } from './lookup.ts';
import { currentEnrollmentOf } from '../studies/scope-sql.ts';
import { ownSitesOrTrialLevel } from '../etmf/scope.ts';

export async function trialDetail(db: Db, scope: StudyScope, code: string) {
  const id = await trialIdByCode(db, scope, code);
  const s = await db
    .selectFrom('studies as s')
    .where('s.id', '=', id)
    .selectAll('s')
    .select((eb) => [
      currentEnrollmentOf('s.id').as('currentEnrollment'),
      sql<number>`(select count(*)::int from study_sites ss where ss.study_id = s.id)`.as('siteCount'),
      sql<number>`(select count(*)::int from study_sites ss where ss.study_id = s.id and ss.status = 'active')`.as('activeSiteCount'),
      sql<number>`(select coalesce(sum(b.actual_amount), 0) from budget_lines b where b.study_id = s.id)`.as('utilized'),
      jsonArrayFrom(
        eb
          .selectFrom('milestones as m')
          .select(['m.id', 'm.name', 'm.targetDate as date', 'm.status', 'm.description', 'm.version'])
          .whereRef('m.studyId', '=', 's.id')
          .orderBy('m.targetDate')
          .orderBy('m.id'),
      ).as('milestones'),
      jsonArrayFrom(
        eb
          .selectFrom('budgetLines as b')
          .select(['b.id', 'b.category', 'b.description', 'b.plannedAmount', 'b.actualAmount', 'b.version'])
          .whereRef('b.studyId', '=', 's.id')
          .orderBy('b.id'),
      ).as('budgetLines'),
    ])
    .executeTakeFirstOrThrow();

  const sites = await trialSites(db, id);
  const total = Number(s.budgetTotal ?? 0);
  const utilized = Number(s.utilized);
  return {
    id: s.code,
    dbId: s.id,
    version: s.version,
    title: s.title,
    description: s.description,
    phase: s.phase,
    blinding: s.blinding,
    status: s.status,
    therapeuticArea: s.therapeuticArea,
    sponsor: { name: s.sponsorName, type: s.sponsorType },
    cro: { name: s.croName, type: s.croType },
    principalInvestigator: { name: s.principalInvestigator, title: s.principalInvestigatorTitle },
    studyManager: { name: s.studyManager, title: s.studyManagerTitle },
    startDate: s.startDate,
    estimatedCompletion: s.plannedEndDate,
    actualEndDate: s.actualEndDate,
    enrollment: { current: s.currentEnrollment, target: s.targetEnrollment, percentage: percentage(s.currentEnrollment, s.targetEnrollment) },
    siteActivation: { current: s.activeSiteCount, target: s.siteCount, percentage: percentage(s.activeSiteCount, s.siteCount) },
    budget: { utilized, total, remaining: total - utilized, percentage: percentage(utilized, total), currency: s.currency },
    milestones: s.milestones,
    budgetLines: s.budgetLines.map((b) => ({ ...b, plannedAmount: Number(b.plannedAmount), actualAmount: Number(b.actualAmount) })),
    sites,
    documents: await recentDocuments(db, scope, id),
  };
}

/** The trial's eight most recently changed eTMF documents the user may see (site staff: trial-level and their own sites'). */
async function recentDocuments(db: Db, scope: StudyScope, studyId: number) {
  const { rows } = await sql<{ id: number; name: string; type: string; date: Date; status: string; code: string }>`
    select d.id, d.title as name, a.name as type, d.updated_at as date, d.status, d.code
      from documents d join tmf_artifacts a on a.number = d.artifact_number
     where d.study_id = ${studyId} and d.status <> 'withdrawn' and ${ownSitesOrTrialLevel(scope)}
     order by d.updated_at desc, d.id desc limit 8`.execute(db);
  return rows.map((r) => ({ ...r, date: new Date(r.date).toISOString() }));
}

export type TrialDetail = Awaited<ReturnType<typeof trialDetail>>;

/** The trial's sites with enrolled (enrolled or completed subjects at that site) against the site's target. */
export async function trialSites(db: Db, studyId: number) {
  const { rows } = await sql<{
    id: number;
    number: string;
    name: string;
    location: string;
    pi: string | null;
    status: string;
    enrollment: number;
    target: number;
    assignedOn: string;
    activatedOn: string | null;
  }>`
    select si.id, si.site_number as number, si.name, concat_ws(', ', si.city, si.country) as location,
           si.principal_investigator as pi, ss.status, coalesce(e.n, 0)::int as enrollment, ss.enrollment_target as target,
           ss.assigned_on, ss.activated_on
    from study_sites ss
    join sites si on si.id = ss.site_id
    left join (select site_id, count(*)::int as n from patients
               where study_id = ${studyId} and status in ('enrolled', 'completed') group by site_id) e on e.site_id = ss.site_id
    where ss.study_id = ${studyId}
    order by si.site_number`.execute(db);
  return rows;
}
