// A real OpenID provider for tests (the oidc-provider package, not a mock of the protocol), on an
// ephemeral port of 127.0.0.1. One confidential client that must use PKCE. People sign in through
// the package's development login form (any password; the login names an account of `accounts`);
// consent is skipped for the client, as a hospital's directory does for its own applications.
// Scope claims reach the client through UserInfo (the specification's default for the code flow),
// so the relying party's UserInfo path is exercised too.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestPerson {
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sign-in names (the login form's "login") and who they are. */
  accounts: Map<string, TestPerson>;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: { redirectUri: string; accounts: Record<string, TestPerson>; port?: number }): Promise<TestProvider> {
  const accounts = new Map(Object.entries(opts.accounts));
  let handler: http.RequestListener = (_req, res) => void res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'ctp-test-client';
  const clientSecret = 'ctp-test-client-secret-0123456789';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['ctp-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const person = accounts.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: person.email, email_verified: person.emailVerified, name: person.name }),
      };
    },
    // The client is the organisation's own: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  handler = provider.callback() as http.RequestListener;

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** OIDC_* settings for the app against this provider. */
export function oidcEnv(p: TestProvider, extra: Record<string, string> = {}): Record<string, string> {
  return { OIDC_ISSUER_URL: p.issuer, OIDC_CLIENT_ID: p.clientId, OIDC_CLIENT_SECRET: p.clientSecret, OIDC_LABEL: 'Hospital account', ...extra };
}
