// Data leaving the product: a monitor downloads a subject's casebook PDF from the casebook page and
// reads its text (unpdf); a data manager exports the study's ODM clinical data for one site from the
// study page's Forms tab and gets an ODM 1.3.2 file.
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

test('the casebook page downloads the subject’s casebook as a PDF', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'monitor', '/dashboard');
  const subject = (await trpcQuery<{ items: { id: number; patientId: string }[] }>(page, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;
  await page.goto(`/casebook/${subject.id}`);
  await expect(page.getByTestId('casebook')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^casebook-.+-${subject.patientId}\\.pdf$`));
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain('Subject casebook');
  expect(text).toContain(`Subject ${subject.patientId}`);
  expect(text).toMatch(/page 1 of \d+/);
});

test('a data manager exports a site’s ODM clinical data from the study page', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'data-manager', '/dashboard');
  const study = (await trpcQuery<{ items: { id: number; studyId: string }[] }>(page, 'studies.list', { limit: 1 })).items[0]!;
  await page.goto(`/studies/${study.id}`);
  await page.getByRole('tab', { name: 'Forms' }).click();
  const card = page.getByTestId('odm-export');
  await expect(card).toBeVisible();
  await card.getByLabel('Site').selectOption({ index: 1 });
  await card.getByLabel('Query threads').uncheck();
  const link = card.getByRole('link', { name: 'Export ODM clinical data' });
  await expect(link).toHaveAttribute('href', /siteId=\d+&include=audit%2Csignatures$/);
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${study.studyId}-site-.+-odm-clinical-data\\.xml$`));
  const xml = await readFile((await file.path())!, 'utf8');
  expect(xml).toContain('ODMVersion="1.3.2"');
  expect(xml).toContain('<ClinicalData');
  expect(xml).toContain('Granularity="SingleSite"');
  expect(xml.trimEnd().endsWith('</ODM>')).toBe(true);
});
