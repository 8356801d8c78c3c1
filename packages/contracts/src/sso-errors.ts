// The refusals a single sign-on reports to the log-in page (/login?sso_error=<code>), without zod: the
// log-in page reads them.
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
