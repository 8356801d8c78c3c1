// Electronic signatures of a subject's casebook (21 CFR Part 11): the investigator re-enters the
// password, chooses the meaning; the signature keeps printed name, time, meaning and the sha256 of the
// signed content: every submitted entry of the subject (id, form version, visit date, data), in a
// canonical JSON (keys sorted). A later change makes the stored hash differ from the content's: the
// signature shows as broken and the casebook must be signed again. The manifest also keeps the codes of
// the queries unresolved at signing time (open_queries; signing with them needs acknowledgeOpenQueries):
// not hashed, so a query closed later does not break the signature.
import { createHash } from 'node:crypto';
import { sql, verifyPassword, withActor, type Db } from '@ctp/db';
import { assertActsForSite } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { visiblePatient } from '../submissions/lookup.ts';
import { checkSigningSecondFactor, type SigningSession } from '../mfa/service.ts';
import { checkOpenQueries, reasonWithOpenQueries } from './open-queries.ts';
import { refuse, refuseField } from '../../refusal.ts';

/** JSON with object keys in order, so equal content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The sha256 of a subject's submitted entries, and how many there are. */
export async function casebookHash(db: Db, patientId: number): Promise<{ hash: string; entries: number }> {
  const rows = await db
    .selectFrom('formSubmissions')
    .select(['id', 'formVersionId', 'visitDate', 'data'])
    .where('patientId', '=', patientId)
    .where('status', '<>', 'draft')
    .orderBy('id')
    .execute();
  const content = canonicalJson(rows.map((r) => ({ id: r.id, formVersionId: r.formVersionId, visitDate: r.visitDate, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data })));
  return { hash: createHash('sha256').update(content).digest('hex'), entries: rows.length };
}

export async function signCasebook(ctx: ProcedureCtx & SigningSession, input: {
    patientId: number;
    meaning: 'authorship' | 'review' | 'approval';
    password: string;
    code?: string;
    acknowledgeOpenQueries?: boolean;
  },
) {
  const patient = await visiblePatient(ctx, input.patientId);
  assertActsForSite(ctx.scope, patient.studyId, patient.siteId);
  const user = await ctx.db.selectFrom('users').select(['passwordHash', 'fullName']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    // A field error, not 401: a mistyped password at signing is not a lost session.
    throw refuseField('password', 'casebookPasswordWrong');
  }
  // Two-factor authentication: the first signature of a session needs the code too (11.200(a)(1)).
  const second = await checkSigningSecondFactor(ctx, input.code, 'casebook');
  if (second.error) throw second.error;
  const { hash, entries } = await casebookHash(ctx.db, patient.id);
  if (!entries) throw refuse('PRECONDITION_FAILED', 'nothingToSign');
  const openQueries = await checkOpenQueries(ctx.db, { patientId: patient.id }, input.acknowledgeOpenQueries, 'openQueriesSign');
  return withActor(ctx.db, actorOf(ctx, reasonWithOpenQueries(`Casebook signed (${input.meaning})`, openQueries)), async (tx) => {
    await second.record(tx);
    return tx
      .insertInto('signatures')
      .values({
        studyId: patient.studyId,
        patientId: patient.id,
        signerId: ctx.user.id,
        printedName: user.fullName,
        meaning: input.meaning,
        contentHash: hash,
        entries,
        openQueries,
      })
      .returning(['id', 'signedAt', 'contentHash', 'openQueries'])
      .executeTakeFirstOrThrow();
  });
}

/** The subject's signatures, newest first, each valid while the casebook still hashes to what was signed. */
export async function casebookSignatures(db: Db, patientId: number) {
  const current = await casebookHash(db, patientId);
  const rows = await db
    .selectFrom('signatures')
    .select(['id', 'printedName', 'meaning', 'signedAt', 'contentHash', 'entries', 'openQueries'])
    .where('patientId', '=', patientId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((s) => ({ ...s, signedAt: s.signedAt.toISOString(), valid: s.contentHash === current.hash }));
}

/**
 * How many of the subjects a condition on `p` (patients) selects have no valid investigator signature:
 * never signed (counted in SQL), or their latest signature no longer matches their casebook (only the
 * signed ones, few, are hashed again). Used by the compliance checks and audit readiness.
 */
export async function unsignedCasebooks(db: Db, subjects: ReturnType<typeof sql<boolean>>): Promise<number> {
  const { rows } = await sql<{ id: number; hash: string | null }>`
    select p.id, (select s.content_hash from signatures s where s.patient_id = p.id order by s.id desc limit 1) as hash
      from patients p where ${subjects}`.execute(db);
  let n = rows.filter((r) => !r.hash).length;
  for (const r of rows.filter((x) => x.hash)) if (r.hash !== (await casebookHash(db, r.id)).hash) n++;
  return n;
}
