// Single sign-on in Chromium against a real OpenID provider (oidc-provider, started here, with its
// own login form), and an app server of its own started with OIDC_* and the demo data (the suite's
// shared server runs without single sign-on). The person clicks "Sign in with Hospital account",
// signs in at the provider and lands on the dashboard as the demo account of their e-mail address;
// an unknown person is sent back to the log-in page with the reason.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { oidcEnv, startOidcProvider, type TestProvider } from '../apps/api/test/support/oidc-provider.ts';

const port = Number(process.env.E2E_PORT ?? 3199) + 60;
const base = `http://127.0.0.1:${port}`;
const dataDir = `.data/e2e-oidc-${port}`;

let provider: TestProvider;
let server: ChildProcess;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri: `${base}/auth/oidc/callback`,
    accounts: {
      mchen: { email: 'Monitor@Demo.Local', emailVerified: true, name: 'Michael Chen' },
      newcomer: { email: 'nadia.newcomer@hospital.example', emailVerified: true, name: 'Nadia Newcomer' },
    },
  });
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      LOGIN_ATTEMPTS_PER_MINUTE: '10000',
      ...oidcEnv(provider),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? (server.exitCode !== null ? `exited: ${output}` : 0), { timeout: 120_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  await provider?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('directory-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a person signs in with the hospital account and lands on the dashboard as their own account', async ({ page }) => {
  await page.goto(`${base}/login?next=/dashboard`);
  await page.getByRole('link', { name: 'Sign in with Hospital account' }).click();
  await signInAtProvider(page, 'mchen');
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  const me = await (await page.request.get(`${base}/trpc/auth.me`)).json();
  expect(me.result.data).toMatchObject({ email: 'monitor@demo.local', role: 'monitor' });
});

test('an unknown person is sent back to the log-in page with the reason, and no account is made', async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: 'Sign in with Hospital account' }).click();
  await signInAtProvider(page, 'newcomer');
  await expect(page).toHaveURL(`${base}/login?sso_error=unknown`);
  await expect(page.getByRole('alert')).toContainText('No account on this platform uses your e-mail address');
  const me = await (await page.request.get(`${base}/trpc/auth.me`)).json();
  expect(me.result.data).toBeNull();
});

test('an administrator turns off password log-in for an account; its password is then refused with the way to sign in', async ({ page, browser }) => {
  const password = process.env.DEMO_PASSWORD ?? 'Demo-Password-2026';
  const signInWithPassword = async (p: import('@playwright/test').Page, email: string) => {
    await p.goto(`${base}/login`);
    await p.getByLabel('Email').fill(email);
    await p.getByLabel('Password').fill(password);
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  await signInWithPassword(page, 'admin@demo.local');
  await expect(page).toHaveURL(`${base}/dashboard`);
  await page.goto(`${base}/admin/users`);
  await page.getByLabel('Search users').fill('coordinator@demo.local');
  await page.getByLabel('Search users').press('Enter');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('user-row').getByRole('link').click();
  await expect(page.getByText('Password log-in', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Turn off password log-in' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Signs in with the hospital directory');
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off password log-in' }).click();
  await expect(page.getByText('Off: signs in with single sign-on only')).toBeVisible();
  await expect(page.getByTestId('user-history').first()).toContainText('Signs in with the hospital directory');

  const coordinator = await (await browser.newContext()).newPage();
  await signInWithPassword(coordinator, 'coordinator@demo.local');
  await expect(coordinator.getByRole('alert')).toContainText('This account signs in with single sign-on');
  await expect(coordinator).toHaveURL(/\/login/);
});
