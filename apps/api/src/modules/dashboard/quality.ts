// dataQualityScore = 100 * (filled demographic fields + completed due visits)
//                        / (3 demographic fields per subject + visits due by today), one decimal.
// Demographic fields: year of birth, sex, ethnicity. A due visit is one scheduled on or before today;
// it counts as good when completed (missed, warning or still pending counts against the score).
// With no subjects and no due visits there is nothing wrong to count, and the score is 100.
import { sql, type Db } from '@ctp/db';
import { inStudies } from '../studies/scope-sql.ts';

export async function computeDataQualityScore(db: Db, studyIds: number[] | null): Promise<number> {
  const scope = inStudies('p.study_id', studyIds);
  const { rows } = await sql<{ expected: number; filled: number; due: number; completed: number }>`
    select
      (select count(*) * 3 from patients p where ${scope}) as expected,
      (select count(p.year_of_birth) + count(p.sex) + count(p.ethnicity) from patients p where ${scope}) as filled,
      (select count(*) from subject_visits v join patients p on p.id = v.patient_id
        where ${scope} and v.scheduled_date <= current_date) as due,
      (select count(*) from subject_visits v join patients p on p.id = v.patient_id
        where ${scope} and v.scheduled_date <= current_date and v.status = 'completed') as completed`.execute(
    db,
  );
  const r = rows[0]!;
  const denominator = r.expected + r.due;
  if (denominator === 0) return 100;
  return Math.round((1000 * (r.filled + r.completed)) / denominator) / 10;
}
