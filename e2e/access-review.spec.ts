// The access review end to end: an administrator on /admin/users downloads the CSV; it lists every
// account, among them the administrator and the demo person with two roles in two studies. And a
// log-out is an identity event on the audit trail screen, with the table and field by readable names.
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { loginAs } from './support/auth';
import { trpcMutation } from './support/trpc';

test('an administrator downloads the access review CSV from the users page', async ({ page }) => {
  await loginAs(page, 'admin', '/admin/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Access review (PDF)' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Access review (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^access-review-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toMatch(/^# Access review/);
  expect(text).toMatch(/# Generated .+ UTC by .+ <admin@demo\.local>/);

  const records = parse(text, { comment: '#', relax_column_count: false }) as string[][];
  const [header, ...rows] = records;
  const col = (name: string) => header!.indexOf(name);
  const byEmail = new Map(rows.map((r) => [r[col('E-mail')], r]));
  expect(byEmail.get('admin@demo.local')?.[col('Global role')]).toBe('admin');
  const dual = byEmail.get('dual-role@demo.local');
  expect(dual).toBeDefined();
  const memberships = dual![col('Study memberships (study: role; sites; start to end)')]!.split('\n');
  expect(memberships).toHaveLength(2);
  const roles = memberships.map((m) => /^[^:]+: ([a-z-]+);/.exec(m)?.[1]);
  expect(new Set(roles)).toEqual(new Set(['investigator', 'monitor']));
});

test('a log-out appears on the audit trail screen with readable labels', async ({ browser, page }) => {
  const other = await browser.newPage();
  await loginAs(other, 'data-manager');
  await trpcMutation(other, 'auth.logout', {});
  await other.close();

  await loginAs(page, 'admin', '/monitoring');
  await page.getByRole('tab', { name: 'Audit Trail' }).click();
  await page.getByLabel('Table').selectOption('users');
  const row = page.getByTestId('audit-row').filter({ has: page.locator('[data-field="last_logout_at"]') }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('User account');
  await expect(row.locator('[data-field="last_logout_at"]')).toHaveText('Log-out');
  await expect(row).toContainText('Log-out');
  // The filter names the identity tables too.
  await expect(page.getByLabel('Table').locator('option[value="api_tokens"]')).toHaveText('API token');
});
