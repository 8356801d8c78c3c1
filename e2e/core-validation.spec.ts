// Validating an uploaded package in Chromium: on the CDISC page's Validation tab a data manager uploads a
// small SDTM package (one of CDISC's rule test cases in the CSV case layout, whose official results are
// beside it), sees the background job end in a report with CDISC's finding rows, opens a rule's
// description and citations, filters the findings by rule and by severity, and downloads the CSV, whose
// rows are the official engine's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

const CASE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/test/fixtures/core-cases/CORE-000004/negative/01');
const DATA = ['_datasets.csv', '_variables.csv', 'ec.csv'].map((f) => path.join(CASE, 'data', f));

test('upload a package, see the CORE report, filter it and download it as CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'data-manager', '/cdisc-standards');
  await page.getByRole('tab', { name: 'Validation' }).click();
  const card = page.getByTestId('core-package');
  await expect(card).toContainText('Validate a package');
  await page.getByTestId('core-package-files').setInputFiles(DATA);
  await page.getByTestId('core-package-validate').click();

  const report = page.getByTestId('core-package-report');
  await expect(report).toBeVisible({ timeout: 90_000 });
  await expect(report).toContainText('1 datasets');
  // CORE-000004's two rows on EC record 7, as CDISC's engine reports them
  await page.getByTestId('core-filter-rule').selectOption('CORE-000004');
  const rows = page.getByTestId('core-finding');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('EC');
  await expect(rows.first()).toContainText('ECOCCUR indicates dose was not given');
  await expect(page.getByTestId('core-findings-page')).toHaveText('1–2 of 2');

  // the rule's description and the guidance it cites
  await rows.first().getByRole('button', { name: 'CORE-000004' }).click();
  const dialog = page.getByTestId('core-rule-dialog');
  await expect(dialog).toContainText('When ECOCCUR indicates no dose');
  await expect(dialog.getByTestId('core-rule-citations')).toContainText('IG v3.4');
  await page.keyboard.press('Escape');

  // the other filters narrow on the server too
  await page.getByTestId('core-filter-rule').selectOption('');
  await page.getByTestId('core-filter-severity').selectOption('warning');
  await expect(page.getByTestId('core-findings-page').or(page.getByText('No findings match these filters.'))).toBeVisible();
  const warnings = await rows.allInnerTexts();
  for (const w of warnings) expect(w).toContain('Warning');
  await page.getByTestId('core-filter-severity').selectOption('');

  // the CSV: the official engine's rows for this rule are among its findings
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('core-package-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('Dataset,Record,Variable,Value,CORE-ID,Severity,Message');
  const official = readFileSync(path.join(CASE, 'results/results.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
  const ours = csv.split(/\r?\n/).filter((l) => l.includes(',CORE-000004,')).map((l) => l.split(',').slice(0, 4).join(','));
  expect(ours.sort()).toEqual(official.sort());
});
