// A study-scope predicate: `column = any(ids)`, or true when the user sees every study. One array
// parameter, not `in ($1, ... $200)`: a 200-study scope would otherwise be 200 parameters to build,
// send and bind on every call.
import { sql } from '@ctp/db';
import { intArrayLiteral } from '../../sql-helpers.ts';

export function inStudies(column: string, ids: number[] | null) {
  if (!ids) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = any(${intArrayLiteral(ids)}::int[])`;
}

/**
 * currentEnrollment of the study whose id is in `studyIdColumn`: its subjects enrolled or completed,
 * summed from study_patient_counts (per study and status, kept by triggers; migration 0009).
 */
export function currentEnrollmentOf(studyIdColumn: string) {
  return sql<number>`(select coalesce(sum(pc.n), 0)::int from study_patient_counts pc
    where pc.study_id = ${sql.ref(studyIdColumn)} and pc.status in ('enrolled', 'completed'))`;
}
