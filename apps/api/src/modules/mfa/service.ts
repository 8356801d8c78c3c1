// Two-factor authentication: enrolment from the profile or, for a role that requires it, at log-in;
// the second step of a log-in; recovery codes; turning it off (owner) or resetting it (administrator);
// and the code at an electronic signature. Nothing here logs or returns a secret or a code, except the
// secret while an enrolment waits for its first code and the recovery codes once, when issued.
import { TRPCError } from '@trpc/server';
import { sql, verifyPassword, withActor, type Db, type Tx, type MfaPendingPurpose } from '@ctp/db';
import { MFA, SECURITY, type MfaLoginStep, type Role } from '@ctp/contracts';
import type { Config } from '../../config.ts';
import { fieldError } from '../../trpc.ts';
import { isoOrNull as iso } from '../../sql-helpers.ts';
import { createSession, hashToken, newToken, toSessionUser, type SessionUser } from '../auth/session.ts';
import { openSecret, sealSecret, SecretBoxError } from './secret-box.ts';
import { checkTotp, hashRecoveryCode, isTotpShaped, newRecoveryCode, newTotpSecret, provisioning } from './totp.ts';
import { refuse, refuseField } from '../../refusal.ts';

export const WRONG_CODE = 'The code is not correct. Check that your phone shows the right time and try again.';
export const SIGN_IN_AGAIN = 'Your sign-in took too long or was already completed. Sign in again.';
const LOCKED = 'This account is locked after repeated failed log-in attempts. Try again later or ask an administrator.';
const UNREADABLE = 'Your two-factor authentication cannot be checked on this server. Ask an administrator to reset it.';

interface Who {
  db: Db;
  config: Config;
  req: { ip: string | null; userAgent: string | null };
}

export function mfaRequiredFor(config: Config, role: Role): boolean {
  return config.REQUIRE_MFA_ROLES.includes(role);
}

function open(config: Config, box: string): string {
  try {
    return openSecret(box, config.MFA_ENCRYPTION_KEY);
  } catch (err) {
    if (err instanceof SecretBoxError) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: UNREADABLE });
    throw err;
  }
}


/** A user's two-factor state (the profile and the administrators' user page). */
export async function mfaSummary(db: Db, config: Config, user: { id: number; role: Role }) {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('mfaSecrets as s', 's.userId', 'u.id')
    .select((eb) => [
      'u.mfaEnabledAt',
      'u.mfaRecoveryCodesAt',
      's.createdAt as pendingSince',
      's.confirmedAt',
      eb
        .selectFrom('mfaRecoveryCodes as c')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('c.userId', '=', 'u.id')
        .where('c.usedAt', 'is', null)
        .as('recoveryCodesRemaining'),
    ])
    .where('u.id', '=', user.id)
    .executeTakeFirst();
  return {
    enabled: !!row?.mfaEnabledAt,
    enabledAt: iso(row?.mfaEnabledAt ?? null),
    required: mfaRequiredFor(config, user.role),
    recoveryCodesRemaining: row?.mfaEnabledAt ? Number(row.recoveryCodesRemaining ?? 0) : 0,
    recoveryCodesIssuedAt: iso(row?.mfaRecoveryCodesAt ?? null),
    /** An enrolment started and not yet confirmed with a code. */
    enrolmentPending: !row?.mfaEnabledAt && !!row?.pendingSince && !row?.confirmedAt,
  };
}

// ---------------------------------------------------------------------------------------------------
// Enrolment

/** A new secret waiting for its first code (any earlier unconfirmed one is replaced). */
async function beginEnrolment(db: Db, config: Config, user: { id: number; email: string }) {
  const secret = newTotpSecret();
  const secretBox = sealSecret(secret, config.MFA_ENCRYPTION_KEY);
  const stored = await withActor(db, { userId: user.id, reason: 'Two-factor enrolment started' }, async (tx) => {
    const row = await tx
      .insertInto('mfaSecrets')
      .values({ userId: user.id, secretBox, confirmedAt: null, lastTimeStep: null })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ secretBox, lastTimeStep: null }).where('mfaSecrets.confirmedAt', 'is', null))
      .returning('userId')
      .executeTakeFirst();
    return !!row;
  });
  if (!stored) throw refuse('PRECONDITION_FAILED', 'mfaAlreadyOn');
  return { secret, ...(await provisioning(secret, user.email)) };
}

