// Identity administration (issue 26): the first administrator, user administration, single-use
// links (invitation, password reset) and personal API tokens.
import { z } from 'zod';
import { text, searchTerm } from './input.ts';
import { role, ROLES } from './roles.ts';
import { id, pagination, reason, version } from './common.ts';
import { newPassword } from './auth.ts';

export const IDENTITY = {
  /** The first administrator's setup link, printed in the server log at start. */
  setupLinkHours: 24,
  invitationHours: 72,
  passwordResetHours: 2,
  /** A personal API token lives at most a year. */
  apiTokenMaxDays: 365,
  apiTokenPrefix: 'ctp_',
} as const;

const email = text('name').toLowerCase().email('Enter a valid email address');
const fullName = text('name').min(2, 'Enter the full name');
/** A single-use link's token as it arrives from the address bar (43 base64url characters). */
const linkToken = z.string().min(20, 'This link is not complete').max(200, 'This link is not complete').regex(/^[A-Za-z0-9_-]+$/, 'This link is not complete');

export const setupStatusInput = z.object({ token: linkToken.optional() });
export const completeSetupInput = z.object({ token: linkToken, fullName, email, password: newPassword });
export type CompleteSetupInput = z.infer<typeof completeSetupInput>;

export const linkInput = z.object({ token: linkToken });
export const setPasswordWithLinkInput = z.object({ token: linkToken, password: newPassword });
export type SetPasswordWithLinkInput = z.infer<typeof setPasswordWithLinkInput>;
export const requestPasswordResetInput = z.object({ email });

export const USER_STATUSES = ['active', 'invited', 'locked', 'inactive'] as const;
export const userStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatus>;

export const listUsersInput = pagination.extend({
  search: searchTerm,
  role: role.optional(),
  status: userStatus.optional(),
});
export type ListUsersInput = z.infer<typeof listUsersInput>;

export const inviteUserInput = z.object({ email, fullName, role });
export type InviteUserInput = z.infer<typeof inviteUserInput>;

export const updateUserInput = z.object({ id, version, fullName, role, reason });
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** Deactivate, reactivate, unlock, end sessions: the user and why. */
export const userActionInput = z.object({ id, reason });
export type UserActionInput = z.infer<typeof userActionInput>;

export const userSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role,
  status: userStatus,
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const API_TOKEN_ACCESS = ['read', 'read-write'] as const;
export const createApiTokenInput = z.object({
  name: text('name').min(2, 'Name the token (what uses it)'),
  expiresInDays: z.coerce.number().int('Use a whole number').min(1, 'At least one day').max(IDENTITY.apiTokenMaxDays, `At most ${IDENTITY.apiTokenMaxDays} days`),
  access: z.enum(API_TOKEN_ACCESS),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;
export const revokeApiTokenInput = z.object({ id });

/** Roles an administrator can give (every role). */
export const ASSIGNABLE_ROLES = ROLES;

/** The periodic access review (issue 26 item 8): every account with its access, as CSV or PDF. */
export const ACCESS_REVIEW_FORMATS = ['csv', 'pdf'] as const;
export const accessReviewInput = z.object({ format: z.enum(ACCESS_REVIEW_FORMATS) });
export type AccessReviewFormat = (typeof ACCESS_REVIEW_FORMATS)[number];

/** The signed-in user's own name (profile page). */
export const updateProfileInput = z.object({ fullName });
