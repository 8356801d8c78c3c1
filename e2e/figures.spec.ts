// Figures shown in several places (issue 27, item 7): the patient counts of the top bar, /patients, /sites
// and /ctms agree where they count the same subjects and say what they count where they do not; the
// /analytics forecast is the same after a reload and in the predictions list.
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';

const number = async (page: Page, testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^\d]/g, ''));

test('an admin reads one patient count per meaning in the top bar, /patients, /sites and /ctms', async ({ page }) => {
  await loginAs(page, 'admin', '/patients');
  const badge = page.getByTestId('badge-patients');
  // The badge reads 0 until its count has arrived.
  await expect.poll(() => number(page, 'badge-patients')).toBeGreaterThan(0);
  const topBar = await number(page, 'badge-patients');
  const topBarLabel = await badge.getAttribute('title');
  await expect(page.getByTestId('tile-total-value')).toHaveText(/\d/);
  const total = await number(page, 'tile-total-value');
  const completed = await number(page, 'tile-completed-value');
  const withdrawn = await number(page, 'tile-withdrawn-value');
  const enrolled = await number(page, 'tile-enrolled-value');
  const patientsLabel = await page.getByTestId('tile-total-caption').innerText();

  await page.goto('/sites');
  await expect(page.getByTestId('tile-total-enrollment-value')).toHaveText(/\d/);
  const sites = await number(page, 'tile-total-enrollment-value');
  const sitesLabel = await page.getByTestId('tile-total-enrollment-caption').innerText();

  await page.goto('/ctms');
  const ctmsCard = page.getByTestId('summary-totalPatients');
  await expect(ctmsCard.getByTestId('summary-value')).toHaveText(/\d/);
  const ctms = Number((await ctmsCard.getByTestId('summary-value').innerText()).replace(/[^\d]/g, ''));
  const ctmsLabel = await ctmsCard.getByTestId('summary-caption').innerText();

  // /sites and /ctms count subjects enrolled or completed: the same figure, said the same way.
  expect(sites).toBe(ctms);
  expect(sites).toBe(enrolled + completed);
  expect(sitesLabel).toMatch(/enrolled or completed/);
  expect(ctmsLabel).toMatch(/enrolled or completed/);
  // The top bar counts subjects in screening or enrolled, /patients every status: different figures, and
  // their labels say so.
  expect(topBar).toBe(total - completed - withdrawn);
  expect(topBarLabel).toMatch(/screening or enrolled/);
  expect(patientsLabel).toMatch(/Every status/);
  expect(new Set([topBarLabel, patientsLabel, sitesLabel]).size).toBe(3);
});

test('the /analytics forecast is identical after a reload and in the predictions list', async ({ page }) => {
  await loginAs(page, 'admin', '/analytics');
  const median = page.getByTestId('forecast-median');
  await expect(median).toBeVisible();
  const read = async () => ({
    median: await median.innerText(),
    interval80: await page.getByTestId('forecast-interval-80').innerText(),
    interval95: await page.getByTestId('forecast-interval-95').innerText(),
    model: await page.getByTestId('forecast-model').innerText(),
  });
  const first = await read();
  await page.reload();
  await expect(median).toBeVisible();
  expect(await read()).toEqual(first);

  // The predictions list gives the chosen study the same median date.
  const studyId = await page.getByTestId('analytics-study').inputValue();
  const prediction = page.locator(`[data-testid="prediction"][data-study-id="${studyId}"]`);
  await expect(prediction).toContainText(first.median);
});
