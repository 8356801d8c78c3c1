import { test, expect } from '@playwright/test';
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { loginAs } from './support/auth';

test.use({ viewport: { width: 390, height: 844 } });

test('the phone sheet reaches CTMS', async ({ page }) => {
  await loginAs(page, 'data-manager', '/dashboard');
  const bar = page.getByTestId('mobile-bar');
  await expect(bar).toBeVisible();
  // The spec's five stay as they are; More is added after them.
  await expect(bar.getByRole('link')).toHaveText(['Home', 'Studies', 'Patients', 'Forms', 'Analytics']);
  await expect(bar.locator('a, button')).toHaveText(['Home', 'Studies', 'Patients', 'Forms', 'Analytics', 'More']);

  await page.getByTestId('mobile-more').click();
  const sheet = page.getByRole('dialog', { name: 'All sections' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('data-testid', 'more-sheet');
  const groups = enCommon.nav.groups;
  await expect(sheet.getByRole('heading', { level: 3 })).toHaveText([
    groups.main,
    groups.dataManagement,
    groups.quality,
    groups.documents,
    groups.operations,
  ]);
  // The current page is highlighted in the sheet as in the sidebar.
  await expect(sheet.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  await sheet.getByRole('link', { name: 'CTMS' }).click();
  await expect(page).toHaveURL(/\/ctms$/);
  await expect(page.getByTestId('more-sheet')).toHaveCount(0);
  // CTMS is not one of the five, so More is the lit entry now.
  await expect(page.getByTestId('mobile-more')).toHaveClass(/text-primary/);

  // Escape closes the sheet too.
  await page.getByTestId('mobile-more').click();
  await expect(sheet.getByRole('link', { name: 'CTMS' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('more-sheet')).toHaveCount(0);
});
