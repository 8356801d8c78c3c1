// CDISC standards in Chromium: the Domains tab on the loaded catalogue (SDTMIG 3.4, CDASHIG 2.2, and ADSL
// and ADAE from CDISC's Define-XML ADaM example). A monitor searches 'dm' and finds the Demographics card
// with its variable count, opens View Variables and sees USUBJID (Req) and AGE (Num); the type filter
// switches the cards between SDTM and CDASH, and ADaM lists ADSL and ADAE. Import Standards is disabled for a monitor and says why, and the
// summary cards show no invented figures (Mapped Domains and AI Suggestions are computed; Compliance Score
// and Validation Issues come from a study's latest validation, so without a picked study they are a dash
// and say why; sdtm-validation.spec.ts covers them with a study).
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface Domain {
  id: number;
  domainCode: string;
  domainType: string;
  variableCount: number;
  standard: string;
}

test('domains: search, type filter and View Variables on the loaded catalogue', async ({ page }) => {
  await loginAs(page, 'monitor', '/cdisc-standards');
  await expect(page.getByRole('heading', { level: 1, name: 'CDISC Standards' })).toBeVisible();

  // A monitor may not import standards (cdisc-standards-import.spec.ts imports one as an admin): the
  // button is disabled and says why. No fixed figures.
  await expect(page.getByRole('button', { name: 'Import Standards' })).toBeDisabled();
  await expect(page.getByTestId('cdisc-actions-note')).toHaveText('Import Standards: administrators and data managers import standards.');
  for (const card of ['compliance', 'issues']) {
    await expect(page.getByTestId(`cdisc-card-${card}-value`)).toHaveText('—');
    await expect(page.getByTestId(`cdisc-card-${card}`)).toContainText('Pick a study above to see its validation figures');
  }
  // Mapped Domains and AI Suggestions are computed from the mappings (cdisc-mappings.spec.ts).
  const summary = await trpcQuery<{ mappedDomains: number; fedDomains: number; pendingSuggestions: number }>(page, 'cdisc.summary', {});
  await expect(page.getByTestId('cdisc-card-mapped-value')).toHaveText(`${summary.mappedDomains}/${summary.fedDomains}`);
  await expect(page.getByTestId('cdisc-card-suggestions-value')).toHaveText(String(summary.pendingSuggestions));
  await expect(page.getByText('87%')).toHaveCount(0);
  await expect(page.getByTestId('cdisc-standards-loaded')).toContainText('SDTMIG 3.4 (63 domains, 1,917 variables)');

  // Search 'dm' (any case, code or name): the SDTM Demographics card with the server's variable count.
  const expected = await trpcQuery<{ items: Domain[]; total: number }>(page, 'cdisc.domains', { search: 'DM' });
  const dmDomain = expected.items.find((d) => d.domainCode === 'DM' && d.standard === 'SDTMIG')!;
  await page.getByRole('searchbox', { name: 'Search domains by code or name' }).fill('dm');
  const cards = page.getByTestId('cdisc-domain-card');
  const dm = cards.filter({ has: page.getByTestId('cdisc-domain-code').getByText('DM', { exact: true }) });
  await expect(dm).toHaveCount(1);
  await expect(dm.getByTestId('cdisc-domain-name')).toHaveText('Demographics');
  await expect(dm.getByTestId('cdisc-domain-variables')).toHaveText(String(dmDomain.variableCount));
  await expect(dm.getByTestId('cdisc-domain-mappings')).toHaveText('0');
  await expect(dm.getByTestId('cdisc-domain-version')).toHaveText('SDTMIG 3.4');
  await expect(page).toHaveURL(/q=dm/);
  await expect(cards).toHaveCount(expected.total);
  // Every card matches 'dm' in its code or name.
  for (const text of await cards.allInnerTexts()) expect(text.toLowerCase()).toContain('dm');

  // View Variables: the DM variables with their metadata.
  await dm.getByRole('button', { name: 'View Variables' }).click();
  const dialog = page.getByTestId('cdisc-variables-dialog');
  await expect(dialog.getByRole('heading', { name: 'DM — Demographics' })).toBeVisible();
  const rows = dialog.getByTestId('cdisc-variable-row');
  await expect(rows).toHaveCount(dmDomain.variableCount);
  const usubjid = dialog.locator('[data-name="USUBJID"]');
  await expect(usubjid).toContainText('Unique Subject Identifier');
  await expect(usubjid.getByTestId('cdisc-variable-core')).toHaveText('Req');
  await expect(dialog.locator('[data-name="AGE"]').getByTestId('cdisc-variable-type')).toHaveText('Num');
  await expect(dialog.locator('[data-name="SEX"]')).toContainText('C66731');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The type filter changes the cards: SDTM only, then CDASH only (with their SDTM targets), then ADaM.
  const type = page.getByLabel('Domain type');
  await type.selectOption('SDTM');
  await expect(page).toHaveURL(/type=SDTM/);
  await expect(page.locator('[data-testid="cdisc-domain-card"][data-type="CDASH"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="cdisc-domain-card"][data-type="SDTM"]')).toHaveCount(1);

  await type.selectOption('CDASH');
  await expect(page.locator('[data-testid="cdisc-domain-card"][data-type="SDTM"]')).toHaveCount(0);
  const cdashDm = page.locator('[data-testid="cdisc-domain-card"][data-type="CDASH"]');
  await expect(cdashDm.first()).toBeVisible();
  await expect(cdashDm.first().getByTestId('cdisc-domain-version')).toHaveText('CDASHIG 2.2');
  await expect(cdashDm.getByTestId('cdisc-domain-code')).toHaveText(['DM.BirthDateCollection', 'DM.BirthDateCollectionSingleDate']);
  await cdashDm.first().getByRole('button', { name: 'View Variables' }).click();
  await expect(dialog.getByRole('columnheader', { name: 'SDTM target' })).toBeVisible();
  await expect(dialog.locator('[data-name="SEX"]')).toContainText('DM.SEX');
  await page.keyboard.press('Escape');

  // ADaM: nothing matches 'dm'; without the search, ADSL and ADAE with their origins.
  await type.selectOption('ADaM');
  await expect(cards).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No domains found' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search domains by code or name' }).fill('');
  await expect(cards.getByTestId('cdisc-domain-code')).toHaveText(['ADSL', 'ADAE']);
  await expect(cards.first().getByTestId('cdisc-domain-version')).toHaveText('ADaMIG 1.1');
  await cards.first().getByRole('button', { name: 'View Variables' }).click();
  await expect(dialog.locator('[data-name="SEX"]')).toContainText('C66731');
  await expect(dialog.locator('[data-name="SEX"]')).toContainText('DM.SEX');
  await page.keyboard.press('Escape');

  // All types, no search: every standard, paged.
  await type.selectOption('All');
  await expect(cards).toHaveCount(24);
  await expect(page.getByTestId('pagination-range')).toContainText('of 114');
});

test('Export Define.xml opens the Define.xml tab; Validation is built', async ({ page }) => {
  await loginAs(page, 'data-manager', '/cdisc-standards');
  await page.getByRole('button', { name: 'Export Define.xml' }).click();
  await expect(page).toHaveURL(/tab=define/);
  await expect(page.getByTestId('define-tab')).toBeVisible();
  await page.getByRole('tab', { name: 'Validation' }).click();
  await expect(page).toHaveURL(/tab=validation/);
  await expect(page.getByTestId('validation-tab')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Validation' })).toBeVisible();
});
