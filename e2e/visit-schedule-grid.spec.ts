// The study's visit schedule grid (study detail, Forms tab): visit and form names stay readable when the
// form columns scroll (the visit column stays, form names wrap and carry their full name), and a tick
// says it is saving, then saved, or that it was not saved and goes back.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

test('visit names stay readable while the forms scroll; a tick says saving, saved, or not saved and rolls back', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'data-manager', '/studies');
  await page.getByTestId('study-card').first().click();
  await page.getByRole('tab', { name: 'Forms' }).click();
  const grid = page.getByTestId('visit-schedule');
  await expect(grid).toBeVisible();

  // Scrolled to the last form column, the visit names are still in view and whole.
  const scroller = grid.getByTestId('schedule-scroll');
  const overflows = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflows).toBe(true);
  await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  const box = (await scroller.boundingBox())!;
  const visit = grid.getByTestId('schedule-visit').filter({ hasText: 'Selection Visit' });
  const cell = (await visit.boundingBox())!;
  expect(cell.x).toBeGreaterThanOrEqual(box.x - 1);
  for (const el of await grid.getByTestId('schedule-visit').all()) {
    expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  }
  // Each form name is whole in its header, and says it in a tooltip; each box names form and visit.
  for (const th of await grid.getByTestId('schedule-form').all()) {
    const name = (await th.textContent())!.trim();
    await expect(th).toHaveAttribute('title', name);
    expect(await th.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  }

  const box1 = grid.getByRole('checkbox', { name: 'Adverse Event Report due at Day 3' });
  await expect(box1).not.toBeChecked();
  const status = grid.getByTestId('schedule-status');
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/trpc/visits.setDueForms**', async (route) => {
    await held;
    await route.continue();
  });
  await box1.check();
  await expect(status).toHaveText('Saving: Adverse Event Report due at Day 3…');
  release();
  await expect(status).toHaveText('Saved: Adverse Event Report is due at Day 3.');
  await expect(box1).toBeChecked();
  await page.unroute('**/trpc/visits.setDueForms**');

  // A failed save says so and the box goes back.
  await page.route('**/trpc/visits.setDueForms**', (route) => route.abort());
  // click, not uncheck: the box goes back at once when the save fails, before uncheck could see it change.
  await box1.click();
  await expect(status).toHaveText('Not saved: Adverse Event Report is still due at Day 3.');
  await expect(box1).toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Forms' }).click();
  await expect(page.getByTestId('visit-schedule').getByRole('checkbox', { name: 'Adverse Event Report due at Day 3' })).toBeChecked();
});
