// Two-factor authentication (issue 26 item 5): TOTP (RFC 6238) codes from an authenticator app, and
// single-use recovery codes for when the app is lost.
import { z } from 'zod';
import { text } from './input.ts';

export const MFA = {
  /** Recovery codes issued at enrolment and on regeneration. */
  recoveryCodeCount: 10,
  /** How long the second step of a log-in (code or forced enrolment) may take. */
  pendingLoginMinutes: 5,
  /** What the authenticator app shows as the account's issuer. */
  issuer: 'Clinical trial platform',
} as const;

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** A 6-digit TOTP code (spaces allowed, as apps display "123 456"). */
export const totpCode = text('code')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** At log-in: a TOTP code or a recovery code (xxxxx-xxxxx). */
export const loginCode = text('code')
  .min(1, 'Enter the code from your authenticator app or a recovery code')
  .regex(/^(\d{3}\s?\d{3}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/, 'Enter the 6-digit code from your authenticator app or a recovery code');

/** The pending log-in's token, as the log-in answered it (43 base64url characters). */
const pendingToken = z.string().min(20, 'Sign in again').max(200, 'Sign in again').regex(/^[A-Za-z0-9_-]+$/, 'Sign in again');

/** The second step of a log-in: the code (or a recovery code) after the password. */
export const mfaLoginInput = z.object({ pendingToken, code: loginCode });
export type MfaLoginInput = z.infer<typeof mfaLoginInput>;
/** Forced enrolment at log-in: start (the secret and QR code) and confirm with the first code. */
export const mfaPendingInput = z.object({ pendingToken });
export const mfaLoginEnrolInput = z.object({ pendingToken, code: totpCode });

/** Confirming an enrolment from the profile with the first code. */
export const mfaConfirmInput = z.object({ code: totpCode });
/** Disabling, or new recovery codes: the password again. */
export const mfaPasswordInput = z.object({ password: text('secret', { trim: false }).min(1, 'Enter your password') });

/**
 * At an electronic signature, the code beside the password: required for the first signature of a
 * session when the signer has two-factor authentication (21 CFR 11.200(a)(1)); empty otherwise.
 */
export const signingCode = text('code')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(\d{6})?$/, TOTP_CODE_MESSAGE))
  .optional();

/** What the log-in answers when a second step is needed instead of a session. */
export interface MfaLoginStep {
  mfaStep: 'verify' | 'enrol';
  pendingToken: string;
  expiresAt: string;
}