async function issueRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  await tx.deleteFrom('mfaRecoveryCodes').where('userId', '=', userId).execute();
  const codes = Array.from({ length: MFA.recoveryCodeCount }, newRecoveryCode);
  await tx
    .insertInto('mfaRecoveryCodes')
    .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })))
    .execute();
  return codes;
}

/** The pending secret of a user and the step the code matched, or a field error; nothing is written. */
async function checkPendingEnrolment(db: Db, config: Config, userId: number, code: string) {
  const row = await db.selectFrom('mfaSecrets').select(['secretBox', 'confirmedAt']).where('userId', '=', userId).executeTakeFirst();
  if (!row || row.confirmedAt) throw refuse('PRECONDITION_FAILED', 'mfaRestartEnrolment');
  return checkTotp(open(config, row.secretBox), code, null);
}

/** Confirms the pending secret inside the caller's transaction; returns the recovery codes (shown once). */
async function confirmEnrolment(tx: Tx, userId: number, step: number, extra: Record<string, unknown> = {}) {
  const confirmed = await tx
    .updateTable('mfaSecrets')
    .set({ confirmedAt: sql`now()`, lastTimeStep: step })
    .where('userId', '=', userId)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst();
  if (Number(confirmed.numUpdatedRows) !== 1) throw refuse('PRECONDITION_FAILED', 'mfaRestartEnrolment');
  await tx
    .updateTable('users')
    .set({ mfaEnabledAt: sql`now()`, mfaRecoveryCodesAt: sql`now()`, version: sql`version + 1`, ...extra })
    .where('id', '=', userId)
    .execute();
  return issueRecoveryCodes(tx, userId);
}

async function userRow(db: Db | Tx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The profile: a new secret and its QR code, to be confirmed with a code. */
export async function startEnrolment(ctx: Who & { user: SessionUser }) {
  const user = await userRow(ctx.db, ctx.user.id);
  if (user.mfaEnabledAt) throw refuse('PRECONDITION_FAILED', 'mfaAlreadyOn');
  return beginEnrolment(ctx.db, ctx.config, user);
}

export async function confirmOwnEnrolment(ctx: Who & { user: SessionUser }, code: string) {
  const step = await checkPendingEnrolment(ctx.db, ctx.config, ctx.user.id, code);
  if (step === null) throw fieldError('code', WRONG_CODE);
  const recoveryCodes = await withActor(ctx.db, { userId: ctx.user.id, reason: 'Two-factor authentication turned on by its owner', clientIp: ctx.req.ip }, (tx) =>
    confirmEnrolment(tx, ctx.user.id, step),
  );
  return { recoveryCodes };
}

async function assertPassword(db: Db, userId: number, password: string) {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.passwordHash, password))) throw refuseField('password', 'passwordWrong');
}

export async function regenerateRecoveryCodes(ctx: Who & { user: SessionUser }, password: string) {
  await assertPassword(ctx.db, ctx.user.id, password);
  const recoveryCodes = await withActor(ctx.db, { userId: ctx.user.id, reason: 'New recovery codes issued (the previous ones no longer work)', clientIp: ctx.req.ip }, async (tx) => {
    const user = await tx.selectFrom('users').select('mfaEnabledAt').where('id', '=', ctx.user.id).forUpdate().executeTakeFirstOrThrow();
    if (!user.mfaEnabledAt) throw refuse('PRECONDITION_FAILED', 'mfaTurnOnFirst');
    await tx.updateTable('users').set({ mfaRecoveryCodesAt: sql`now()`, version: sql`version + 1` }).where('id', '=', ctx.user.id).execute();
    return issueRecoveryCodes(tx, ctx.user.id);
  });
  return { recoveryCodes };
}

