// Unresolved queries before SDV, a lock or a signature. A query is unresolved while its lifecycle is
// open, answered (the site responded; the raiser has not accepted it yet) or re-opened; closed and
// cancelled ones are resolved. The rule:
// - SDV of an entry with unresolved queries is common practice (the query may be about another field)
//   but must be a conscious decision: refused (PRECONDITION_FAILED, naming how many) unless the caller
//   acknowledges them; the audit reason then lists the codes.
// - Locking an entry, a subject's casebook or a study with unresolved queries: refused unless the data
//   manager acknowledges them and gives a reason; the reason and the codes go to the audit trail.
// - Signing a casebook with unresolved queries: refused unless acknowledged; the signature's manifest
//   (signatures.open_queries) keeps the codes open at signing time.
import { sql, type Db } from '@ctp/db';
import { LIVE_QUERY_STATUSES, type CasebookOpenQueriesInput, type CasebookOpenQuery } from '@ctp/contracts';
import { assertInScope } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { visiblePatient } from '../submissions/lookup.ts';
import { queryWhere } from '../queries/scope.ts';
import { refuse } from '../../refusal.ts';

const LIVE = `{${LIVE_QUERY_STATUSES.join(',')}}`;
/** At most this many codes are written into an audit reason; the rest are counted. */
const CODES_IN_REASON = 20;

type Target = { submissionId: number } | { patientId: number } | { studyId: number };

function targetWhere(t: Target) {
  if ('submissionId' in t) return sql<boolean>`q.submission_id = ${t.submissionId}`;
  if ('patientId' in t) return sql<boolean>`q.patient_id = ${t.patientId}`;
  return sql<boolean>`q.study_id = ${t.studyId}`;
}

/** Every unresolved query of the target, whoever asks (the server's check, not a user's view). */
export async function unresolvedQueryCodes(db: Db, target: Target): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`
    select q.code from queries q where ${targetWhere(target)} and q.status = any(${LIVE}::text[]) order by q.code`.execute(db);
  return rows.map((r) => r.code);
}

/** What the caller is about to do with queries open: its refusal names it (server-messages/records.ts). */
export type OpenQueriesAction = 'openQueriesVerify' | 'openQueriesLockEntry' | 'openQueriesLockCasebook' | 'openQueriesLockStudy' | 'openQueriesSign';

function plural(n: number) {
  return n === 1 ? '1 open query' : `${n} open queries`;
}

/** "2 open queries: Q-1, Q-2" (at most CODES_IN_REASON codes, then "and N more"). */
export function describeOpenQueries(codes: string[]): string {
  const shown = codes.slice(0, CODES_IN_REASON).join(', ');
  const more = codes.length > CODES_IN_REASON ? ` and ${codes.length - CODES_IN_REASON} more` : '';
  return `${plural(codes.length)}: ${shown}${more}`;
}

/**
 * Refuses when the target has unresolved queries and the caller did not acknowledge them; otherwise
 * returns the codes (empty when none) for the audit reason or the manifest.
 */
export async function checkOpenQueries(db: Db, target: Target, acknowledged: boolean | undefined, action: OpenQueriesAction): Promise<string[]> {
  const codes = await unresolvedQueryCodes(db, target);
  if (codes.length && !acknowledged) {
    const shown = `${codes.slice(0, CODES_IN_REASON).join(', ')}${codes.length > CODES_IN_REASON ? ', …' : ''}`;
    throw refuse('PRECONDITION_FAILED', action, { count: codes.length, codes: shown });
  }
  return codes;
}

/** The audit reason with the open queries named: "Source data verified with 2 open queries: Q-1, Q-2". */
export function reasonWithOpenQueries(reason: string, codes: string[]): string {
  return codes.length ? `${reason} (with ${describeOpenQueries(codes)})` : reason;
}

/** casebook.openQueries: what the confirmation dialogs list, as the caller may see it (study and site scope). */
export async function casebookOpenQueries(ctx: ProcedureCtx, input: CasebookOpenQueriesInput): Promise<{ items: CasebookOpenQuery[]; total: number }> {
  let target: Target;
  if (input.patientId !== undefined) {
    await visiblePatient(ctx, input.patientId);
    target = { patientId: input.patientId };
  } else if (input.submissionId !== undefined) {
    const s = await ctx.db.selectFrom('formSubmissions').select(['id', 'studyId', 'patientId']).where('id', '=', input.submissionId).executeTakeFirst();
    if (!s) throw refuse('NOT_FOUND', 'entryNotFound');
    assertInScope(ctx.scope, s.studyId, 'Form entry not found');
    await visiblePatient(ctx, s.patientId);
    target = { submissionId: s.id };
  } else {
    assertInScope(ctx.scope, input.studyId!, 'Study not found');
    target = { studyId: input.studyId! };
  }
  const { rows } = await sql<CasebookOpenQuery & { total: number }>`
    select q.id, q.code, q.status, q.field_path as field, f.name as form_name, p.subject_code, q.submission_id,
           count(*) over ()::int as total
      from queries q
      join patients p on p.id = q.patient_id
      left join forms f on f.id = q.form_id
     where ${targetWhere(target)} and q.status = any(${LIVE}::text[]) and ${queryWhere(ctx.scope, {})}
     order by q.code
     limit 200`.execute(ctx.db);
  return { items: rows.map(({ total: _total, ...r }) => r), total: rows[0]?.total ?? 0 };
}
