import { test, expect } from '@playwright/test';
import deDashboard from '../apps/web/src/locales/de/dashboard.json' with { type: 'json' };
import frCommon from '../apps/web/src/locales/fr/common.json' with { type: 'json' };
import { loginAs } from './support/auth';

test('dashboard shows the figures the database computes', async ({ page }) => {
  await loginAs(page, 'data-manager');
  const overview = await (await page.request.get('/api/dashboard/overview')).json();
  await expect(page.getByTestId('data-quality-score')).toHaveText(`${overview.dataQualityScore}%`);
  await expect(page.getByTestId('active-study')).toHaveCount(Math.min(3, overview.studies.length));
  await expect(page.getByTestId('active-study').first()).toContainText(overview.studies[0].studyId);
  const badges = await page.request.get('/trpc/dashboard.badges');
  const counts = (await badges.json()).result.data;
  await expect(page.getByTestId('badge-active-studies')).toContainText(String(counts.activeStudies));
  await expect(page.getByTestId('user-name')).toHaveText('Sarah Johnson');
  await expect(page.getByTestId('user-title')).toHaveText('Clinical Data Manager');
  // The AI Form Builder card offers study creation to a role that may create studies.
  await expect(page.getByRole('link', { name: 'Create New Study' })).toHaveAttribute('href', '/studies');
  // The banner states the computed improvement; below plan it says so rather than a negative 'better'.
  await expect
    .poll(async () => (await (await page.request.get('/api/dashboard/insights')).json()).isStatic)
    .toBe(false);
  await page.reload();
  const insights = await (await page.request.get('/api/dashboard/insights')).json();
  const percent = Number.parseFloat(insights.performanceImprovement);
  await expect(page.getByTestId('insights-text')).toContainText(
    percent < 0 ? `enrolling ${Math.abs(percent)}% behind plan` : `performing ${percent}% better than average`,
  );
});

test('sidebar collapses from 16rem to 4rem and highlights the active route', async ({ page }) => {
  await loginAs(page, 'monitor');
  const sidebar = page.getByTestId('sidebar');
  expect((await sidebar.boundingBox())!.width).toBe(256);
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await sidebar.getByRole('link', { name: 'CTMS' }).click();
  await expect(page).toHaveURL(/\/ctms$/);
  await expect(sidebar.getByRole('link', { name: 'CTMS' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: 'Collapse' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(64);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(256);
});

test('sidebar is hidden under 1024 px, where the mobile bar takes over', async ({ page }) => {
  await loginAs(page, 'monitor');
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByTestId('mobile-bar')).toBeVisible();
  // Spec section 2: Home, Studies, Patients, Forms, Analytics ('eCRF' is the sidebar's word).
  await expect(page.getByTestId('mobile-bar').getByRole('link')).toHaveText([
    'Home',
    'Studies',
    'Patients',
    'Forms',
    'Analytics',
  ]);
  await page.getByTestId('mobile-bar').getByRole('link', { name: 'Studies' }).click();
  await expect(page).toHaveURL(/\/studies$/);
});

test('the language menu switches the shell and the dashboard', async ({ page }) => {
  await loginAs(page, 'study-manager');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByText(deDashboard.insights.title)).toBeVisible();
  await expect(page.getByRole('heading', { name: deDashboard.capabilities.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The evidence behind the compliance status is translated too.
  await page.getByTestId('compliance-status').getByText(deDashboard.compliance.checks).click();
  await expect(page.getByText(deDashboard.compliance.checkTexts.auditAppendOnly)).toBeVisible();
  // The French sidebar has no English left: Queries and the Data Management group are translated.
  await page.getByRole('button', { name: /Sprache/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Requêtes' })).toBeVisible();
  await expect(sidebar.getByText(frCommon.nav.groups.dataManagement)).toBeVisible();
  expect(frCommon.nav.groups.dataManagement.toLowerCase()).not.toBe('data management');
  // Back to English for the tests that follow (the choice is remembered).
  await page.getByRole('button', { name: /Langue/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('AI Insights Ready')).toBeVisible();
});

test('at 390x844 the trial detail and the list and detail pages fit the screen', async ({ page }) => {
  await loginAs(page, 'data-manager');
  await page.setViewportSize({ width: 390, height: 844 });
  const fits = async () => {
    const main = page.locator('main');
    await expect
      .poll(() => main.evaluate((m) => m.scrollWidth - m.clientWidth))
      .toBeLessThanOrEqual(0);
  };
  await page.goto('/trials/ONC-2025-001');
  await expect(page.getByTestId('trial-code')).toHaveText('ONC-2025-001');
  for (const name of ['Edit', 'More actions']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeInViewport();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await fits();
  for (const tab of ['Milestones', 'Budget']) {
    await page.getByRole('tab', { name: tab }).click();
    await fits();
  }
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Generate Report' })).toBeInViewport();
  await page.keyboard.press('Escape');
  for (const path of ['/studies/1', '/sites/1', '/ctms', '/ctms?tab=milestones', '/patients', '/studies', '/sites']) {
    await page.goto(path);
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await fits();
  }
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('log out ends the session and protected pages send the user to login and back', async ({ page }) => {
  await loginAs(page, 'sponsor');
  // A sponsor cannot create studies: the AI Form Builder card leads to the studies list in those words.
  await expect(page.getByRole('link', { name: 'View Studies' })).toHaveAttribute('href', '/studies');
  await expect(page.getByRole('link', { name: 'Create New Study' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/dashboard/overview')).status()).toBe(401);
  await page.goto('/ctms');
  await expect(page).toHaveURL(/\/login\?next=%2Fctms$/);
  await page.getByLabel('Email').fill('sponsor@demo.local');
  await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'Demo-Password-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/ctms$/);
});
