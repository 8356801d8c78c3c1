// Single sign-on with OpenID Connect: the authorization code flow with PKCE (S256), through
// openid-client. /auth/oidc/start (http/oidc-routes.ts) calls startSignIn, the provider sends the
// browser back to /auth/oidc/callback, which calls completeSignIn.
//
// - The state, nonce and PKCE verifier are made per sign-in. The state goes to the browser (a cookie
//   scoped to /auth/oidc, and the provider's redirect); the database keeps only its sha256 beside the
//   nonce and verifier for 10 minutes (oidc_login_states), so any API process can finish a sign-in
//   another began. The callback deletes the row: a state works once.
// - A person is matched to an account by the e-mail address the provider vouches for
//   (email_verified true), case-insensitively. An active account signs in; a deactivated or
//   not-yet-activated one is refused. Nobody else gets in, unless OIDC_AUTO_CREATE creates an account
//   with OIDC_DEFAULT_ROLE and no study membership (it sees no study until an administrator adds it to
//   a team), its password log-in off.
// - The log-in is audited on the users row like a password log-in (reason 'Log-in (single sign-on)').
//   Refusals without an account are only logged, with the refusal's code and never a name, address,
//   subject, code or token.
// - Two-factor authentication is not asked after single sign-on: the provider authenticated the
//   person and is trusted for it (a second factor, if any, is the provider's to ask).
import crypto from 'node:crypto';
import * as client from 'openid-client';
import { sql, withActor, type Db } from '@ctp/db';
import type { Role, SsoError, SsoInfo } from '@ctp/contracts';
import { publicUrlOf, type Config } from '../../config.ts';
import { isUniqueViolation } from '../../sql-helpers.ts';
import { createSession, hashToken, toSessionUser, type SessionUser } from './session.ts';

export const OIDC_CALLBACK_PATH = '/auth/oidc/callback';
/** How long a started sign-in may take at the provider. */
export const OIDC_STATE_MINUTES = 10;
const SCOPE = 'openid email profile';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string | undefined;
  label: string;
  autoCreate: boolean;
  defaultRole: Role;
  redirectUri: string;
}

/** The single sign-on settings, or null when it is off; throws (at start) on a half-made configuration. */
export function oidcSettingsOf(config: Config): OidcSettings | null {
  const { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: secret } = config;
  if (!issuer && !clientId && !secret) return null;
  if (!issuer || !clientId) {
    throw new Error('Invalid configuration: single sign-on needs both OIDC_ISSUER_URL and OIDC_CLIENT_ID');
  }
  const url = new URL(issuer);
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    throw new Error('Invalid configuration: OIDC_ISSUER_URL must be an https:// address (http:// only for a provider on this machine)');
  }
  return {
    issuer: url,
    clientId,
    clientSecret: secret,
    label: config.OIDC_LABEL,
    autoCreate: config.OIDC_AUTO_CREATE,
    defaultRole: config.OIDC_DEFAULT_ROLE,
    redirectUri: publicUrlOf(config) + OIDC_CALLBACK_PATH,
  };
}

/** What the log-in page needs: whether to offer single sign-on, and the button's label. */
export function ssoInfoOf(config: Config): SsoInfo {
  const on = !!config.OIDC_ISSUER_URL && !!config.OIDC_CLIENT_ID;
  return { enabled: on, label: on ? config.OIDC_LABEL : null };
}

/** A refused sign-in: the code the log-in page explains, and what the log may say (never personal data). */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoError,
    readonly detail?: string,
  ) {
    super(`Single sign-on refused: ${code}`);
  }
}

/** Only same-site paths are followed after sign-in, so a crafted link cannot send anyone elsewhere. */
export function safeNextPath(next: unknown): string {
  const printable = typeof next === 'string' && [...next].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f);
  return printable && /^\/(?![/\\])/.test(next) && next.length <= 500 ? next : '/dashboard';
}

/** An error's code for the log: a library's or provider's short code, never its message or a value. */
function codeOf(err: unknown): string {
  const e = err as { code?: unknown; error?: unknown; name?: unknown };
  const candidates = [e?.error, e?.code, e?.name];
  const found = candidates.find((c): c is string => typeof c === 'string' && /^[A-Za-z0-9_.-]{1,60}$/.test(c));
  return found ?? 'unknown-error';
}

/** The provider, discovered once per process (again after a failure). */
export class OidcRelyingParty {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(readonly settings: OidcSettings) {}

