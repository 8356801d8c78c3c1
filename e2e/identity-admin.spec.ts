// Identity administration in Chromium: the first administrator of an empty deployment (a server of
// its own started without demo data, its setup link read from its console); inviting a coordinator who
// sets a password through the link, sets up two-factor authentication and signs in with a code, is
// added to a study's team at one site and sees only that site's subjects, and is signed out at their
// next request once deactivated; a personal API token used by a script.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, loginAs } from './support/auth';

const NEW_PASSWORD = 'Correct-Horse-42';

test.describe('a deployment without demo data', () => {
  const port = Number(process.env.E2E_PORT ?? 3199) + 50;
  const dataDir = `.data/e2e-setup-${port}`;
  let server: ChildProcess;
  let setupPath = '';

  test.beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    server.stdout!.on('data', collect);
    server.stderr!.on('data', collect);
    await expect.poll(() => /\/setup\?token=[\w-]+/.exec(output)?.[0] ?? '', { timeout: 90_000 }).not.toBe('');
    setupPath = /\/setup\?token=[\w-]+/.exec(output)![0];
    expect(output).toContain(`http://127.0.0.1:${port}${setupPath}`);
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the first administrator is created through the printed link, then /setup is gone', async ({ page }) => {
    const base = `http://127.0.0.1:${port}`;
    await page.goto(`${base}/setup?token=not-the-right-token-at-all-000`);
    await expect(page.getByRole('alert')).toContainText('expired or was replaced');
    await page.goto(base + setupPath);
    await page.getByLabel('Full name').fill('Ada Administrator');
    await page.getByLabel('Email').fill('ada@hospital.example');
    await page.getByLabel('New password', { exact: true }).fill('short1');
    await page.getByLabel('Repeat the new password').fill('different');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect(page.getByText('Use at least 12 characters')).toBeVisible();
    await expect(page.getByText('The two passwords are not the same')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await expect(page.getByTestId('user-row')).toContainText('ada@hospital.example');
    await page.goto(base + setupPath);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });
});

test('an administrator invites a coordinator, who sets a password and signs in; deactivation signs them out', async ({ page, browser }) => {
  await loginAs(page, 'admin', '/dashboard');
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog');
  const email = `nora.${Date.now()}@site.example`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full name').fill('Nora Coordinator');
  await dialog.getByLabel('Role').selectOption('coordinator');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const url = await page.getByTestId('issued-link-url').inputValue();
  expect(url).toMatch(/\/set-password\?token=[\w-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByLabel('Search users').fill(email);
  await page.getByLabel('Search users').press('Enter');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-status')).toHaveText('Invited');

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(url);
  await expect(invitee.getByText('Welcome, Nora Coordinator')).toBeVisible();
  await invitee.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await invitee.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee).toHaveURL(/\/login\?passwordSet=1/);
  await expect(invitee.getByLabel('Email')).toHaveValue(email);
  await invitee.getByLabel('Password').fill(NEW_PASSWORD);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  // They set up two-factor authentication (the test computes the codes from the key, as an
  // authenticator app would), log out, and sign in with the password and then a code.
  await invitee.goto('/profile');
  const card = invitee.getByTestId('mfa-card');
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = ((await card.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
  await card.getByLabel('Code').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByTestId('recovery-code')).toHaveCount(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await invitee.getByRole('button', { name: 'Profile' }).click();
  await invitee.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(invitee).toHaveURL(/\/login$/);
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password').fill(NEW_PASSWORD);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  // The next step's code: the one just used at set-up is accepted only once.
  await invitee.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);

  // The link works once.
  await invitee.goto(url);
  await expect(invitee.getByRole('alert')).toContainText('expired or was already used');
  // Not on any team yet: no subject is visible.
  expect(await (await invitee.request.get('/api/patients?limit=100')).json()).toEqual([]);

  // The administrator adds them to a study's team at one site, from the study's Team tab.
  const subjects = (await (await page.request.get('/api/patients?limit=100')).json()) as { studyId: number; siteId: number }[];
  const perStudy = new Map<number, Set<number>>();
  for (const p of subjects) perStudy.set(p.studyId, (perStudy.get(p.studyId) ?? new Set()).add(p.siteId));
  const [studyId, siteSet] = [...perStudy].find(([, sites]) => sites.size >= 2)!;
  const siteId = [...siteSet][0]!;
  await page.goto(`/studies/${studyId}`);
  await page.getByRole('tab', { name: 'Team' }).click();
  await page.getByRole('button', { name: 'Add member' }).click();
  const addDialog = page.getByRole('dialog');
  await addDialog.getByLabel('Find a person').fill('Nora');
  await addDialog.getByRole('option', { name: /Nora Coordinator/ }).click();
  await addDialog.getByLabel('Study role').selectOption('coordinator');
  await addDialog.getByRole('button', { name: 'Add to team' }).click();
  await expect(addDialog.getByText('Choose at least one site for this role')).toBeVisible();
  await addDialog.locator(`input[type=checkbox][value="${siteId}"]`).check();
  await addDialog.getByLabel('Reason for change').fill('Coordinator for this site');
  await addDialog.getByRole('button', { name: 'Add to team' }).click();
  await expect(addDialog).toBeHidden();
  await expect(page.getByTestId('team-member').filter({ hasText: 'Nora Coordinator' })).toContainText('Study Coordinator');

  // They see only that site's subjects.
  await invitee.goto('/patients');
  const seen = (await (await invitee.request.get('/api/patients?limit=100')).json()) as { studyId: number; siteId: number }[];
  expect(seen.length).toBeGreaterThan(0);
  expect(new Set(seen.map((p) => `${p.studyId}:${p.siteId}`))).toEqual(new Set([`${studyId}:${siteId}`]));
  await invitee.goto('/studies');

  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(email);
  await page.getByLabel('Search users').press('Enter');
  // The list answers the search when it comes back from the server: until then it holds every user.
  await expect(page.getByTestId('user-row')).toHaveCount(1);

  await page.getByTestId('user-row').getByRole('link').click();
  await expect(page.getByTestId('user-status')).toHaveText('Active');
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Left the site');
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId('user-status')).toHaveText('Inactive');
  await expect(page.getByTestId('user-history').first()).toContainText('Left the site');

  // The invitee's open page is signed out at its next request.
  await invitee.reload();
  await expect(invitee).toHaveURL(/\/login/);
});

test('a personal API token reads the REST paths with its owner\'s scope and stops when revoked', async ({ page, playwright }) => {
  await loginAs(page, 'monitor', '/dashboard');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Account & API tokens' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('own-session')).not.toHaveCount(0);
  // The password policy answers on the new password's field (nothing is changed here).
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password').fill('mailcreated5240');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This password is among the most common breached passwords: choose another')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Monitoring report');
  await page.getByLabel('Access').selectOption('read');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = await page.getByTestId('new-token-value').inputValue();
  expect(token).toMatch(/^ctp_/);

  const script = await playwright.request.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const viaSession = await (await page.request.get('/api/patients?limit=5')).json();
  const res = await script.get('/api/patients?limit=5');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual(viaSession);
  expect((await script.post('/api/queries', { data: {} })).status()).toBe(403);

  await page.reload();
  await expect(page.getByTestId('api-token').first()).toContainText('last used');
  await page.getByTestId('api-token').first().getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('api-token').first()).toContainText('Revoked');
  expect((await script.get('/api/patients?limit=5')).status()).toBe(401);
  await script.dispose();
});
