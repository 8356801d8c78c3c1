// The session cookie, written the same way by every way of signing in: the password form (tRPC
// auth.login through the context), first setup, a password change and single sign-on's callback
// (an Express redirect). httpOnly, SameSite=Lax, Secure on HTTPS (or as COOKIE_SECURE says).
import type { Request, Response } from 'express';
import { SECURITY } from '@ctp/contracts';
import type { Config } from '../config.ts';

/** The options every cookie of ours shares; `path` narrows one to the routes that read it. */
export function cookieOptions(req: Request, config: Config, path = '/') {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.COOKIE_SECURE ?? req.secure, path };
}

/** Sets the session cookie (a token and its absolute expiry), or clears it when token is null. */
export function setSessionCookie(req: Request, res: Response, config: Config, token: string | null, expiresAt?: Date) {
  const options = cookieOptions(req, config);
  if (token) res.cookie(SECURITY.sessionCookie, token, { ...options, expires: expiresAt });
  else res.clearCookie(SECURITY.sessionCookie, options);
}
