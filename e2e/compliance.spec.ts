// The compliance page end to end: live figures, and the downloads are real files (the PDF's text read).
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { loginAs } from './support/auth';

test('the compliance page shows live checks and its downloads are real files', async ({ page }) => {
  await loginAs(page, 'data-manager', '/compliance');
  await expect(page.getByRole('heading', { name: 'Compliance & Regulatory' })).toBeVisible();
  await expect(page.getByTestId('readiness-check')).toHaveCount(5);
  const readiness = (await page.getByTestId('audit-readiness-value').textContent())!.trim();

  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download evidence report' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^part11-evidence-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile((await pdf.path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain('21 CFR Part 11 / ALCOA+ evidence report');
  expect(text).toContain(`Audit readiness: ${readiness}`);
  expect(text).toContain('Configuration that satisfies the controls');

  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download signature manifest' }).click();
  const manifest = await readFile((await (await download).path())!, 'utf8');
  expect(manifest.split(/\r?\n/)[0]).toContain('sha256 of the signed content');

  // A study's audit trail: choose the study first.
  const study = page.getByRole('combobox', { name: 'Study' });
  const value = await study.locator('option').nth(1).getAttribute('value');
  await study.selectOption(value!);
  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download audit trail' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Entry,Timestamp,User,Action,Table,Record,Field,Old value,New value,Reason,IP address');
  expect(lines.length).toBeGreaterThan(10);
});
