// Two-factor authentication in Chromium: a user sets up TOTP on /profile (the test reads the key shown
// for typing by hand and computes the codes with otplib, as an authenticator app would), logs out, and
// signs in with the password and then a code; a wrong code is a field error; a recovery code works
// once. The test turns two-factor authentication off again, so the suite's demo account is as before.
import { test, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD, loginAs } from './support/auth';

const EMAIL = 'monitor@demo.local';

/** The code of the step `offset` steps from now: a code is accepted once, and one step ahead is accepted. */
const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * offset });

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function password(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
}

async function code(page: Page, value: string) {
  await page.getByLabel('Code').fill(value);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('set up TOTP on the profile, then sign in with the password and a code; recovery codes work once', async ({ page }) => {
  await loginAs(page, 'monitor', '/profile');
  const card = page.getByTestId('mfa-card');
  await expect(card.getByTestId('mfa-state')).toHaveText('Two-factor authentication is off.');
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByTestId('mfa-qr')).toBeVisible();
  const secret = ((await card.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await card.getByLabel('Code').fill('12345');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await card.getByLabel('Code').fill(await codeAt(secret));
  await card.getByRole('button', { name: 'Confirm' }).click();
  const codes = card.getByTestId('recovery-code');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allTextContents();
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByTestId('mfa-state')).toContainText('On since');
  await expect(card.getByTestId('mfa-recovery-left')).toHaveText('10 left');
  // The key is not shown again once confirmed.
  await expect(card.getByTestId('mfa-secret')).toHaveCount(0);

  await logOut(page);
  await password(page);
  // No session before the code: a protected page still sends the visitor to the log-in.
  expect((await page.request.get('/api/dashboard/overview')).status()).toBe(401);
  const right = await codeAt(secret, 1);
  await code(page, right === '000000' ? '111111' : '000000');
  await expect(page.getByText('The code is not correct')).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await code(page, right);
  await expect(page).toHaveURL(/\/dashboard$/);

  await logOut(page);
  await password(page);
  await code(page, recovery[0]!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await logOut(page);
  await password(page);
  await code(page, recovery[0]!);
  await expect(page.getByText('The code is not correct')).toBeVisible();
  await code(page, recovery[1]!);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  await expect(card.getByTestId('mfa-recovery-left')).toHaveText('8 left');
  await card.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password').fill('not-the-password-1');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('mfa-state')).toHaveText('Two-factor authentication is off.');
});
