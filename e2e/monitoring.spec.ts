// Data monitoring end to end: the tiles and queries in the queries screen's vocabulary, and the audit trail
// from the database with an icon per action, filtered on the server and paged by cursor.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

test('a monitor reads the queries and pages the audit trail', async ({ page }) => {
  await loginAs(page, 'monitor', '/monitoring');
  await expect(page.getByRole('heading', { name: 'Data Monitoring' })).toBeVisible();
  await expect(page.getByTestId('monitoring-tile-open-value')).toBeVisible();
  await expect(page.getByTestId('monitoring-query-row').first()).toBeVisible();
  const status = await page.getByTestId('monitoring-query-row').first().locator('[data-status]').first().getAttribute('data-status');
  expect(['open', 'answered', 'reopened', 'closed', 'cancelled']).toContain(status);

  await page.getByRole('tab', { name: 'Audit Trail' }).click();
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  const firstPage = await rows.first().textContent();
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page.getByTestId('audit-page')).toContainText('2');
  await expect(rows.first()).not.toHaveText(firstPage!);
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect(page.getByTestId('audit-page')).toContainText('1');
  // Server-side filters: one study's subject, then only form entries.
  const study = page.getByLabel('Study').last();
  await study.selectOption({ index: 1 });
  await page.getByLabel('Subject', { exact: true }).selectOption({ index: 1 });
  await expect(rows.first()).toBeVisible();
  await page.getByLabel('Subject', { exact: true }).selectOption('');
  await page.getByLabel('Table').selectOption('form_submissions');
  await expect(rows.first()).toBeVisible();
  const actions = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
  expect(actions.every((a) => ['form_submitted', 'data_modified', 'record_created', 'record_deleted'].includes(a!))).toBe(true);
});
