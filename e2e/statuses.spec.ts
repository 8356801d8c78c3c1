// Statuses read as words in every language, never as raw codes: "Enrolled" in English, "inclus" in
// French; the REST path keeps the spec's code.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

test('a subject status shows in words, translated in French, while the API keeps the code', async ({ page }) => {
  await loginAs(page, 'data-manager', '/patients');
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
