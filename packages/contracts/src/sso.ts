// Single sign-on with OpenID Connect (issue 26 item 6): what the log-in page needs to know, the
// refusals the callback reports to it (/login?sso_error=<code>), and the administrators' switch that
// turns an account's password log-in off.
import { z } from 'zod';
import { id, reason } from './common.ts';

/** Why a single sign-on was refused; the log-in page shows a message for each. */
export const SSO_ERRORS = [
  /** The provider answered with an error (the person cancelled, or the provider refused). */
  'provider',
  /** The state is missing, wrong, expired or was already used (or the sign-in began in another browser). */
  'state',
  /** The code exchange or the ID token's checks (nonce, signature, audience) failed. */
  'failed',
  /** The provider did not vouch for an e-mail address (email_verified is not true). */
  'unverified',
  /** No account uses this e-mail address (and accounts are not created at first sign-on). */
  'unknown',
  /** The account is deactivated or not yet activated. */
  'inactive',
  /** Single sign-on is not configured, or the provider cannot be reached. */
  'unavailable',
  /** Too many log-in attempts from this address. */
  'throttled',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export const ssoInfo = z.object({ enabled: z.boolean(), label: z.string().nullable() });
export type SsoInfo = z.infer<typeof ssoInfo>;

/** An administrator allows or forbids an account's password log-in (the account keeps single sign-on). */
export const setPasswordLoginInput = z.object({ id, passwordLogin: z.boolean(), reason });
export type SetPasswordLoginInput = z.infer<typeof setPasswordLoginInput>;

/** The password form's refusal for an account whose password log-in an administrator turned off. */
export const PASSWORD_LOGIN_DISABLED = 'This account signs in with single sign-on. Use the single sign-on button instead of a password.';
