// AI Mappings in Chromium: a data manager opens /cdisc-standards on the AI Mappings tab, picks the
// study's Adverse Event Report, generates mappings and sees a card per field with its SDTM target,
// the confidence in percent coloured per the spec (AETERM: high, green), the reasoning and the mapping
// logic; approves two suggestions, sees them approved, and the Mapped Domains card count one more domain
// while AI Suggestions counts two fewer.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

test('generate, read and approve mapping suggestions', async ({ page }) => {
  await loginAs(page, 'data-manager', '/cdisc-standards?tab=mappings');
  const tab = page.getByTestId('cdisc-mappings');
  await expect(tab).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'Choose a form' })).toBeVisible();

  const studySelect = tab.getByLabel('Study');
  await expect(studySelect.locator('option').first()).toBeAttached();
  const study = await studySelect.locator('option').first().getAttribute('value');
  await studySelect.selectOption(study!);
  await expect(page).toHaveURL(new RegExp(`study=${study}`));
  const formSelect = tab.getByLabel('Form');
  await expect(formSelect.locator('option', { hasText: 'Adverse Event Report' })).toBeAttached();
  await formSelect.selectOption({ label: 'Adverse Event Report' });

  const mapped = page.getByTestId('cdisc-card-mapped-value');
  await expect(mapped).toHaveText(/^\d+\/\d+$/);
  await expect(page.getByTestId('cdisc-card-mapped')).toContainText("Domains with approved mappings / domains the study's forms feed");
  const [mappedBefore, fed] = (await mapped.innerText()).split('/').map(Number);

  await page.getByRole('button', { name: 'Generate Mappings' }).click();
  const cards = tab.getByTestId('cdisc-mapping-card');
  await expect(cards).toHaveCount(8); // one per field of the Adverse Event Report
  const suggestionsAfterGenerate = Number(await page.getByTestId('cdisc-card-suggestions-value').innerText());
  expect(suggestionsAfterGenerate).toBeGreaterThanOrEqual(8);

  const aeterm = tab.locator('[data-testid="cdisc-mapping-card"][data-field="AETERM"]');
  await expect(aeterm.getByTestId('cdisc-mapping-target')).toHaveText('AE.AETERM');
  const confidence = aeterm.getByTestId('cdisc-mapping-confidence');
  await expect(confidence).toHaveText(/^(9\d|100)%$/);
  await expect(confidence).toHaveAttribute('data-level', 'high');
  await expect(confidence).toHaveClass(/bg-green-100/);
  await expect(aeterm.getByTestId('cdisc-mapping-reasoning')).toContainText('carries the SDTM target AE.AETERM');
  await expect(aeterm.getByTestId('cdisc-mapping-logic')).toHaveText('Direct copy');
  const aesev = tab.locator('[data-testid="cdisc-mapping-card"][data-field="AESEV"]');
  await expect(aesev.getByTestId('cdisc-mapping-logic')).toHaveText('Controlled-terminology recode');
  for (const card of await cards.all()) {
    await expect(card.getByTestId('cdisc-mapping-reasoning')).not.toBeEmpty();
    await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  }

  // Approve two.
  await aeterm.getByRole('button', { name: 'Approve' }).click();
  await expect(aeterm).toHaveAttribute('data-status', 'approved');
  await aesev.getByRole('button', { name: 'Approve' }).click();
  await expect(aesev).toHaveAttribute('data-status', 'approved');
  await expect(aeterm.getByTestId('cdisc-mapping-status')).toHaveText('Approved');
  await expect(aeterm.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await expect(mapped).toHaveText(`${mappedBefore! + 1}/${fed}`);
  await expect(page.getByTestId('cdisc-card-suggestions-value')).toHaveText(String(suggestionsAfterGenerate - 2));

  // Reject one with its reason.
  const aeout = tab.locator('[data-testid="cdisc-mapping-card"][data-field="AEOUT"]');
  await aeout.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Outcome goes to the sponsor-defined SUPPAE');
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(aeout).toHaveAttribute('data-status', 'rejected');

  // Edit opens the SDTMIG pickers.
  const aerel = tab.locator('[data-testid="cdisc-mapping-card"][data-field="AEREL"]');
  await aerel.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByTestId('cdisc-edit-mapping');
  await expect(dialog.getByLabel('Domain')).toHaveValue('AE');
  await expect(dialog.getByLabel('Variable').locator('option', { hasText: 'AEREL —' })).toBeAttached();
  await page.keyboard.press('Escape');
});
