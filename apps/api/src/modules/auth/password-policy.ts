// The password policy, from configuration: a minimum length (PASSWORD_MIN_LENGTH, never below the
// contracts' 12 with a letter and a digit), not one of the most common breached passwords (the 49,233 of
// @zxcvbn-ts/language-common, shipped with the product as data), not the account's e-mail name, and not
// the current password nor one of the last PASSWORD_HISTORY (their hashes in password_history). Expiry
// (PASSWORD_MAX_AGE_DAYS) is checked at log-in (service.ts). Each refusal names its rule on the field.
import { dictionary } from '@zxcvbn-ts/language-common';
import { verifyPassword, type Db, type Tx } from '@ctp/db';
import type { Config } from '../../config.ts';
import { fieldError } from '../../trpc.ts';
import { refuseField } from '../../refusal.ts';

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export const BREACHED_PASSWORD = 'This password is among the most common breached passwords: choose another';
export const CONTAINS_EMAIL_NAME = 'The password must not contain your e-mail name';

interface PolicyTarget {
  /** The account, when it has one yet: its current and previous passwords count. */
  userId?: number;
  email: string;
  /** The input field the refusal is shown on. */
  field: string;
}

export async function assertPasswordAllowed(db: Db | Tx, config: Config, password: string, target: PolicyTarget): Promise<void> {
  if (password.length < config.PASSWORD_MIN_LENGTH) throw refuseField(target.field, 'passwordTooShort', { minimum: config.PASSWORD_MIN_LENGTH });
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) throw fieldError(target.field, BREACHED_PASSWORD);
  const emailName = target.email.split('@')[0]!.toLowerCase();
  if (emailName.length >= 4 && lower.includes(emailName)) throw fieldError(target.field, CONTAINS_EMAIL_NAME);
  if (target.userId === undefined) return;
  const current = await db.selectFrom('users').select('passwordHash').where('id', '=', target.userId).executeTakeFirst();
  const previous = config.PASSWORD_HISTORY
    ? await db.selectFrom('passwordHistory').select('passwordHash').where('userId', '=', target.userId).orderBy('id', 'desc').limit(config.PASSWORD_HISTORY).execute()
    : [];
  for (const hash of [current?.passwordHash ?? null, ...previous.map((p) => p.passwordHash)]) {
    if (!(await verifyPassword(hash, password))) continue;
    throw config.PASSWORD_HISTORY > 0
      ? refuseField(target.field, 'notRecentPassword', { number: config.PASSWORD_HISTORY + 1 })
      : refuseField(target.field, 'notCurrentPassword');
  }
}

/** Keeps the replaced password's hash (inside the change's transaction) and forgets those beyond the history. */
export async function rememberReplacedPassword(tx: Tx, config: Config, userId: number, replacedHash: string | null): Promise<void> {
  if (!replacedHash || config.PASSWORD_HISTORY === 0) return;
  await tx.insertInto('passwordHistory').values({ userId, passwordHash: replacedHash }).execute();
  const keep = await tx.selectFrom('passwordHistory').select('id').where('userId', '=', userId).orderBy('id', 'desc').limit(config.PASSWORD_HISTORY).execute();
  await tx
    .deleteFrom('passwordHistory')
    .where('userId', '=', userId)
    .where('id', 'not in', keep.map((k) => k.id))
    .execute();
}

/** Whether the password is older than PASSWORD_MAX_AGE_DAYS (never when 0). */
export function passwordExpired(config: Config, passwordChangedAt: Date): boolean {
  return config.PASSWORD_MAX_AGE_DAYS > 0 && Date.now() - new Date(passwordChangedAt).getTime() > config.PASSWORD_MAX_AGE_DAYS * 86_400_000;
}
