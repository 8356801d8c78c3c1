// trials.report: the trial detail's four Reports buttons, each a CSV built from stored data.
//   enrollment        per site: subjects by status, current (enrolled + completed) against target, first and
//                     latest enrollment date; a Total row
//   budget            per budget line: planned, actual, variance = actual - planned, utilisation = actual /
//                     planned * 100; a Total row and the trial budget with its unallocated part
//   site-performance  per site: activation (assigned, activated, days between), current / target and percent,
//                     withdrawals, protocol deviations and deviations per 100 enrolled subjects
//   timeline          study start and end (planned vs actual), each milestone with its target date, status and
//                     the date it was marked completed (from the audit trail; empty when it was created
//                     completed), days late = (completed or today) - target for milestones past their date, and
//                     the dates observed in the data (first site activated, first and latest enrollment)
import { sql, type Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { trialIdByCode, percentage } from './lookup.ts';
import { toCsv, type Cell, type FileOutput } from '../../csv.ts';

type Kind = 'enrollment' | 'budget' | 'site-performance' | 'timeline';

export async function trialReport(db: Db, scope: StudyScope, code: string, kind: Kind): Promise<FileOutput> {
  const id = await trialIdByCode(db, scope, code);
  const study = await db
    .selectFrom('studies')
    .select(['code', 'startDate', 'plannedEndDate', 'actualEndDate', 'budgetTotal', 'currency'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const content = await BUILDERS[kind](db, id, study);
  const stamp = new Date().toISOString().slice(0, 10);
  return { filename: `${study.code}-${kind}-report-${stamp}.csv`, contentType: 'text/csv', content };
}

type Study = { code: string; startDate: string | null; plannedEndDate: string | null; actualEndDate: string | null; budgetTotal: number | null; currency: string };

const BUILDERS: Record<Kind, (db: Db, id: number, study: Study) => Promise<string>> = {
  enrollment: enrollmentReport,
  budget: budgetReport,
  'site-performance': sitePerformanceReport,
  timeline: timelineReport,
};

async function enrollmentReport(db: Db, id: number): Promise<string> {
  const { rows } = await sql<{
    siteNumber: string; siteName: string; location: string; status: string; target: number; screening: number;
    enrolled: number; completed: number; withdrawn: number; firstEnrollment: string | null; lastEnrollment: string | null;
  }>`
    select si.site_number, si.name as site_name, concat_ws(', ', si.city, si.country) as location, ss.status,
           ss.enrollment_target as target,
           count(p.id) filter (where p.status = 'screening')::int as screening,
           count(p.id) filter (where p.status = 'enrolled')::int as enrolled,
           count(p.id) filter (where p.status = 'completed')::int as completed,
           count(p.id) filter (where p.status = 'withdrawn')::int as withdrawn,
           min(p.enrollment_date) as first_enrollment, max(p.enrollment_date) as last_enrollment
    from study_sites ss
    join sites si on si.id = ss.site_id
    left join patients p on p.study_id = ss.study_id and p.site_id = ss.site_id
    where ss.study_id = ${id}
    group by si.site_number, si.name, si.city, si.country, ss.status, ss.enrollment_target
    order by si.site_number`.execute(db);
  const line = (r: (typeof rows)[number]): Cell[] => {
    const current = r.enrolled + r.completed;
    return [r.siteNumber, r.siteName, r.location, r.status, r.screening, r.enrolled, r.completed, r.withdrawn, current, r.target, percentage(current, r.target), r.firstEnrollment, r.lastEnrollment];
  };
  const sum = (k: 'target' | 'screening' | 'enrolled' | 'completed' | 'withdrawn') => rows.reduce((a, r) => a + r[k], 0);
  const dates = (k: 'firstEnrollment' | 'lastEnrollment') => rows.map((r) => r[k]).filter((d): d is string => d !== null).sort();
  const total = line({
    siteNumber: 'Total', siteName: '', location: '', status: '', target: sum('target'), screening: sum('screening'), enrolled: sum('enrolled'),
    completed: sum('completed'), withdrawn: sum('withdrawn'), firstEnrollment: dates('firstEnrollment')[0] ?? null, lastEnrollment: dates('lastEnrollment').at(-1) ?? null,
  });
  return toCsv(
    ['site_number', 'site_name', 'location', 'site_status', 'screening', 'enrolled', 'completed', 'withdrawn', 'current_enrollment', 'target', 'enrollment_percent', 'first_enrollment', 'latest_enrollment'],
    [...rows.map(line), total],
  );
}

async function budgetReport(db: Db, id: number, study: Study): Promise<string> {
  const lines = await db
    .selectFrom('budgetLines')
    .select(['category', 'description', 'plannedAmount', 'actualAmount'])
    .where('studyId', '=', id)
    .orderBy('id')
    .execute();
  const money = (n: number) => Math.round(n * 100) / 100;
  const line = (category: string, description: string | null, planned: number, actual: number): Cell[] =>
    [category, description, money(planned), money(actual), money(actual - planned), percentage(actual, planned), study.currency];
  const planned = lines.reduce((a, l) => a + Number(l.plannedAmount), 0);
  const actual = lines.reduce((a, l) => a + Number(l.actualAmount), 0);
  const budget = Number(study.budgetTotal ?? 0);
  return toCsv(
    ['category', 'description', 'planned_amount', 'actual_amount', 'variance', 'utilisation_percent', 'currency'],
    [
      ...lines.map((l) => line(l.category, l.description, Number(l.plannedAmount), Number(l.actualAmount))),
      line('Total', 'All budget lines', planned, actual),
      line('Trial budget', `Unallocated: ${money(budget - planned)}`, budget, actual),
    ],
  );
}

async function sitePerformanceReport(db: Db, id: number): Promise<string> {
  const { rows } = await sql<{
    siteNumber: string; siteName: string; location: string; pi: string | null; status: string; assignedOn: string;
    activatedOn: string | null; daysToActivation: number | null; current: number; withdrawn: number; target: number; deviations: number;
  }>`
    select si.site_number, si.name as site_name, concat_ws(', ', si.city, si.country) as location, si.principal_investigator as pi,
           ss.status, ss.assigned_on, ss.activated_on, (ss.activated_on - ss.assigned_on) as days_to_activation,
           coalesce(p.current, 0)::int as current, coalesce(p.withdrawn, 0)::int as withdrawn, ss.enrollment_target as target,
           coalesce(d.n, 0)::int as deviations
    from study_sites ss
    join sites si on si.id = ss.site_id
    left join (select site_id, count(*) filter (where status in ('enrolled', 'completed')) as current,
                      count(*) filter (where status = 'withdrawn') as withdrawn
               from patients where study_id = ${id} group by site_id) p on p.site_id = ss.site_id
    left join (select site_id, count(*) as n from protocol_deviations where study_id = ${id} group by site_id) d on d.site_id = ss.site_id
    where ss.study_id = ${id}
    order by si.site_number`.execute(db);
  return toCsv(
    ['site_number', 'site_name', 'location', 'principal_investigator', 'site_status', 'assigned_on', 'activated_on', 'days_to_activation', 'enrolled', 'target', 'enrollment_percent', 'withdrawn', 'protocol_deviations', 'deviations_per_100_enrolled'],
    rows.map((r) => [
      r.siteNumber, r.siteName, r.location, r.pi, r.status, r.assignedOn, r.activatedOn, r.daysToActivation, r.current, r.target,
      percentage(r.current, r.target), r.withdrawn, r.deviations, r.current > 0 ? percentage(r.deviations, r.current) : null,
    ]),
  );
}

async function timelineReport(db: Db, id: number, study: Study): Promise<string> {
  const { rows: milestones } = await sql<{ id: number; name: string; targetDate: string; status: string; completedOn: string | null; today: string }>`
    select m.id, m.name, m.target_date, m.status, current_date as today,
      (select (max(e.occurred_at) at time zone 'UTC')::date from audit_events e
        where e.table_name = 'milestones' and e.record_id = m.id::text and e.action = 'update'
          and e.changes -> 'status' ->> 'new' = 'completed') as completed_on
    from milestones m where m.study_id = ${id}
    order by m.target_date, m.id`.execute(db);
  const { rows: observed } = await sql<{ firstActivation: string | null; firstEnrollment: string | null; lastEnrollment: string | null; today: string }>`
    select (select min(activated_on) from study_sites where study_id = ${id}) as first_activation,
           (select min(enrollment_date) from patients where study_id = ${id}) as first_enrollment,
           (select max(enrollment_date) from patients where study_id = ${id}) as last_enrollment,
           current_date as today`.execute(db);
  const o = observed[0]!;
  const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const rows: Cell[][] = [
    ['study', 'Study start', study.startDate, null, null, null],
    ['study', 'Study end', study.plannedEndDate, study.actualEndDate, study.actualEndDate ? 'completed' : 'planned',
      study.actualEndDate && study.plannedEndDate ? days(study.plannedEndDate, study.actualEndDate) : null],
    ...milestones.map((m): Cell[] => {
      const done = m.status === 'completed';
      const reference = done ? m.completedOn : m.targetDate < o.today ? o.today : null;
      return ['milestone', m.name, m.targetDate, done ? m.completedOn : null, m.status, reference ? days(m.targetDate, reference) : null];
    }),
    ['observed', 'First site activated', null, o.firstActivation, null, null],
    ['observed', 'First subject enrolled', null, o.firstEnrollment, null, null],
    ['observed', 'Latest subject enrolled', null, o.lastEnrollment, null, null],
  ];
  return toCsv(['type', 'name', 'planned_date', 'actual_date', 'status', 'days_late'], rows);
}
