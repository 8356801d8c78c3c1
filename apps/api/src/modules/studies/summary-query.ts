// The one query that shapes a study as the spec's Study entity. Enrollment is counted, not stored:
// currentEnrollment = subjects of the study whose status is enrolled or completed.
import type { Db } from '@ctp/db';
import type { StudySummary } from '@ctp/contracts';
import { currentEnrollmentOf, hashedInStudies } from './scope-sql.ts';
import { omitColumns } from '../../sql-helpers.ts';

export function studySummaryQuery(db: Db, studyIds: number[] | null) {
  let q = db
    .selectFrom('studies as s')
    .select([
      's.id',
      's.code as studyId',
      's.title',
      's.description',
      's.phase',
      's.status',
      's.therapeuticArea',
      's.targetEnrollment',
      's.createdAt',
      currentEnrollmentOf('s.id').as('currentEnrollment'),
    ]);
  if (studyIds) q = q.where(hashedInStudies('s.id', studyIds));
  return q;
}

/**
 * The row as the contract's StudySummary: the spec names therapeutic_area in snake case (the
 * CamelCasePlugin would rename a snake alias back), and createdAt travels as an ISO string.
 */
export function toStudySummary<T extends { therapeuticArea: string | null; createdAt: Date }>(row: T) {
  const rest = omitColumns(row, 'therapeuticArea', 'createdAt');
  return { ...rest, createdAt: row.createdAt.toISOString(), therapeutic_area: row.therapeuticArea };
}

export async function listStudySummaries(q: ReturnType<typeof studySummaryQuery>): Promise<StudySummary[]> {
  return (await q.execute()).map(toStudySummary);
}
