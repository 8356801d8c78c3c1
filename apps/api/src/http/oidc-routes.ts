// GET /auth/oidc/start and GET /auth/oidc/callback: single sign-on's browser redirects (Express, not
// tRPC). The sign-in's state rides in a cookie scoped to these two paths, so a callback only finishes
// a sign-in begun in the same browser (no one can sign a victim in to the attacker's account with a
// link). Every refusal lands on /login?sso_error=<code>, where the page explains it; the log gets the
// code only, never the query (it carries the authorization code and state).
import express, { type Request, type Response } from 'express';
import * as cookie from 'cookie';
import type { Db } from '@ctp/db';
import type { SsoError } from '@ctp/contracts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { LoginThrottle } from '../modules/auth/login-throttle.ts';
import { completeSignIn, OidcRelyingParty, oidcSettingsOf, OIDC_STATE_MINUTES, SsoRefusal, startSignIn } from '../modules/auth/oidc.ts';
import { cookieOptions, setSessionCookie } from './session-cookie.ts';
import { reportFailure } from './error-boundary.ts';

const STATE_COOKIE = 'ctp_oidc';
const COOKIE_PATH = '/auth/oidc';

export function oidcRoutes({ db, config, logger, loginThrottle }: { db: Db; config: Config; logger: Logger; loginThrottle: LoginThrottle }) {
  // Read at creation, so a half-made configuration stops the server at start with its message.
  const settings = oidcSettingsOf(config);
  const rp = settings ? new OidcRelyingParty(settings) : null;
  const routes = express.Router();

  const refuse = (req: Request, res: Response, code: SsoError, detail?: string) => {
    logger.warn({ event: 'sso-refused', code, detail }, 'Single sign-on refused');
    res.clearCookie(STATE_COOKIE, cookieOptions(req, config, COOKIE_PATH));
    res.set('cache-control', 'no-store').redirect(303, `/login?sso_error=${code}`);
  };

  /** A failure of ours (the database, typically): logged under a correlation id, and the person sent back to try again. */
  const unexpected = (req: Request, res: Response, err: unknown) => {
    const id = reportFailure(logger, err, { route: req.path });
    refuse(req, res, 'failed', `correlation ${id}`);
  };

  /** Sign-ins started count like password log-ins (per client address); a refusal here is a redirect, not an exception. */
  const admitted = async (req: Request) => {
    try {
      await loginThrottle.admit(req.ip ?? null);
      return true;
    } catch {
      return false;
    }
  };

  routes.get('/start', async (req, res) => {
    if (!rp) return refuse(req, res, 'unavailable', 'not configured');
    if (!(await admitted(req))) return refuse(req, res, 'throttled');
    try {
      const { url, state } = await startSignIn(db, rp, req.query.next, req.ip ?? null);
      res.cookie(STATE_COOKIE, state, { ...cookieOptions(req, config, COOKIE_PATH), maxAge: OIDC_STATE_MINUTES * 60_000 });
      res.set('cache-control', 'no-store').redirect(303, url);
    } catch (err) {
      if (err instanceof SsoRefusal) return refuse(req, res, err.code, err.detail);
      unexpected(req, res, err);
    }
  });

  // Not throttled itself: without the state of a sign-in begun (and counted) at /start in this
  // browser, a callback only looks up a hash and stops.
  routes.get('/callback', async (req, res) => {
    if (!rp) return refuse(req, res, 'unavailable', 'not configured');
    try {
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
      const browserState = cookie.parse(req.headers.cookie ?? '')[STATE_COOKIE];
      const signedIn = await completeSignIn(db, rp, { query, browserState }, req.ip ?? null, req.get('user-agent') ?? null);
      res.clearCookie(STATE_COOKIE, cookieOptions(req, config, COOKIE_PATH));
      setSessionCookie(req, res, config, signedIn.token, signedIn.expiresAt);
      res.set('cache-control', 'no-store').redirect(303, signedIn.nextPath);
    } catch (err) {
      if (err instanceof SsoRefusal) return refuse(req, res, err.code, err.detail);
      unexpected(req, res, err);
    }
  });

  return routes;
}
