// Which submissions a user sees (those of the studies in scope: a submission is a study's, not a
// site's) and the list filters, as one SQL condition. Overdue = not yet decided and past its due date.
import { sql } from '@ctp/db';
import type { SubmissionFilterInput } from '@ctp/contracts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { containsPattern, type Fragment } from '../../sql-helpers.ts';

export function submissionWhere(scope: StudyScope, f: SubmissionFilterInput & { submissionId?: number }, today: string): Fragment<boolean> {
  const parts: Fragment<boolean>[] = [inStudies('r.study_id', visibleStudyIds(scope))];
  if (f.submissionId) parts.push(sql<boolean>`r.id = ${f.submissionId}`);
  if (f.studyId) parts.push(sql<boolean>`r.study_id = ${f.studyId}`);
  if (f.agency) parts.push(sql<boolean>`r.agency = ${f.agency}`);
  if (f.status) parts.push(sql<boolean>`r.status = ${f.status}`);
  if (f.priority) parts.push(sql<boolean>`r.priority = ${f.priority}`);
  if (f.typeCode) parts.push(sql<boolean>`r.type_code = ${f.typeCode}`);
  if (f.overdue) parts.push(sql<boolean>`r.status not in ('approved', 'rejected') and r.due_date < ${today}::date`);
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(sql<boolean>`(r.submission_number ilike ${p} or r.title ilike ${p} or r.agency_reference ilike ${p}
      or exists (select 1 from studies sx where sx.id = r.study_id and sx.code ilike ${p}))`);
  }
  return sql.join(parts, sql` and `) as Fragment<boolean>;
}
