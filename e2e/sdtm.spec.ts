// SDTM generation in Chromium: Generate SDTM in the header opens the SDTM Export tab; the data manager
// generates a study's datasets, sees a card per domain with its record count, previews DM, and downloads
// DM as SAS transport and every domain as a zip with its define.xml. The run is made with the XPT text
// encoding chosen on the screen (Windows-1252 here; ASCII by default), which the run then shows.
// In the double-blind study the data manager (blinded) gets a blinded run: the screen says so and DM's
// ARMCD, ARM, ACTARMCD and ACTARM are blank in the preview (issue 30).
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { chooseDoubleBlindStudy, chooseOpenLabelStudy } from './support/trpc';

test('generate SDTM for a study, preview DM, download dm.xpt and all domains', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'data-manager', '/cdisc-standards');
  await page.getByRole('button', { name: 'Generate SDTM' }).first().click();
  await expect(page).toHaveURL(/tab=export/);
  const studyId = await chooseOpenLabelStudy(page, page.getByLabel('Study'));
  // the XPT text encoding: ASCII (transliterated) unless another is chosen; the run shows the one it used
  await expect(page.getByTestId('sdtm-encoding')).toHaveValue('ascii');
  await page.getByTestId('sdtm-encoding').selectOption('windows-1252');
  await page.getByTestId('sdtm-generate').click();
  await expect(page.getByTestId('sdtm-run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const encoding = page.getByTestId('sdtm-run-encoding');
  await expect(encoding).toHaveAttribute('data-encoding', 'windows-1252');
  await expect(encoding).toContainText('Windows-1252');
  const changes = Number(await encoding.getAttribute('data-changes'));
  await expect(encoding).toContainText(`${changes} value`);
  if (changes > 0) {
    await page.getByTestId('sdtm-encoding-report').click();
    await expect(page.getByTestId('sdtm-encoding-table')).toBeVisible();
    await page.keyboard.press('Escape');
  }
  const dm = page.locator('[data-testid="sdtm-dataset-card"][data-domain="DM"]');
  await expect(dm.getByTestId('sdtm-dataset-records')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.locator('[data-testid="sdtm-dataset-card"][data-domain="SV"]')).toBeVisible();

  await dm.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('dialog').getByRole('table')).toContainText('USUBJID');
  await page.keyboard.press('Escape');

  let download = page.waitForEvent('download');
  await dm.getByTestId('sdtm-export-sas').click();
  const xpt = await readFile((await (await download).path())!);
  expect(xpt.subarray(0, 80).toString('latin1')).toContain('HEADER RECORD*******LIBRARY HEADER RECORD!!!!!!!');
  expect((await download).suggestedFilename()).toBe('dm.xpt');

  download = page.waitForEvent('download');
  await page.getByTestId('sdtm-export-all').click();
  const zip = await readFile((await (await download).path())!);
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(zip.includes(Buffer.from('define.xml'))).toBe(true);

  // The Define.xml tab: the summary of what was generated, and its define.xml.
  await page.getByRole('tab', { name: 'Define.xml' }).click();
  // Each tab has its own study picker: the same study as generated.
  await page.getByLabel('Study').selectOption(String(studyId));
  const summary = page.getByTestId('define-summary');
  await expect(summary).toContainText('2.1');
  await expect(page.getByTestId('define-standard')).toHaveText('SDTMIG 3.4');
  await expect(page.getByTestId('define-domains')).toContainText('DM');
  download = page.waitForEvent('download');
  await page.getByTestId('define-download').click();
  const define = await readFile((await (await download).path())!, 'utf8');
  expect(define).toContain('def:DefineVersion="2.1.');
  expect(define).toContain('Name="SDTMIG" Type="IG" Version="3.4"');
  expect(define).toContain('href="dm.xpt"');
});

test('a blinded data manager generates a blinded run of the double-blind study: DM arms blank', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'data-manager', '/cdisc-standards?tab=export');
  await chooseDoubleBlindStudy(page, page.getByLabel('Study'));
  await page.getByTestId('sdtm-generate').click();
  await expect(page.getByTestId('sdtm-run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('sdtm-run-blinded')).toContainText('Blinded run');
  await expect(page.getByTestId('sdtm-run-blinded')).toContainText('ARM, ARMCD, ACTARM, ACTARMCD written blank');
  const dm = page.locator('[data-testid="sdtm-dataset-card"][data-domain="DM"]');
  await dm.getByRole('button', { name: 'Preview' }).click();
  const table = page.getByTestId('sdtm-preview-table');
  await expect(table).toContainText('ARMCD');
  const headers = await table.locator('thead th').allInnerTexts();
  const columns = ['ARMCD', 'ARM', 'ACTARMCD', 'ACTARM'].map((name) => headers.findIndex((h) => h.trim() === name));
  expect(columns.every((k) => k >= 0)).toBe(true);
  const rows = table.getByTestId('sdtm-preview-row');
  expect(await rows.count()).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    const cells = await row.locator('td').allInnerTexts();
    expect(columns.map((k) => cells[k]!.trim())).toEqual(['', '', '', '']);
  }
});