/** Removes the secret, the recovery codes and open second steps; users.mfa_enabled_at cleared (audited). */
async function clearMfa(tx: Tx, userId: number) {
  await tx.deleteFrom('mfaSecrets').where('userId', '=', userId).execute();
  await tx.deleteFrom('mfaRecoveryCodes').where('userId', '=', userId).execute();
  await tx.updateTable('mfaPendingLogins').set({ usedAt: sql`now()` }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
  await tx.updateTable('users').set({ mfaEnabledAt: null, mfaRecoveryCodesAt: null, version: sql`version + 1` }).where('id', '=', userId).execute();
}

export async function disableOwnMfa(ctx: Who & { user: SessionUser }, password: string) {
  if (mfaRequiredFor(ctx.config, ctx.user.role)) {
    throw refuse('PRECONDITION_FAILED', 'mfaRequiredByRole');
  }
  await assertPassword(ctx.db, ctx.user.id, password);
  await withActor(ctx.db, { userId: ctx.user.id, reason: 'Two-factor authentication turned off by its owner', clientIp: ctx.req.ip }, async (tx) => {
    const user = await tx.selectFrom('users').select('mfaEnabledAt').where('id', '=', ctx.user.id).forUpdate().executeTakeFirstOrThrow();
    const pending = await tx.selectFrom('mfaSecrets').select('userId').where('userId', '=', ctx.user.id).executeTakeFirst();
    if (!user.mfaEnabledAt && !pending) throw refuse('PRECONDITION_FAILED', 'mfaNotOn');
    await clearMfa(tx, ctx.user.id);
  });
  return { ok: true };
}

/** An administrator resets another user's two-factor authentication (a lost phone); the reason is audited. */
export async function resetUserMfa(ctx: Who & { user: SessionUser }, input: { id: number; reason: string }) {
  if (input.id === ctx.user.id) throw refuse('PRECONDITION_FAILED', 'mfaResetOwn');
  await withActor(ctx.db, { userId: ctx.user.id, reason: `Two-factor authentication reset by an administrator: ${input.reason}`, clientIp: ctx.req.ip }, async (tx) => {
    const user = await tx.selectFrom('users').select(['id', 'mfaEnabledAt']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!user) throw refuse('NOT_FOUND', 'userNotFound');
    const secret = await tx.selectFrom('mfaSecrets').select('userId').where('userId', '=', input.id).executeTakeFirst();
    if (!user.mfaEnabledAt && !secret) throw refuse('PRECONDITION_FAILED', 'mfaNothingToReset');
    await clearMfa(tx, input.id);
  });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------
// Log-in: the second step

/**
 * After a correct password: the second step this user needs (the code, or the enrolment their role
 * requires), or null when none. The failed-attempt counter is left as it is until the second step
 * succeeds, so a known password does not buy fresh guesses at the code.
 */
export async function mfaStepAfterPassword(db: Db, config: Config, user: { id: number; role: string; mfaEnabledAt: Date | null }, ip: string | null): Promise<MfaLoginStep | null> {
  const purpose: MfaPendingPurpose | null = user.mfaEnabledAt ? 'verify' : mfaRequiredFor(config, user.role as Role) ? 'enrol' : null;
  if (!purpose) return null;
  const token = newToken();
  const row = await db
    .insertInto('mfaPendingLogins')
    .values({ userId: user.id, purpose, tokenHash: hashToken(token), expiresAt: sql<Date>`now() + make_interval(mins => ${MFA.pendingLoginMinutes})`, clientIp: ip })
    .returning('expiresAt')
    .executeTakeFirstOrThrow();
  return { mfaStep: purpose, pendingToken: token, expiresAt: new Date(row.expiresAt).toISOString() };
}

async function pendingLogin(db: Db, token: string, purpose: MfaPendingPurpose) {
  const row = await db
    .selectFrom('mfaPendingLogins as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.id as pendingId', 'u.id', 'u.email', 'u.fullName', 'u.role', 'u.isActive', 'u.lockedUntil', 'u.mfaEnabledAt', 'u.failedLoginCount'])
    .where('p.tokenHash', '=', hashToken(token))
    .where('p.purpose', '=', purpose)
    .where('p.usedAt', 'is', null)
    .where('p.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row || !row.isActive) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN });
  if (row.lockedUntil && new Date(row.lockedUntil) > new Date()) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: LOCKED });
  return row;
}

