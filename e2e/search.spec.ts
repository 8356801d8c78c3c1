// The top bar's global search, driven from the keyboard only: '/' focuses it, typing searches, the
// arrows walk the grouped results, Enter opens the one chosen.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

test('type in the top bar and open a subject with the keyboard', async ({ page }) => {
  await loginAs(page, 'data-manager');
  const subject = (await trpcQuery<{ items: { id: number; patientId: string }[] }>(page, 'patients.list', { limit: 1 })).items[0]!;

  const search = page.getByRole('combobox', { name: 'Search' });
  await page.locator('body').press('/');
  await expect(search).toBeFocused();
  await search.pressSequentially(subject.patientId.slice(0, 6), { delay: 30 });
  await expect(search).toHaveAttribute('aria-expanded', 'true');

  const subjects = page.locator('[data-testid="search-result"][data-kind="subjects"]');
  await expect(subjects.first()).toBeVisible();
  // A 6-character prefix may match more subjects than a group shows: then take the first one listed.
  const own = subjects.and(page.locator(`[data-href="/casebook/${subject.id}"]`));
  const target = (await own.count()) ? `/casebook/${subject.id}` : (await subjects.first().getAttribute('data-href'))!;
  const options = page.getByTestId('search-result');
  const total = await options.count();

  const active = page.locator('[data-testid="search-result"][aria-selected="true"]');
  for (let i = 0; i < total; i++) {
    await search.press('ArrowDown');
    if ((await active.getAttribute('data-href')) === target) break;
  }
  await expect(active).toHaveAttribute('data-href', target);
  // The combobox names the active option, as a screen reader follows it.
  await expect(search).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);

  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(search).toHaveAttribute('aria-expanded', 'false');

  // Ctrl+K from anywhere; no match says so; Escape closes, a second Escape clears.
  await page.locator('body').press('Control+k');
  await expect(search).toBeFocused();
  await search.fill('no such record zz');
  await expect(page.getByTestId('search-empty')).toHaveText('No results for “no such record zz”');
  await search.press('Escape');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.press('Escape');
  await expect(search).toHaveValue('');
});
