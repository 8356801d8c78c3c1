// Compliance status from checks the system can actually make, each listed in `checks`:
//   auditTrailCompleteness = round(100 * audited tables whose audit trigger is installed and enabled
//                                  / audited tables * chain factor), where chain factor is 1 when the last
//                            background verification found the hash chain intact, otherwise the share of
//                            rows verified before the first broken row.
//   cfr21Part11: password policy, session idle and absolute timeouts, lock-out, audit triggers on every
//                audited table, append-only audit rows, hash chain intact.
//   gcpGuidelines: no subject enrolled at a site not activated for that study; every active or enrolling
//                study names a principal investigator.
//   gdpr: the subjects table holds no direct identifier column (names, contact details, birth date).
// A failed check turns the status to 'attention' ('non-compliant' when the audit chain is broken).
import { sql, AUDITED_TABLES, type Db } from '@ctp/db';
import { SECURITY, type ComplianceCheck, type ComplianceStatus } from '@ctp/contracts';
import { latestSnapshot } from './insights.ts';

const DIRECT_IDENTIFIERS = [
  'name',
  'first_name',
  'last_name',
  'full_name',
  'initials',
  'email',
  'phone',
  'address',
  'date_of_birth',
  'birth_date',
  'ssn',
  'national_id',
];

async function auditRowCount(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_events`.execute(db);
  return rows[0]!.n;
}

export async function computeCompliance(db: Db): Promise<ComplianceStatus> {
  const { rows: triggers } = await sql<{ table: string }>`
    select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and t.tgenabled <> 'D' and t.tgname = 'audit_' || c.relname`.execute(db);
  const withTrigger = new Set(triggers.map((r) => r.table));
  const triggersPresent = AUDITED_TABLES.filter((t) => withTrigger.has(t)).length;
  const { rows: guard } = await sql<{ n: number }>`
    select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relname = 'audit_events' and t.tgname = 'audit_events_no_change' and t.tgenabled <> 'D'`.execute(
    db,
  );
  const snap = await latestSnapshot(db);
  const chainValid = snap ? snap.auditChainValid : null;
  // Counting the audit rows (millions in a long-running system) only matters once the chain is broken.
  const chainFactor =
    !snap || snap.auditChainValid ? 1 : snap.auditRowsVerified / Math.max(1, await auditRowCount(db));
  const completeness = Math.round((100 * triggersPresent * chainFactor) / AUDITED_TABLES.length);

  const { rows: gcp } = await sql<{ atInactiveSites: number; studiesWithoutPi: number }>`
    select
      (select coalesce(sum(pc.n), 0)::int from patient_counts pc
        join study_sites ss on ss.study_id = pc.study_id and ss.site_id = pc.site_id
        where pc.status = 'enrolled' and ss.status <> 'active') as at_inactive_sites,
      (select count(*)::int from studies s where s.status in ('active','enrolling')
        and coalesce(s.principal_investigator, '') = '') as studies_without_pi`.execute(db);
  const { rows: identifierColumns } = await sql<{ column: string }>`
    select column_name as column from information_schema.columns
    where table_name = 'patients' and column_name = any(${DIRECT_IDENTIFIERS}::text[])`.execute(db);

  // Each check carries a code and its figures so the web app can say it in the reader's language;
  // `check` is the English text for REST readers and logs.
  const chainCheck: Pick<ComplianceCheck, 'code' | 'params' | 'check'> =
    chainValid === null
      ? { code: 'auditChainPending', params: {}, check: 'Audit hash chain verification pending' }
      : chainValid
        ? {
            code: 'auditChainIntact',
            params: { rows: snap!.auditRowsVerified },
            check: `Audit hash chain intact (${snap!.auditRowsVerified} rows)`,
          }
        : {
            code: 'auditChainBroken',
            params: { row: snap!.auditFirstBrokenId ?? 0 },
            check: `Audit hash chain broken at row ${snap!.auditFirstBrokenId}`,
          };
  const checks: ComplianceCheck[] = [
    {
      regulation: '21 CFR Part 11',
      code: 'passwordPolicy',
      params: { min: SECURITY.passwordMinLength },
      check: `Passwords of at least ${SECURITY.passwordMinLength} characters`,
      passed: SECURITY.passwordMinLength >= 12,
    },
    {
      regulation: '21 CFR Part 11',
      code: 'sessionTimeouts',
      params: { idle: SECURITY.sessionIdleMinutes, hours: SECURITY.sessionAbsoluteHours },
      check: `Sessions end after ${SECURITY.sessionIdleMinutes} idle minutes and ${SECURITY.sessionAbsoluteHours} hours`,
      passed: SECURITY.sessionIdleMinutes <= 30 && SECURITY.sessionAbsoluteHours <= 12,
    },
    {
      regulation: '21 CFR Part 11',
      code: 'lockout',
      params: { attempts: SECURITY.maxFailedLogins },
      check: `Account locked after ${SECURITY.maxFailedLogins} failed log-ins`,
      passed: SECURITY.maxFailedLogins <= 5,
    },
    {
      regulation: '21 CFR Part 11',
      code: 'auditTriggers',
      params: { present: triggersPresent, total: AUDITED_TABLES.length },
      check: `Audit trigger on ${triggersPresent} of ${AUDITED_TABLES.length} audited tables`,
      passed: triggersPresent === AUDITED_TABLES.length,
    },
    {
      regulation: '21 CFR Part 11',
      code: 'auditAppendOnly',
      params: {},
      check: 'Audit rows are append-only',
      passed: guard[0]!.n === 1,
    },
    { regulation: '21 CFR Part 11', ...chainCheck, passed: chainValid === true },
    {
      regulation: 'GCP',
      code: 'subjectsAtActivatedSites',
      params: { subjects: gcp[0]!.atInactiveSites },
      check: 'No subject enrolled at a site not activated for the study',
      passed: gcp[0]!.atInactiveSites === 0,
    },
    {
      regulation: 'GCP',
      code: 'principalInvestigators',
      params: { studies: gcp[0]!.studiesWithoutPi },
      check: 'Every active study names a principal investigator',
      passed: gcp[0]!.studiesWithoutPi === 0,
    },
    {
      regulation: 'GDPR',
      code: 'pseudonymousSubjects',
      params: {},
      check: 'Subjects are pseudonymous: no direct identifiers stored',
      passed: identifierColumns.length === 0,
    },
  ];
  const status = (regulation: string) => {
    if (regulation === '21 CFR Part 11' && chainValid === false) return 'non-compliant' as const;
    return checks.filter((c) => c.regulation === regulation).every((c) => c.passed)
      ? ('compliant' as const)
      : ('attention' as const);
  };
  return {
    cfr21Part11: status('21 CFR Part 11'),
    gcpGuidelines: status('GCP'),
    gdpr: status('GDPR'),
    auditTrailCompleteness: completeness,
    checks,
  };
}
