// Compliance status from checks the system can actually make, each listed in `checks`:
//   auditTrailCompleteness = round(100 * audited tables whose audit trigger is installed and enabled
//                                  / audited tables * chain factor), where chain factor is 1 when the last
//                            background verification found the hash chain intact, otherwise the share of
//                            rows verified before the first broken row.
//   cfr21Part11: password policy, session idle and absolute timeouts, lock-out, audit triggers on every
//                audited table, append-only audit rows, hash chain intact, electronic signatures in use
//                (once subjects have completed), every locked casebook validly signed.
// Each check lists the clauses it is evidence for (CLAUSES): a status says no more than its checks prove.
//   gcpGuidelines: no subject enrolled at a site not activated for that study; every active or enrolling
//                study names a principal investigator.
//   gdpr: the subjects table holds no direct identifier column (names, contact details, birth date).
// A failed check turns the status to 'attention' ('non-compliant' when the audit chain is broken).
import { sql, AUDITED_TABLES, type Db } from '@ctp/db';
import { SECURITY, type ComplianceCheck, type ComplianceStatus } from '@ctp/contracts';
import { latestSnapshot } from './insights.ts';
import { unsignedCasebooks } from '../casebook/signatures.ts';

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
  const signing = await signatureEvidence(db);
  const checks: Omit<ComplianceCheck, 'clauses'>[] = [
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
      regulation: '21 CFR Part 11',
      code: signing.signatures ? 'electronicSignatures' : 'electronicSignaturesMissing',
      params: { signatures: signing.signatures, completed: signing.completedWithData },
      check: signing.signatures
        ? `Electronic signatures in use (${signing.signatures} signatures)`
        : `No casebook signed yet while ${signing.completedWithData} subjects completed`,
      passed: signing.signatures > 0 || signing.completedWithData === 0,
    },
    {
      regulation: '21 CFR Part 11',
      code: 'lockedCasebooksSigned',
      params: { unsigned: signing.lockedUnsigned },
      check: `${signing.lockedUnsigned} locked casebooks without a valid investigator signature`,
      passed: signing.lockedUnsigned === 0,
    },
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
  const withClauses: ComplianceCheck[] = checks.map((c) => ({ ...c, clauses: CLAUSES[c.code] ?? [] }));
  const status = (regulation: string) => {
    if (regulation === '21 CFR Part 11' && chainValid === false) return 'non-compliant' as const;
    return withClauses.filter((c) => c.regulation === regulation).every((c) => c.passed)
      ? ('compliant' as const)
      : ('attention' as const);
  };
  return {
    cfr21Part11: status('21 CFR Part 11'),
    gcpGuidelines: status('GCP'),
    gdpr: status('GDPR'),
    auditTrailCompleteness: completeness,
    checks: withClauses,
  };
}

/** The clauses each check is evidence for; a status says no more than these. */
const CLAUSES: Record<string, string[]> = {
  passwordPolicy: ['21 CFR 11.300(a)', '21 CFR 11.300(b)'],
  sessionTimeouts: ['21 CFR 11.10(d)'],
  lockout: ['21 CFR 11.300(d)'],
  auditTriggers: ['21 CFR 11.10(e)', 'ALCOA+ Attributable, Contemporaneous'],
  auditAppendOnly: ['21 CFR 11.10(e)', 'ALCOA+ Enduring'],
  auditChainPending: ['21 CFR 11.10(c)', '21 CFR 11.10(e)'],
  auditChainIntact: ['21 CFR 11.10(c)', '21 CFR 11.10(e)', 'ALCOA+ Original, Accurate'],
  auditChainBroken: ['21 CFR 11.10(c)', '21 CFR 11.10(e)'],
  electronicSignatures: ['21 CFR 11.50', '21 CFR 11.70', '21 CFR 11.100', '21 CFR 11.200'],
  electronicSignaturesMissing: ['21 CFR 11.50', '21 CFR 11.70', '21 CFR 11.100', '21 CFR 11.200'],
  lockedCasebooksSigned: ['21 CFR 11.10(j)', '21 CFR 11.70', 'ICH E6(R2) 8.3.14'],
  subjectsAtActivatedSites: ['ICH E6(R2) 4.1', 'ICH E6(R2) 8.2.20'],
  principalInvestigators: ['ICH E6(R2) 4.1.1'],
  pseudonymousSubjects: ['GDPR Art. 25', 'GDPR Art. 32(1)(a)'],
};

/**
 * Whether electronic signatures are in use, and how many subjects with locked form entries have no valid
 * investigator signature (never signed, or the latest signature's hash no longer matches).
 */
async function signatureEvidence(db: Db) {
  const { rows } = await sql<{ signatures: number; completedWithData: number }>`
    select (select count(*)::int from signatures where patient_id is not null) as signatures,
           (select count(*)::int from patients p where p.status = 'completed'
              and exists (select 1 from form_submissions f where f.patient_id = p.id and f.status <> 'draft')) as completed_with_data`.execute(db);
  const lockedUnsigned = await unsignedCasebooks(db, sql<boolean>`exists (select 1 from form_submissions f where f.patient_id = p.id and f.locked_at is not null)`);
  return { ...rows[0]!, lockedUnsigned };
}
