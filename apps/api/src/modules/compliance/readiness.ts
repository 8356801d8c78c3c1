// Audit readiness from named checks over the user's studies (or one study), each with its figure:
//   auditChain         the last background verification found the audit hash chain intact
//   overdueQueries     no live query is past its due date
//   unverifiedLocked   every locked form entry has been source-data verified
//   unsignedCompleted  every completed subject's casebook carries a valid investigator signature
//   openWarnings       no submitted form entry keeps an edit-check warning without a live query on it
// readiness = round(100 × checks passed / checks). A check that fails names its count.
import { sql, type Db } from '@ctp/db';
import type { ReadinessCheck } from '@ctp/contracts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { latestSnapshot } from '../dashboard/insights.ts';
import { unsignedCasebooks } from '../casebook/signatures.ts';

export interface ReadinessResult {
  percent: number;
  checks: { code: ReadinessCheck; passed: boolean; count: number; label: string }[];
}

export async function auditReadiness(db: Db, scope: StudyScope, studyId?: number): Promise<ReadinessResult> {
  const ids = studyId ? [studyId] : visibleStudyIds(scope);
  const inScope = (col: string) => inStudies(col, ids);
  const snap = await latestSnapshot(db);
  const { rows } = await sql<{ overdue: number; unverified: number; warnings: number }>`
    select (select count(*)::int from queries q where ${inScope('q.study_id')} and q.status in ('open', 'answered', 'reopened')
              and q.due_date < current_date) as overdue,
           (select count(*)::int from form_submissions f where ${inScope('f.study_id')} and f.locked_at is not null and f.sdv_at is null) as unverified,
           (select count(*)::int from form_submissions f where ${inScope('f.study_id')} and f.status <> 'draft' and f.warning_count > 0
              and not exists (select 1 from queries q where q.submission_id = f.id and q.status in ('open', 'answered', 'reopened'))) as warnings`.execute(db);
  const r = rows[0]!;
  const unsigned = await unsignedCasebooks(
    db,
    sql<boolean>`p.status = 'completed' and ${inScope('p.study_id')}
      and exists (select 1 from form_submissions f where f.patient_id = p.id and f.status <> 'draft')`,
  );
  const chainOk = !!snap?.auditChainValid;
  const checks: ReadinessResult['checks'] = [
    { code: 'auditChain', passed: chainOk, count: chainOk ? 0 : 1, label: chainOk ? `Audit hash chain verified intact (${snap!.auditRowsVerified} rows)` : 'Audit hash chain not verified intact' },
    { code: 'overdueQueries', passed: r.overdue === 0, count: r.overdue, label: `${r.overdue} open queries past their due date` },
    { code: 'unverifiedLocked', passed: r.unverified === 0, count: r.unverified, label: `${r.unverified} locked form entries not source-data verified` },
    { code: 'unsignedCompleted', passed: unsigned === 0, count: unsigned, label: `${unsigned} completed subjects without a valid investigator signature` },
    { code: 'openWarnings', passed: r.warnings === 0, count: r.warnings, label: `${r.warnings} submitted form entries with an edit-check warning and no live query` },
  ];
  return { percent: Math.round((100 * checks.filter((c) => c.passed).length) / checks.length), checks };
}
