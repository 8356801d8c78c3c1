// CDISC USDM end to end: a study manager imports observational.json from the studies page, reviews the
// proposal (each item with its USDM origin; Day 28 marked conditional), creates the study, sees its
// objectives on the Overview tab and its visits with the forms due on the Forms tab, then exports the
// study as a USDM document and downloads it. A JSON file that is not USDM is refused with the reason.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/test/fixtures/usdm');

test('a study manager builds a study from a USDM document and exports it again', async ({ page }) => {
  await loginAs(page, 'study-manager');
  await page.goto('/studies');
  await page.getByRole('button', { name: 'Import USDM' }).click();
  const dialog = page.getByTestId('usdm-import-dialog');

  // Not USDM: refused with the server's reason, nothing to review.
  await dialog.getByLabel('USDM document (JSON)').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  await dialog.getByRole('button', { name: 'Read document' }).click();
  await expect(dialog.getByTestId('usdm-refusal')).toContainText('not a USDM document');

  await dialog.getByLabel('USDM document (JSON)').setInputFiles(path.join(fixtures, 'observational.json'));
  await dialog.getByRole('button', { name: 'Read document' }).click();
  await expect(dialog.getByRole('heading', { name: 'Review the USDM proposal' })).toBeVisible();
  const visits = dialog.getByTestId('usdm-visit');
  await expect(visits).toHaveCount(6);
  await expect(visits.nth(4)).toContainText('Encounter Encounter_5 · E5');
  await expect(visits.nth(4)).toContainText('Conditional');
  await expect(dialog.getByTestId('usdm-design')).toContainText('StudyArm StudyArm_1 · Active');
  await expect(dialog.getByTestId('usdm-forms')).toContainText('CDASH library form VS');
  await expect(dialog.getByTestId('usdm-criteria')).toContainText('Parameters not given: min_age, max_age');
  // CDISC's USDM rules on the document, in the review: what they found (CDISC's own example has findings), never blocking.
  const rules = dialog.getByTestId('usdm-conformance');
  await expect(rules).toContainText("of CDISC's USDM 4.0 CORE rules ran on the document");
  await expect(rules.getByTestId('usdm-rule-CORE-000973')).toContainText('There is not exactly one study role with a code of sponsor');

  const code = `OBS-${Date.now()}`.slice(0, 30);
  await dialog.getByLabel('Study code').fill(code);
  await expect(dialog.getByLabel('Phase')).toHaveValue('Phase III');
  await expect(dialog.getByLabel('Target enrollment')).toHaveValue('120');
  await dialog.getByRole('button', { name: 'Create study' }).click();

  await expect(page).toHaveURL(/\/studies\/\d+$/);
  await expect(page.getByTestId('study-code')).toHaveText(code);
  await expect(page.getByTestId('study-title')).toHaveText('Something Very Official');
  await expect(page.getByTestId('study-objectives')).toContainText('Clinical status assessed using a 7-category ordinal scale at Day 28');

  await page.getByRole('tab', { name: 'Forms' }).click();
  const schedule = page.getByTestId('visit-schedule');
  await expect(schedule.getByTestId('schedule-visit')).toHaveCount(6);
  const day14 = schedule.getByTestId('schedule-E4');
  await expect(day14).toContainText('Day 14');
  await expect(day14.locator('td').first()).toHaveText('14');
  // Procedures and Optional Weight are due at Day 14.
  await expect(day14.locator('input[type=checkbox]:checked')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByTestId('export-usdm').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${code}-usdm.json`);
  const doc = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
  expect(doc.usdmVersion).toBe('4.0.0');
  const design = doc.study.versions[0].studyDesigns[0];
  expect(design.encounters.map((e: { name: string }) => e.name)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
  expect(design.arms).toHaveLength(2);
});

// Protocol analysis speaks USDM: a study manager analyses a protocol on the dashboard, downloads the
// proposal as a USDM document, reads that document in the USDM import and compares it there with the same
// protocol's analysis: every visit and assessment is found by both.
test('a protocol analysis downloads as USDM and compares with a USDM import', async ({ page }) => {
  const protocol = path.join(fixtures, '../protocols/alpha-table.docx');
  await loginAs(page, 'study-manager');
  await page.goto('/dashboard');
  await page.getByTestId('protocol-file-input').setInputFiles(protocol);
  await page.getByTestId('protocol-analyze-button').click();
  const review = page.getByTestId('protocol-review');
  await expect(review.getByTestId('proposed-visit')).toHaveCount(6);
  await page.keyboard.press('Escape');

  const download = page.waitForEvent('download');
  await page.getByTestId('protocol-usdm-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ALPHA_TABLE-usdm.json');
  const saved = await file.path();
  const doc = JSON.parse(fs.readFileSync(saved, 'utf8'));
  expect(doc.study.versions[0].studyDesigns[0].encounters).toHaveLength(6);
  expect(doc.study.versions[0].studyDesigns[0].encounters[0].notes[0].text).toMatch(/^Evidence \(/);

  await page.goto('/studies');
  await page.getByRole('button', { name: 'Import USDM' }).click();
  const dialog = page.getByTestId('usdm-import-dialog');
  await dialog.getByLabel('USDM document (JSON)').setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: fs.readFileSync(saved) });
  await dialog.getByRole('button', { name: 'Read document' }).click();
  await expect(dialog.getByTestId('usdm-visit')).toHaveCount(6);

  const compare = dialog.getByTestId('usdm-compare');
  await compare.getByLabel('Protocol document').setInputFiles(protocol);
  await compare.getByRole('button', { name: 'Compare' }).click();
  await expect(compare.getByTestId('usdm-compare-summary')).toContainText('alpha-table.docx: visits 6 the same, 0 different, 0 only in USDM, 0 only in the analysis');
  await expect(compare.getByTestId('usdm-compare-visits').locator('tbody tr[data-match="same"]')).toHaveCount(6);
  await expect(compare.getByTestId('usdm-compare-assessments').locator('tbody tr[data-match="same"]')).toHaveCount(11);
});
