// trials.list: the spec's Trial (CTMS list) for each visible study, filtered and paginated in SQL.
// Figures per row come from correlated subqueries on indexed child tables and the milestones from
// one nested json array, so a page and its total cost one statement, never a query per trial.
import { sql, jsonArrayFrom, type Db } from '@ctp/db';
import type { TrialListInput } from '@ctp/contracts';
import { currentEnrollmentOf, inStudies } from '../studies/scope-sql.ts';
import { containsPattern, pageWindow, withTotal } from '../../sql-helpers.ts';

function baseQuery(db: Db, ids: number[] | null, input: TrialListInput) {
  let q = db.selectFrom('studies as s');
  if (ids) q = q.where(inStudies('s.id', ids));
  if (input.status) q = q.where('s.status', '=', input.status);
  if (input.search) {
    const pattern = containsPattern(input.search);
    q = q.where((eb) => eb.or([eb('s.code', 'ilike', pattern), eb('s.title', 'ilike', pattern), eb('s.sponsorName', 'ilike', pattern)]));
  }
  return q;
}

export async function listTrials(db: Db, ids: number[] | null, input: TrialListInput) {
  const counted = () => baseQuery(db, ids, input).select((eb) => eb.fn.countAll<number>().as('total'));
  const bounds = pageWindow(input);
  const page = await baseQuery(db, ids, input)
    .select((eb) => [
      counted().as('total'),
      's.id',
      's.code as trialId',
      's.title',
      's.phase',
      's.therapeuticArea',
      's.sponsorName as sponsor',
      's.status',
      's.startDate',
      's.plannedEndDate',
      's.actualEndDate',
      sql<number>`(select count(*)::int from study_sites ss where ss.study_id = s.id)`.as('sites'),
      sql<number>`(select count(*)::int from study_sites ss where ss.study_id = s.id and ss.status = 'active')`.as('activeSites'),
      's.targetEnrollment',
      // currentEnrollment = subjects enrolled or completed (as on the studies screens)
      currentEnrollmentOf('s.id').as('currentEnrollment'),
      sql<number>`coalesce(s.budget_total, 0)`.as('budget'),
      // spentBudget = sum of the budget lines' actual amounts
      sql<number>`(select coalesce(sum(b.actual_amount), 0) from budget_lines b where b.study_id = s.id)`.as('spentBudget'),
      's.currency',
      's.principalInvestigator',
      's.studyManager',
      's.croName as cro',
      's.version',
      jsonArrayFrom(
        eb
          .selectFrom('milestones as m')
          .select(['m.id', 'm.name', 'm.targetDate as date', 'm.status'])
          .whereRef('m.studyId', '=', 's.id')
          .orderBy('m.targetDate')
          .orderBy('m.id'),
      ).as('milestones'),
    ])
    .orderBy('s.code')
    .limit(bounds.limit)
    .offset(bounds.offset)
    .execute();
  const { total, rows: items } = await withTotal(page, input.offset, async () =>
    Number((await counted().executeTakeFirstOrThrow()).total),
  );
  return {
    items, // budget and spentBudget are numeric: numbers already (the driver's type parsers, connect.ts)
    total,
    limit: input.limit,
    offset: input.offset,
  };
}
