// Buttons that said one thing and did nothing (issue 9): /patients' Filter opens the study and status
// filters, the trial detail's View opens the trial's study, and the CDISC cards that ask for a study
// have the study picker above them.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

test('Filter on /patients opens and closes the study and status filters', async ({ page }) => {
  await loginAs(page, 'monitor', '/patients');
  const filter = page.getByRole('button', { name: 'Filter' });
  await expect(filter).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Status')).toBeHidden();
  await filter.click();
  await expect(filter).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('group', { name: 'Patient filters' });
  await expect(panel.getByLabel('Study')).toBeVisible();
  await panel.getByLabel('Status').selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  // The button counts the filters applied; they stay open when the page opens with one applied.
  await expect(filter).toContainText('1');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Filter' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Status')).toHaveValue('completed');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByLabel('Status')).toBeHidden();
});

test("View on a trial's page opens its study", async ({ page }) => {
  await loginAs(page, 'study-manager', '/ctms');
  const trial = (await trpcQuery<{ items: { id: number; trialId: string; title: string }[] }>(page, 'trials.list', { limit: 1 })).items[0]!;
  await page.goto(`/trials/${trial.trialId}`);
  await page.getByRole('link', { name: 'View study' }).click();
  await expect(page).toHaveURL(new RegExp(`/studies/${trial.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(trial.trialId);
});

test('the CDISC cards that ask for a study have the study picker above them', async ({ page }) => {
  await loginAs(page, 'data-manager', '/cdisc-standards');
  const compliance = page.getByTestId('cdisc-card-compliance');
  await expect(compliance).toContainText('Pick a study above to see its validation figures');
  const picker = page.getByLabel('Figures for');
  await expect(picker).toHaveValue('');
  const studyId = await picker.locator('option').nth(1).getAttribute('value');
  await picker.selectOption(studyId!);
  await expect(page).toHaveURL(new RegExp(`study=${studyId}`));
  await expect(compliance).not.toContainText('Pick a study');
});
