// The first administrator of a deployment without demo data. While no active administrator exists,
// each server start issues a setup link (valid IDENTITY.setupLinkHours, the previous one revoked) and
// prints it on the console; /setup spends it to create the administrator. Once one exists, setup is
// gone: the status says so and completing answers NOT_FOUND.
import { sql, withActor, hashPassword, type Db } from '@ctp/db';
import { IDENTITY, type CompleteSetupInput } from '@ctp/contracts';
import { isUniqueViolation } from '../../sql-helpers.ts';
import { issueLink, spendLink } from './links.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import type { Config } from '../../config.ts';
import { createSession, toSessionUser } from './session.ts';
import { refuse } from '../../refusal.ts';

/** Taken inside the setup transaction, so two people completing setup at once create one administrator. */
const SETUP_LOCK = 7241026;

export async function administratorExists(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('isActive', '=', true).limit(1).executeTakeFirst();
  return !!row;
}

/**
 * Whether an open setup link was issued within the last `seconds`: by a server process that started at
 * the same moment (first-start.ts), which printed it; issuing another would revoke that one.
 */
export async function setupLinkIssuedWithin(db: Db, seconds: number): Promise<boolean> {
  const recent = await db
    .selectFrom('accountLinks')
    .select('id')
    .where('purpose', '=', 'setup')
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .where('createdAt', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .limit(1)
    .executeTakeFirst();
  return !!recent;
}

/** A new setup link when no administrator exists (the server prints it), else null. */
export async function issueSetupLinkIfNeeded(db: Db): Promise<string | null> {
  if (await administratorExists(db)) return null;
  const { path } = await withActor(db, { userId: null, reason: 'First administrator setup link issued at start' }, (tx) =>
    issueLink(tx, 'setup', null, null, IDENTITY.setupLinkHours),
  );
  return path;
}

export async function completeSetup(db: Db, config: Config, input: CompleteSetupInput, ip: string | null, userAgent: string | null) {
  await assertPasswordAllowed(db, config, input.password, { email: input.email, field: 'password' });
  const passwordHash = await hashPassword(input.password);
  const user = await withActor(db, { userId: null, reason: 'First administrator created through the setup link', clientIp: ip }, async (tx) => {
    await sql`select pg_advisory_xact_lock(${SETUP_LOCK})`.execute(tx);
    const existing = await tx.selectFrom('users').select('id').where('role', '=', 'admin').where('isActive', '=', true).limit(1).executeTakeFirst();
    if (existing) throw refuse('NOT_FOUND', 'setupComplete');
    await spendLink(tx, input.token, ['setup']);
    try {
      return await tx
        .insertInto('users')
        .values({ email: input.email, fullName: input.fullName, role: 'admin', passwordHash, isActive: true })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse('CONFLICT', 'emailTaken');
      throw err;
    }
  });
  const session = await createSession(db, user.id, ip, userAgent);
  return { ...session, user: toSessionUser(user) };
}