/** A wrong code counts like a wrong password (the same counter and lock-out); the refusal is a field error. */
async function failedCode(db: Db, userId: number, ip: string | null): Promise<never> {
  const locked = await withActor(db, { userId, reason: 'Failed log-in attempt (wrong two-factor code)', clientIp: ip }, async (tx) => {
    const u = await tx.selectFrom('users').select('failedLoginCount').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const failed = u.failedLoginCount + 1;
    const lock = failed >= SECURITY.maxFailedLogins;
    if (lock) await sql`select set_config('app.reason', 'Account locked after failed log-in attempts', true)`.execute(tx);
    await tx
      .updateTable('users')
      .set({ failedLoginCount: lock ? 0 : failed, lockedUntil: lock ? sql<Date>`now() + make_interval(mins => ${SECURITY.lockoutMinutes})` : null })
      .where('id', '=', userId)
      .execute();
    if (lock) await tx.updateTable('mfaPendingLogins').set({ usedAt: sql`now()` }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
    return lock;
  });
  if (locked) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: LOCKED });
  throw fieldError('code', WRONG_CODE);
}

/** Spends the pending log-in inside the caller's transaction; a second use in a race finds nothing. */
async function spendPending(tx: Tx, pendingId: number) {
  const spent = await tx.updateTable('mfaPendingLogins').set({ usedAt: sql`now()` }).where('id', '=', pendingId).where('usedAt', 'is', null).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN });
}

const LOGGED_IN = { failedLoginCount: 0, lockedUntil: null, lastLoginAt: sql<Date>`now()` };

/** The code (or a recovery code) after the password: the session, once it is right. */
export async function completeMfaLogin(ctx: Who, input: { pendingToken: string; code: string }) {
  const p = await pendingLogin(ctx.db, input.pendingToken, 'verify');
  const secret = await ctx.db.selectFrom('mfaSecrets').select(['secretBox', 'lastTimeStep']).where('userId', '=', p.id).where('confirmedAt', 'is not', null).executeTakeFirst();
  if (!secret || !p.mfaEnabledAt) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN });
  const byTotp = isTotpShaped(input.code);
  let step: number | null = null;
  let recoveryId: number | null = null;
  if (byTotp) {
    step = await checkTotp(open(ctx.config, secret.secretBox), input.code, secret.lastTimeStep);
    if (step === null) return failedCode(ctx.db, p.id, ctx.req.ip);
  } else {
    const code = await ctx.db
      .selectFrom('mfaRecoveryCodes')
      .select('id')
      .where('userId', '=', p.id)
      .where('codeHash', '=', hashRecoveryCode(input.code))
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    if (!code) return failedCode(ctx.db, p.id, ctx.req.ip);
    recoveryId = code.id;
  }
  const reason = byTotp ? 'Log-in (password and authenticator code)' : 'Log-in (password and a recovery code)';
  await withActor(ctx.db, { userId: p.id, reason, clientIp: ctx.req.ip }, async (tx) => {
    await spendPending(tx, p.pendingId);
    if (step !== null) {
      const used = await tx
        .updateTable('mfaSecrets')
        .set({ lastTimeStep: step })
        .where('userId', '=', p.id)
        .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', step)]))
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw fieldError('code', WRONG_CODE);
    } else {
      const used = await tx.updateTable('mfaRecoveryCodes').set({ usedAt: sql`now()` }).where('id', '=', recoveryId!).where('usedAt', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw fieldError('code', WRONG_CODE);
    }
    await tx.updateTable('users').set(LOGGED_IN).where('id', '=', p.id).execute();
  });
  const session = await createSession(ctx.db, p.id, ctx.req.ip, ctx.req.userAgent);
  return { ...session, user: toSessionUser(p) };
}

/** Forced enrolment at log-in (the role requires it): the secret and QR code for this pending log-in. */
export async function startLoginEnrolment(ctx: Who, pendingToken: string) {
  const p = await pendingLogin(ctx.db, pendingToken, 'enrol');
  if (p.mfaEnabledAt) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_AGAIN });
  return beginEnrolment(ctx.db, ctx.config, p);
}

