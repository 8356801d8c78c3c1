// The predictive analytics screen end to end: the forecast chart is drawn, the figures shown are the ones
// the server computed, and none of the spec's fixed display figures appears unless computed.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface Overview {
  studyId: number;
  dataQuality: number | null;
  compliance: { score: number | null; passed: number; total: number };
}
interface Forecast {
  state: string;
  study: { code: string; target: number };
  enrolled: number;
  completion: { p50: string | null } | null;
  monthsToCompletion: { p10: number | null; p50: number | null; p90: number | null } | null;
}
interface Risk {
  sites: { siteNumber: string; performance: { score: number | null } }[];
}

test('the analytics page draws the enrollment forecast and shows computed figures', async ({ page }) => {
  await loginAs(page, 'data-manager', '/analytics');
  await expect(page.getByRole('heading', { name: 'Predictive Analytics' })).toBeVisible();
  const overview = await trpcQuery<Overview>(page, 'analytics.overview', {});
  const forecast = await trpcQuery<Forecast>(page, 'analytics.forecast', { studyId: overview.studyId });
  const risk = await trpcQuery<Risk>(page, 'analytics.risk', { studyId: overview.studyId });
  expect(forecast.state).toBe('forecast');

  // The chart: an svg with the actual and forecast lines and the bands.
  const chart = page.getByTestId('forecast-chart');
  await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-line')).toHaveCount(2);
  await expect(chart.locator('.recharts-area')).toHaveCount(2);
  await expect(page.getByTestId('forecast-card')).toContainText(`Enrollment forecast: ${forecast.study.code}`);
  await expect(page.getByTestId('forecast-card')).toContainText(`${forecast.enrolled} of ${forecast.study.target} subjects ever enrolled`);
  await expect(page.getByTestId('forecast-model')).toContainText('Anisimov');

  // The tiles show what the server computed.
  const months = forecast.monthsToCompletion!.p50!;
  await expect(page.getByTestId('tile-months-value')).toHaveText(`${months.toLocaleString('en-US')} months`);
  await expect(page.getByTestId('tile-data-quality-value')).toHaveText(`${overview.dataQuality!.toLocaleString('en-US')}%`);
  await expect(page.getByTestId('tile-compliance-value')).toHaveText(`${overview.compliance.score!.toLocaleString('en-US')}%`);
  await expect(page.getByTestId('tile-compliance')).toContainText(`${overview.compliance.passed} of ${overview.compliance.total} system configuration checks passed`);
  const best = risk.sites.filter((s) => s.performance.score !== null).sort((a, b) => b.performance.score! - a.performance.score!)[0]!;
  await expect(page.getByTestId('site-performance-score').first()).toContainText(best.siteNumber);
  await expect(page.getByTestId('site-performance-score').first()).toContainText(best.performance.score!.toLocaleString('en-US'));
  await expect(page.getByTestId('site-forecast-row').first()).toBeVisible();
  await expect(page.getByTestId('kri-row').first()).toBeVisible();
  await expect(page.getByTestId('prediction').first()).toBeVisible();
  await expect(page.getByTestId('analytics-report-enrollmentRate')).toContainText('Enrollment Rate');

  // None of the spec's fixed display figures is shown where the spec had them (the tiles) unless the
  // server computed that very figure.
  const tiles = (await Promise.all(['tile-data-quality', 'tile-compliance', 'tile-months', 'tile-site-performance'].map((id) => page.getByTestId(id).innerText()))).join('\n');
  const computed = [overview.dataQuality, overview.compliance.score, months, forecast.monthsToCompletion!.p10, forecast.monthsToCompletion!.p90, ...risk.sites.map((s) => s.performance.score)].map(String);
  for (const fixed of ['96.8', '98.2', '4.2', '94.2', '97.8', '96.5']) {
    if (computed.includes(fixed)) continue;
    expect(tiles).not.toMatch(new RegExp(`(?<![\\d.,])${fixed.replace('.', '\\.')}(?![\\d])`));
  }
  if (months !== 4.2) expect(await page.locator('main').innerText()).not.toContain('4.2 months');

  // Another study from the selector: its own forecast.
  const select = page.getByTestId('analytics-study');
  const other = await select.locator('option').evaluateAll((options, current) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== String(current)), overview.studyId);
  await select.selectOption(other!);
  await expect(page).toHaveURL(new RegExp(`study=${other}`));
  const otherForecast = await trpcQuery<Forecast>(page, 'analytics.forecast', { studyId: Number(other) });
  await expect(page.getByTestId('forecast-card')).toContainText(otherForecast.study.code);
});