  discovered(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    this.configuration ??= client
      .discovery(
        issuer,
        clientId,
        clientSecret ? { client_secret: clientSecret } : undefined,
        clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
        // http:// is accepted only for a provider on this machine (oidcSettingsOf).
        { execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((err: unknown) => {
        this.configuration = null;
        throw new SsoRefusal('unavailable', `discovery: ${codeOf(err)}`);
      });
    return this.configuration;
  }
}

/** Starts a sign-in: remembers it (hashed state, nonce, verifier) and returns the provider's address and the state for the browser. */
export async function startSignIn(db: Db, rp: OidcRelyingParty, next: unknown, ip: string | null) {
  const configuration = await rp.discovered();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
  await withActor(db, { userId: null, reason: 'Single sign-on started', clientIp: ip }, async (tx) => {
    // Sign-ins never finished lapse; clearing them here keeps the table to the last few minutes'.
    await tx.deleteFrom('oidcLoginStates').where('expiresAt', '<=', sql<Date>`now()`).execute();
    await tx
      .insertInto('oidcLoginStates')
      .values({
        stateHash: hashToken(state),
        nonce,
        codeVerifier,
        nextPath: safeNextPath(next),
        expiresAt: sql<Date>`now() + make_interval(mins => ${OIDC_STATE_MINUTES})`,
      })
      .execute();
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: rp.settings.redirectUri,
    scope: SCOPE,
    state,
    nonce,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  });
  return { url: url.href, state };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** Takes the started sign-in of this state (once: the row is deleted), or null when unknown or expired. */
async function takeState(db: Db, state: string, ip: string | null) {
  if (state.length > 200) return null;
  const row = await withActor(db, { userId: null, reason: 'Single sign-on returned from the provider', clientIp: ip }, (tx) =>
    tx.deleteFrom('oidcLoginStates').where('stateHash', '=', hashToken(state)).returning(['nonce', 'codeVerifier', 'nextPath', 'expiresAt']).executeTakeFirst(),
  );
  return row && new Date(row.expiresAt) > new Date() ? row : null;
}

interface Identity {
  email: string;
  fullName: string;
}

/** The verified e-mail address (and a name) from the ID token, or from UserInfo when the ID token carries none. */
async function identityOf(configuration: client.Configuration, tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>): Promise<Identity> {
  const idClaims = tokens.claims();
  if (!idClaims) throw new SsoRefusal('failed', 'no ID token');
  let claims: Record<string, unknown> = { ...idClaims };
  if ((claims.email === undefined || claims.email_verified === undefined) && tokens.access_token) {
    // Providers following the specification to the letter put scope claims in UserInfo only.
    const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    claims = { ...info, ...Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined)) };
  }
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!verified || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new SsoRefusal('unverified');
  const name = [claims.name, [claims.given_name, claims.family_name].filter((p) => typeof p === 'string' && p.trim()).join(' ')]
    .find((n): n is string => typeof n === 'string' && n.trim().length >= 2)
    ?.trim();
  return { email, fullName: (name ?? email.split('@')[0]!).slice(0, 200) };
}

/** The account of a verified address: the active one, a new one when OIDC_AUTO_CREATE, else a refusal. */
async function accountFor(db: Db, settings: OidcSettings, person: Identity, ip: string | null) {
  const user = await db.selectFrom('users').select(['id', 'email', 'fullName', 'role', 'isActive', 'deactivatedAt']).where('email', '=', person.email).executeTakeFirst();
  if (user) {
    if (!user.isActive || user.deactivatedAt) throw new SsoRefusal('inactive');
    return user;
  }
  if (!settings.autoCreate) throw new SsoRefusal('unknown');
  try {
    // No study membership: the account sees no study until an administrator places it in a team.
    // No password either, and password log-in off: it signs in through the directory.
    return await withActor(db, { userId: null, reason: 'Account created at first single sign-on', clientIp: ip }, (tx) =>
      tx
        .insertInto('users')
        .values({ email: person.email, fullName: person.fullName, role: settings.defaultRole, passwordHash: null, isActive: true, passwordLogin: false })
        .returning(['id', 'email', 'fullName', 'role', 'isActive', 'deactivatedAt'])
        .executeTakeFirstOrThrow(),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Created by a second sign-in of the same person at the same moment: both sign in to it.
    const created = await db.selectFrom('users').select(['id', 'email', 'fullName', 'role', 'isActive', 'deactivatedAt']).where('email', '=', person.email).executeTakeFirst();
    if (!created?.isActive || created.deactivatedAt) throw new SsoRefusal('inactive');
    return created;
  }
}

export interface SignedIn {
  token: string;
  expiresAt: Date;
  user: SessionUser;
  nextPath: string;
}

/**
 * Finishes a sign-in from the callback's address and the state the browser kept: checks the state
 * (once), exchanges the code with the PKCE verifier, checks the ID token (signature, issuer,
 * audience, nonce), finds or creates the account, audits the log-in and opens a session.
 * Throws SsoRefusal for every refusal; nothing is created before all checks passed.
 */
export async function completeSignIn(
  db: Db,
  rp: OidcRelyingParty,
  callback: { query: URLSearchParams; browserState: string | undefined },
  ip: string | null,
  userAgent: string | null,
): Promise<SignedIn> {
  const state = callback.query.get('state') ?? '';
  const matches = !!state && !!callback.browserState && sameText(state, callback.browserState);
  const started = matches ? await takeState(db, state, ip) : null;
  const providerError = callback.query.get('error');
  if (providerError) throw new SsoRefusal('provider', /^[a-z_]{1,60}$/.test(providerError) ? providerError : 'error');
  if (!started) throw new SsoRefusal('state', matches ? 'unknown or expired' : 'browser mismatch');

  const configuration = await rp.discovered();
  const currentUrl = new URL(rp.settings.redirectUri);
  currentUrl.search = callback.query.toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: started.codeVerifier,
      expectedState: state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw new SsoRefusal('failed', codeOf(err));
  }
  let person: Identity;
  try {
    person = await identityOf(configuration, tokens);
  } catch (err) {
    if (err instanceof SsoRefusal) throw err;
    throw new SsoRefusal('failed', `userinfo: ${codeOf(err)}`);
  }
  const account = await accountFor(db, rp.settings, person, ip);
  // The failed-attempt count and a lock-out belong to the password: single sign-on leaves them as they are.
  await withActor(db, { userId: account.id, reason: 'Log-in (single sign-on)', clientIp: ip }, (tx) =>
    tx.updateTable('users').set({ lastLoginAt: sql`now()` }).where('id', '=', account.id).execute(),
  );
  const session = await createSession(db, account.id, ip, userAgent);
  return { ...session, user: toSessionUser(account), nextPath: started.nextPath };
}