/** The first code of a forced enrolment: two-factor authentication on, the session, the recovery codes. */
export async function completeLoginEnrolment(ctx: Who, input: { pendingToken: string; code: string }) {
  const p = await pendingLogin(ctx.db, input.pendingToken, 'enrol');
  const step = await checkPendingEnrolment(ctx.db, ctx.config, p.id, input.code);
  if (step === null) return failedCode(ctx.db, p.id, ctx.req.ip);
  const recoveryCodes = await withActor(ctx.db, { userId: p.id, reason: 'Two-factor authentication turned on at log-in (required for the role); log-in', clientIp: ctx.req.ip }, async (tx) => {
    await spendPending(tx, p.pendingId);
    return confirmEnrolment(tx, p.id, step, LOGGED_IN);
  });
  const session = await createSession(ctx.db, p.id, ctx.req.ip, ctx.req.userAgent);
  return { ...session, user: toSessionUser(p), recoveryCodes };
}

// ---------------------------------------------------------------------------------------------------
// Electronic signatures (21 CFR 11.200(a)(1))

/** What a signature procedure's context carries beside ProcedureCtx: the configuration and the session. */
export interface SigningSession {
  config: Config;
  sessionId?: number | null;
}

export interface SigningSecondFactor {
  /** The refusal to throw (after the password's), or null. */
  error: TRPCError | null;
  /** Inside the signature's transaction: remembers the code's step and that this session gave both. */
  record(tx: Tx): Promise<void>;
}

const NOTHING_TO_RECORD = async () => {};

/**
 * The code beside the password at a signature. A signer with two-factor authentication gives both at
 * the first signature of a session; later signatures in that session need the password only. Without a
 * session (an API token), every signature needs the code. Nothing is written here.
 */
export async function checkSigningSecondFactor(
  ctx: { db: Db; config: Config; user: SessionUser; sessionId?: number | null },
  code: string | undefined,
  signing: 'casebook' | 'document',
): Promise<SigningSecondFactor> {
  const needed = signing === 'casebook' ? 'signCodeNeededCasebook' : 'signCodeNeededDocument';
  const wrong = signing === 'casebook' ? 'signCodeWrongCasebook' : 'signCodeWrongDocument';
  const row = await ctx.db
    .selectFrom('users as u')
    .leftJoin('mfaSecrets as s', (j) => j.onRef('s.userId', '=', 'u.id').on('s.confirmedAt', 'is not', null))
    .select(['u.mfaEnabledAt', 's.secretBox', 's.lastTimeStep'])
    .where('u.id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  if (!row.mfaEnabledAt || !row.secretBox) return { error: null, record: NOTHING_TO_RECORD };
  const sessionId = ctx.sessionId ? ctx.sessionId : null;
  if (sessionId !== null) {
    const session = await ctx.db.selectFrom('sessions').select('signingMfaAt').where('id', '=', sessionId).executeTakeFirst();
    if (session?.signingMfaAt) return { error: null, record: NOTHING_TO_RECORD };
  }
  if (!code) {
    return { error: refuseField('code', needed), record: NOTHING_TO_RECORD };
  }
  let secret: string;
  try {
    secret = openSecret(row.secretBox, ctx.config.MFA_ENCRYPTION_KEY);
  } catch {
    return { error: new TRPCError({ code: 'PRECONDITION_FAILED', message: UNREADABLE }), record: NOTHING_TO_RECORD };
  }
  const step = await checkTotp(secret, code, row.lastTimeStep);
  if (step === null) return { error: refuseField('code', wrong), record: NOTHING_TO_RECORD };
  return {
    error: null,
    record: async (tx) => {
      const used = await tx
        .updateTable('mfaSecrets')
        .set({ lastTimeStep: step })
        .where('userId', '=', ctx.user.id)
        .where((eb) => eb.or([eb('lastTimeStep', 'is', null), eb('lastTimeStep', '<', step)]))
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw refuseField('code', wrong);
      if (sessionId !== null) await tx.updateTable('sessions').set({ signingMfaAt: sql`now()` }).where('id', '=', sessionId).execute();
    },
  };
}
