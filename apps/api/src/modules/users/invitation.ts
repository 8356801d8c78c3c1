// An invited account: no password and inactive until its owner sets one through the invitation link.
// Shared by the administrators' Invite (users.invite) and `npm run admin:create`.
import { TRPCError } from '@trpc/server';
import { sql, type Tx } from '@ctp/db';
import { IDENTITY, type InviteUserInput } from '@ctp/contracts';
import { isUniqueViolation } from '../../sql-helpers.ts';
import { issueLink } from '../auth/links.ts';

export const EMAIL_TAKEN = 'An account with this e-mail address already exists';

export async function createInvitedAccount(tx: Tx, input: InviteUserInput, createdBy: number | null) {
  let user;
  try {
    user = await tx
      .insertInto('users')
      .values({ email: input.email, fullName: input.fullName, role: input.role, passwordHash: null, isActive: false, invitedAt: sql`now()` })
      .returning(['id', 'email', 'fullName', 'role'])
      .executeTakeFirstOrThrow();
  } catch (err) {
    // An address once used stays with its first owner (11.300(a)), even when that account is inactive.
    if (isUniqueViolation(err)) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    throw err;
  }
  const { path } = await issueLink(tx, 'invitation', user.id, createdBy, IDENTITY.invitationHours);
  return { user, path };
}
