// The inclusions list end to end: a study's subjects with their visit grid, a real pager, row
// selection across pages and select-all, Export of the selection as CSV, and Archive with a reason.
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

test('page through the inclusions list, select rows and export them, archive one with a reason', async ({ page }) => {
  await loginAs(page, 'study-manager', '/inclusions');
  await expect(page.getByRole('heading', { name: 'Inclusions list' })).toBeVisible();
  await expect(page.getByTestId('study-label')).toBeVisible();
  const rows = page.getByTestId('inclusion-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('columnheader', { name: 'Selection Visit' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Telemedicine' })).toBeVisible();
  await expect(page.getByTestId('pagination-page')).toContainText('Page 1 of');

  // Rows ticked on two pages stay selected.
  const first = await rows.nth(0).getAttribute('data-patient-id');
  await page.getByRole('checkbox', { name: `Select ${first}` }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('pagination-page')).toContainText('Page 2 of');
  const second = await rows.nth(0).getAttribute('data-patient-id');
  expect(second).not.toBe(first);
  await page.getByRole('checkbox', { name: `Select ${second}` }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('2 selected');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export selected' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual([first, second].sort());

  // Select-all means every subject; unchecking any row clears it.
  await page.getByRole('checkbox', { name: 'Select all subjects' }).check();
  await expect(page.getByTestId('selected-count')).not.toHaveText('2 selected');
  await page.getByRole('checkbox', { name: `Select ${second}` }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'Select all subjects' })).not.toBeChecked();

  // A bigger page, then archive one subject with a reason: it leaves the list and shows under archived.
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(rows).toHaveCount(25);
  const archived = await rows.nth(0).getAttribute('data-patient-id');
  await page.getByRole('checkbox', { name: `Select ${archived}` }).check();
  await page.getByRole('button', { name: 'Archive selected' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('archive-count')).toContainText('1 subject will be archived');
  await dialog.getByLabel('Reason for archiving').fill('Entered twice at screening');
  await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('Subjects archived').first()).toBeVisible();
  await expect(page.locator(`[data-patient-id="${archived}"]`)).toHaveCount(0);
  await page.getByLabel('Show archived').check();
  await expect(page.locator(`[data-patient-id="${archived}"]`)).toHaveCount(1);
});
