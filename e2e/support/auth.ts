import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-2026';

/** Logs in through the login page as a demo role (e.g. 'data-manager') and waits for the next page. */
export async function loginAs(page: Page, role: string, next = '/dashboard') {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(`${role}@demo.local`);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(next.replace(/[?]/g, '\\?') + '$'));
}
