// Randomization (issue 30, first slice): a study manager configures a stratified block scheme on the
// study's Randomization tab (site and sex, blocks of 2 and 4), simulates it and sees the report's
// charts, then takes the production scheme live (a sealed list with its hash, never its content).
// A role without the permission does not see the tab.
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { loginAs } from './support/auth';

interface Randomization {
  arms: { id: number; code: string }[];
  sites: { siteNumber: string }[];
  production: unknown;
}

/** A study of the study manager with two arms and at least two sites, and no production scheme yet. */
async function studyToRandomize(page: Page): Promise<{ id: number; sites: number }> {
  for (let id = 1; id <= 30; id++) {
    const res = await page.request.get(`/trpc/randomization.get?input=${encodeURIComponent(JSON.stringify({ studyId: id }))}`);
    if (!res.ok()) continue;
    const data = (await res.json()).result.data as Randomization;
    if (data.arms.length === 2 && data.sites.length >= 2 && data.sites.length <= 6 && !data.production) return { id, sites: data.sites.length };
  }
  throw new Error('No study with two arms and two to six sites');
}

test('a study manager configures a stratified block scheme, simulates it, sees the charts and goes live', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'study-manager', '/dashboard');
  const study = await studyToRandomize(page);
  await page.goto(`/studies/${study.id}`);
  await page.getByRole('tab', { name: 'Randomization' }).click();

  await page.getByRole('button', { name: 'Production' }).click();
  const form = page.getByRole('form', { name: 'Scheme' });
  await expect(form.getByLabel('Method')).toHaveValue('blocks');
  await form.getByRole('button', { name: 'Add site factor' }).click();
  await form.getByRole('button', { name: 'Add subject factor' }).click();
  await form.locator('#rz-factor-key-1').fill('sex');
  await form.locator('#rz-factor-label-1').fill('Sex');
  await form.locator('#rz-factor-levels-1').fill('F, M');
  // a block size that is not a multiple of the ratios' sum (1:1 → 2) is refused with the rule
  await form.getByLabel('Block sizes').fill('3');
  await form.getByLabel('Planned enrollment').fill('60');
  await form.getByLabel('Reason for change').fill('Scheme agreed with the statistician');
  await form.getByRole('button', { name: 'Save scheme' }).click();
  await expect(form.getByTestId('rz-problems')).toContainText("Block size 3 is not a multiple of the ratio's sum (2)");
  await form.getByLabel('Block sizes').fill('2, 4');
  await form.getByRole('button', { name: 'Save scheme' }).click();
  await expect(page.getByText('Scheme saved').first()).toBeVisible();
  await expect(page.getByTestId('rz-status')).toHaveText('Draft');

  const simulation = page.getByRole('form', { name: 'Simulation' });
  await simulation.getByLabel('Simulated trials').fill('500');
  await simulation.getByLabel('Expected shares of Sex').fill('3, 2');
  await simulation.getByRole('button', { name: 'Run simulation' }).click();
  const report = page.getByTestId('rz-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByTestId('rz-figure').first()).toHaveText('500');
  await expect(report.getByTestId('rz-histogram').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(report.getByTestId('rz-levels-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(report.getByTestId('rz-strata').locator('tbody tr')).toHaveCount(study.sites * 2);
  // the tab with its form, charts and table passes axe (serious and critical issues, WCAG 2.1 AA)
  await page.mouse.move(0, 0); // not hovering the button just clicked (its hover colour is a transition)
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const live = page.getByTestId('rz-live');
  await live.getByLabel('Reason for change').fill('First subject expected next week');
  await live.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByTestId('rz-status')).toHaveText('Live');
  await expect(page.getByTestId('rz-list')).toContainText(new RegExp(`Sealed list: ${study.sites * 2} strata of at least (\\d+) entries each, sha256`));
  await expect(page.getByTestId('rz-list')).toContainText(/[0-9a-f]{64}/);
  // the scheme stays editable until its first allocation; the form is still there
  await expect(form.getByRole('button', { name: 'Save scheme' })).toBeEnabled();
});

test('a monitor does not see the Randomization tab', async ({ page }) => {
  await loginAs(page, 'monitor', '/dashboard');
  let id = 1;
  while (!(await page.request.get(`/trpc/studies.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`)).ok() && id < 30) id++;
  await page.goto(`/studies/${id}`);
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Randomization' })).toHaveCount(0);
});
