// SDTM validation in Chromium: a data manager generates a study's SDTM (SDTM Export), then in the
// Validation tab runs the validation and sees the result: valid or not, the compliance score, errors or
// warnings with their CORE ids; with the study picked, the summary cards show the latest validation's
// Compliance Score and Validation Issues (errors plus warnings) instead of a dash.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { chooseOpenLabelStudy, trpcQuery } from './support/trpc';

interface Latest {
  isValid: boolean;
  score: number;
  counts: { errors: number; warnings: number };
}

test('generate SDTM, run validation, see findings with CORE ids and the cards computed', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'data-manager', '/cdisc-standards');
  await page.getByRole('tab', { name: 'SDTM Export' }).click();
  const chosen = await chooseOpenLabelStudy(page, page.getByLabel('Study'));
  const studyLabel = await page.getByLabel('Study').locator('option:checked').innerText();
  await page.getByTestId('sdtm-generate').click();
  await expect(page.getByTestId('sdtm-run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

  await page.getByRole('tab', { name: 'Validation' }).click();
  // Each tab has its own study picker: the same study as generated.
  await page.getByLabel('Study').selectOption(String(chosen));
  await expect(page.getByLabel('Study').locator('option:checked')).toHaveText(studyLabel);
  await page.getByRole('button', { name: 'Run Validation' }).click();
  const summary = page.getByTestId('validation-summary');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(summary).toContainText('Compliance Score');
  await expect(page.getByTestId('validation-valid')).toHaveText(/^(Valid|Not valid)$/);
  const coreIds = page.getByTestId('validation-core-id');
  await expect(coreIds.first()).toHaveText(/^CORE-\d{6}$/);
  await expect(page.getByTestId('validation-warnings')).toContainText('Recommendation:');

  // The cards of the same study: the latest validation's figures.
  const studyId = Number(await page.getByLabel('Study').inputValue());
  const latest = await trpcQuery<Latest>(page, 'validation.latest', { studyId, limit: 1 });
  await page.goto(`/cdisc-standards?study=${studyId}&tab=validation`);
  await expect(page.getByTestId('cdisc-card-compliance-value')).toHaveText(`${latest.score}%`);
  await expect(page.getByTestId('cdisc-card-issues-value')).toHaveText(String(latest.counts.errors + latest.counts.warnings));
  await expect(page.getByText('87%')).toHaveCount(0);
});
