// Single sign-on with OpenID Connect (issue 26 item 6): what the log-in page needs to know, the
// refusals the callback reports to it (/login?sso_error=<code>), and the administrators' switch that
// turns an account's password log-in off.
import { z } from 'zod';
import { id, reason } from './common.ts';

export { SSO_ERRORS, type SsoError } from './sso-errors.ts';

export const ssoInfo = z.object({ enabled: z.boolean(), label: z.string().nullable() });
export type SsoInfo = z.infer<typeof ssoInfo>;

/** An administrator allows or forbids an account's password log-in (the account keeps single sign-on). */
export const setPasswordLoginInput = z.object({ id, passwordLogin: z.boolean(), reason });
export type SetPasswordLoginInput = z.infer<typeof setPasswordLoginInput>;

/** The password form's refusal for an account whose password log-in an administrator turned off. */
export const PASSWORD_LOGIN_DISABLED = 'This account signs in with single sign-on. Use the single sign-on button instead of a password.';
