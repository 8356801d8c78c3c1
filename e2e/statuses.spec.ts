// Statuses read as words in every language, never as raw codes: "Enrolled" in English, "inclus" in
// French; the REST path keeps the spec's code.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

test('a subject status shows in words, translated in French, while the API keeps the code', async ({ page }) => {
  await loginAs(page, 'data-manager', '/patients');
  // The data manager may not enrol: the page says so where Add Patient would be.
  await expect(page.getByTestId('role-note')).toContainText('Investigators, coordinators and study managers enrol them');
  const enrolled = page.getByTestId('patient-card').locator('[data-status="enrolled"]').first();
  await expect(enrolled).toHaveText('Enrolled');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(enrolled).toHaveText('inclus');
  const api = await (await page.request.get('/api/patients?status=enrolled&limit=1')).json();
  expect(api[0].status).toBe('enrolled');
  // Back to English for the tests that follow (the choice is remembered).
  await page.getByRole('button', { name: /Langue/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(enrolled).toHaveText('Enrolled');
});

test('the dashboard capability cards say what they are and lead to the real capability', async ({ page }) => {
  await loginAs(page, 'monitor', '/dashboard');
  await expect(page.getByTestId('capability-now').first()).toContainText('Not available yet');
  await page.getByRole('button', { name: 'Search (Ctrl+K)' }).click();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
  await page.getByRole('link', { name: 'Open compliance' }).click();
  await expect(page).toHaveURL(/\/compliance$/);
});
