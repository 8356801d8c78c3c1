// trials.list: the spec's Trial (CTMS list) for each visible study, filtered and paginated in SQL.
// Figures per row come from correlated subqueries on indexed child tables. PostgreSQL writes the page
// as one JSON array in the contract's shape (camelCase keys, milestones nested), read without the
// camelCase mapping: a page is 24 trials with 168 milestones, and reading it as rows, renaming their
// keys and copying them again without the total allocated half a megabyte per request in the API
// (what a request allocates sets how often the collector pauses every request in flight).
import { sql, type Db } from '@ctp/db';
import type { MilestoneStatus, StudyPhase, StudyStatus, TrialListInput } from '@ctp/contracts';
import { currentEnrollmentOf, hashedInStudies } from '../studies/scope-sql.ts';
import { containsPattern, pageWindow } from '../../sql-helpers.ts';

export interface TrialListItem {
  id: number;
  trialId: string;
  title: string;
  phase: StudyPhase;
  therapeuticArea: string | null;
  sponsor: string | null;
  status: StudyStatus;
  startDate: string | null;
  plannedEndDate: string | null;
  actualEndDate: string | null;
  sites: number;
  activeSites: number;
  targetEnrollment: number;
  currentEnrollment: number;
  budget: number;
  spentBudget: number;
  currency: string;
  principalInvestigator: string | null;
  studyManager: string | null;
  cro: string | null;
  version: number;
  milestones: { id: number; name: string; date: string; status: MilestoneStatus }[];
}

export async function listTrials(db: Db, ids: number[] | null, input: TrialListInput) {
  const conditions = [hashedInStudies('s.id', ids)];
  if (input.status) conditions.push(sql<boolean>`s.status = ${input.status}`);
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(sql<boolean>`(s.code ilike ${pattern} or s.title ilike ${pattern} or s.sponsor_name ilike ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const bounds = pageWindow(input);
  const { rows } = await sql<{ total: number; items: TrialListItem[] }>`
    select (select count(*)::int from studies s where ${where}) as total,
           coalesce((select json_agg(t.trial order by t.code) from (
             select s.code, json_build_object(
               'id', s.id, 'trialId', s.code, 'title', s.title, 'phase', s.phase,
               'therapeuticArea', s.therapeutic_area, 'sponsor', s.sponsor_name, 'status', s.status,
               'startDate', s.start_date, 'plannedEndDate', s.planned_end_date, 'actualEndDate', s.actual_end_date,
               'sites', (select count(*)::int from study_sites ss where ss.study_id = s.id),
               'activeSites', (select count(*)::int from study_sites ss where ss.study_id = s.id and ss.status = 'active'),
               'targetEnrollment', s.target_enrollment,
               -- currentEnrollment = subjects enrolled or completed (as on the studies screens)
               'currentEnrollment', ${currentEnrollmentOf('s.id')},
               'budget', coalesce(s.budget_total, 0),
               -- spentBudget = sum of the budget lines' actual amounts
               'spentBudget', (select coalesce(sum(b.actual_amount), 0) from budget_lines b where b.study_id = s.id),
               'currency', s.currency, 'principalInvestigator', s.principal_investigator,
               'studyManager', s.study_manager, 'cro', s.cro_name, 'version', s.version,
               'milestones', coalesce((
                 select json_agg(json_build_object('id', m.id, 'name', m.name, 'date', m.target_date, 'status', m.status)
                                 order by m.target_date, m.id)
                 from milestones m where m.study_id = s.id), '[]')) as trial
             from studies s where ${where}
             order by s.code limit ${bounds.limit} offset ${bounds.offset}) t), '[]') as items`.execute(
    db.withoutPlugins(),
  );
  const { total, items } = rows[0]!;
  return { items, total, limit: input.limit, offset: input.offset };
}
