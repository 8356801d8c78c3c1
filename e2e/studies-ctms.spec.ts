// Studies and the CTMS trial portfolio, end to end against the real API and a fresh demo database.
import { test, expect, type Route } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcMutation, trpcQuery } from './support/trpc';

test('a study manager creates a study, finds it by search and opens its detail', async ({ page }) => {
  await loginAs(page, 'study-manager', '/studies');
  await expect(page.getByRole('heading', { name: 'Clinical Studies' })).toBeVisible();
  await expect(page.getByTestId('study-card').first()).toBeVisible();
  // Codes: 3-30 letters, digits or dashes.
  const code = `E2E-${Date.now()}`.slice(0, 30);

  await page.getByRole('button', { name: 'New Study' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'New Study' })).toBeVisible();
  // The contracts' rules run in the form: nothing is sent until they pass.
  await dialog.getByRole('button', { name: 'Create Study' }).click();
  await expect(dialog.getByText('Give the study a title')).toBeVisible();
  await dialog.getByLabel('Study code').fill(code);
  await dialog.getByLabel('Title', { exact: true }).fill('E2E adaptive dosing study');
  await dialog.getByLabel('Phase').selectOption('Phase II');
  await dialog.getByLabel('Status', { exact: true }).selectOption('planning');
  await dialog.getByLabel('Target enrollment').fill('0');
  await dialog.getByLabel('Start date').fill('2026-03-01');
  await dialog.getByLabel('Planned end date').fill('2025-03-01');
  await dialog.getByRole('button', { name: 'Create Study' }).click();
  await expect(dialog.getByText('Use a number above zero')).toBeVisible();
  await expect(dialog.getByText('End dates must not be before the start date')).toBeVisible();
  await dialog.getByLabel('Target enrollment').fill('40');
  await dialog.getByLabel('Planned end date').fill('2027-09-30');
  await dialog.getByRole('button', { name: 'Create Study' }).click();

  // The new study's detail: its code in the header and the description fallback.
  await expect(page).toHaveURL(/\/studies\/\d+$/);
  await expect(page.getByTestId('study-code')).toHaveText(code);
  await expect(page.getByTestId('study-description')).toHaveText('No description available.');
  await expect(page.getByTestId('stat-enrollment')).toContainText('0/40');
  await expect(page.getByTestId('stat-duration')).toContainText('0 days');
  await expect(page.getByTestId('recent-activity').getByTestId('activity-reason').filter({ hasText: 'Study created' })).toBeVisible();
  const detailUrl = page.url();

  // The same code a second time: refused on the code field, the rest of the input kept.
  await page.goto('/studies');
  await page.getByRole('button', { name: 'New Study' }).click();
  await dialog.getByLabel('Study code').fill(code);
  await dialog.getByLabel('Title', { exact: true }).fill('Duplicate of the E2E study');
  await dialog.getByLabel('Target enrollment').fill('10');
  await dialog.getByRole('button', { name: 'Create Study' }).click();
  await expect(dialog.getByText(`Study code ${code} is already in use`)).toBeVisible();
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Duplicate of the E2E study');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Search runs on the server: the list narrows to the new study, and its card opens the detail.
  await page.getByRole('searchbox', { name: 'Search studies' }).fill(code.toLowerCase());
  await expect(page.getByTestId('study-card')).toHaveCount(1);
  await expect(page.getByTestId('study-card')).toContainText('E2E adaptive dosing study');
  await expect(page).toHaveURL(new RegExp(`q=${code.toLowerCase()}`));
  await page.getByLabel('Filter by status').selectOption('completed');
  await expect(page.getByText('No studies found')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('planning');
  await page.getByTestId('study-card').click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByTestId('study-code')).toHaveText(code);

  // Editing asks for a reason and lands in Recent Activity.
  await page.getByRole('button', { name: 'Edit Study' }).click();
  await dialog.getByLabel('Description').fill('Described by the end-to-end test.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give a reason for the change')).toBeVisible();
  await dialog.getByLabel('Reason for change').fill('Add the study description');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('study-description')).toHaveText('Described by the end-to-end test.');
  await expect(page.getByTestId('recent-activity').getByText('Add the study description')).toBeVisible();
});

test('a milestone edited with a reason shows in the trial’s Recent Activity; a stale edit is refused', async ({
  page,
}) => {
  await loginAs(page, 'study-manager', '/ctms');
  await expect(page.getByRole('heading', { name: 'Clinical Trial Management' })).toBeVisible();
  for (const card of ['Active Trials', 'Total Sites', 'Total Patients', 'Total Budget', 'Avg Enrollment']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('summary-totalBudget').getByTestId('summary-value')).toHaveText(
    /^\$\d[\d,]*\.\dM$/,
  );

  // The search box filters on the server.
  const first = page.getByTestId('trial-card').first();
  const code = (await first.getByTestId('trial-code').textContent())!;
  await page.getByRole('searchbox', { name: 'Search trials' }).fill(code);
  await expect(page.getByTestId('trial-card')).toHaveCount(1);
  await page.getByTestId('trial-card').click();
  await expect(page).toHaveURL(new RegExp(`/trials/${code}$`));
  await expect(page.getByTestId('trial-code')).toHaveText(code);
  await expect(page.getByRole('link', { name: 'Back to CTMS' })).toBeVisible();
  // A trial's page belongs to CTMS in the sidebar.
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'CTMS' })).toHaveAttribute('aria-current', 'page');
  // Recent documents come from the trial master file and open their record there.
  await expect(page.getByTestId('trial-document').first().getByRole('link')).toHaveAttribute('href', /^\/etmf\?doc=\d+$/);

  await page.getByRole('tab', { name: 'Milestones' }).click();
  const name = (await page.getByTestId('milestone-row').first().getByTestId('milestone-name').textContent())!;
  // Found by name: the list is ordered by target date, which this edit changes.
  const row = page.getByTestId('milestone-row').filter({ has: page.getByTestId('milestone-name').getByText(name, { exact: true }) });
  const reason = `Sponsor moved the date ${Date.now()}`;
  await row.getByRole('button', { name: `Edit milestone ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Description').fill('Rescheduled after the sponsor review.');
  await dialog.getByLabel('Status').selectOption('current');
  await dialog.getByLabel('Target date').fill('2031-03-14');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give a reason for the change')).toBeVisible();
  await dialog.getByLabel('Reason for change').fill(reason);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Rescheduled after the sponsor review.');
  await expect(page.getByTestId('recent-activity').getByText(reason)).toBeVisible();
  // Recent Activity names the record and the fields in words, not table and column names.
  const milestoneEvent = page.getByTestId('activity-item').filter({ hasText: reason });
  await expect(milestoneEvent).toContainText('Milestone updated');
  await expect(milestoneEvent.getByTestId('activity-record')).toHaveText(name);
  await expect(milestoneEvent.getByTestId('activity-fields')).toContainText('Status');
  await expect(milestoneEvent.getByTestId('activity-fields')).toContainText('Target date');
  await expect(milestoneEvent.getByTestId('activity-fields')).not.toContainText(/target_date|targetDate|TargetDate/);

  // Someone else saves the same milestone while this form is open: the second save is refused, input kept.
  await row.getByRole('button', { name: `Edit milestone ${name}` }).click();
  await dialog.getByLabel('Description').fill('My late change');
  await dialog.getByLabel('Reason for change').fill('Second editor');
  const trial = await trpcQuery<{ milestones: { id: number; name: string; version: number }[] }>(
    page,
    'trials.byCode',
    { trialId: code },
  );
  const stored = trial.milestones.find((m) => m.name === name)!;
  await trpcMutation(page, 'trials.updateMilestone', {
    id: stored.id,
    version: stored.version,
    reason: 'Concurrent edit',
    changes: { description: 'Changed elsewhere' },
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const refused = dialog.getByRole('alert').filter({ hasText: 'Changed by someone else' });
  await expect(refused).toContainText('This record was changed by someone else; reload and try again');
  await expect(refused).toContainText('Reload to see the current data, then make your change again.');
  await expect(dialog.getByLabel('Description')).toHaveValue('My late change');
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog.getByLabel('Description')).toHaveValue('Changed elsewhere');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The Reports tab's buttons download CSV files built by the server.
  await page.getByRole('tab', { name: 'Reports' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Budget Analysis' }).click();
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^${code}-budget-report-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'JSON' }).click();
  expect((await exported).suggestedFilename()).toMatch(new RegExp(`^${code}-export-.*\\.json$`));
});

test('unknown studies and trials show their not-found states; read-only roles get no edit controls', async ({
  page,
}) => {
  await loginAs(page, 'sponsor', '/dashboard');
  // While the list loads: a title skeleton, a button skeleton and 6 card skeletons (spec section 2).
  const slow = async (route: Route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  };
  await page.route(/\/trpc\/[^?]*studies\.list/, slow);
  await page.goto('/studies');
  await expect(page.getByTestId('studies-loading').getByTestId('skeleton')).toHaveCount(2 + 6);
  await expect(page.getByRole('heading', { name: 'Clinical Studies' })).toBeVisible();
  await page.unroute(/\/trpc\/[^?]*studies\.list/);
  await expect(page.getByTestId('study-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Study' })).toHaveCount(0);
  await page.getByTestId('study-card').first().click();
  await expect(page.getByTestId('study-code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Study' })).toHaveCount(0);

  await page.goto('/studies/999999');
  await expect(page.getByRole('heading', { name: 'Study Not Found' })).toBeVisible();
  await expect(page.getByText('The requested study could not be found.')).toBeVisible();
  await page.goto('/studies/not-a-number');
  await expect(page.getByRole('heading', { name: 'Study Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Studies' }).click();
  await expect(page).toHaveURL(/\/studies$/);

  await page.goto('/trials/NOPE-000');
  await expect(page.getByRole('heading', { name: 'Trial Not Found' })).toBeVisible();
  await expect(page.getByText('The requested trial could not be found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to CTMS' }).click();
  await expect(page).toHaveURL(/\/ctms$/);
  await expect(page.getByRole('heading', { name: 'Clinical Trial Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Trial' })).toHaveCount(0);

  // CTMS while loading: 6 card skeletons.
  await page.route(/\/trpc\/[^?]*trials\.summary/, slow);
  await page.reload();
  await expect(page.getByTestId('trials-loading').getByTestId('skeleton')).toHaveCount(6);
  await expect(page.getByTestId('trial-card').first()).toBeVisible();
});

test('validation messages follow the language: the contracts’ own and zod’s', async ({ page }) => {
  await loginAs(page, 'study-manager', '/studies');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page.getByRole('button', { name: 'Nouvelle étude' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: "Créer l'étude" }).click();
  await expect(dialog.getByText('Indiquez le titre de l’étude')).toBeVisible();
  await expect(dialog.getByText('Give the study a title')).toHaveCount(0);
  // A rule without a message of its own gets the friendly message, in French, with its limit.
  await dialog.getByLabel("Titre", { exact: true }).fill('x'.repeat(301));
  await dialog.getByRole('button', { name: "Créer l'étude" }).click();
  await expect(dialog.getByText('Saisissez au plus 300 caractères')).toBeVisible();
  await expect(dialog.getByText(/^Trop grand/)).toHaveCount(0);
  // Back to English for the tests that follow (the choice is remembered per browser context only).
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Langue/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
});

test('a budget line planning more than the trial budget is kept, and the Budget tab says by how much', async ({ page }) => {
  await loginAs(page, 'study-manager', '/ctms');
  const code = (await page.getByTestId('trial-card').first().getByTestId('trial-code').textContent())!;
  await page.goto(`/trials/${code}`);
  await page.getByRole('tab', { name: 'Budget' }).click();
  await expect(page.getByTestId('budget-over-planned')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Budget Line' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Category').selectOption({ index: 1 });
  await dialog.getByLabel('Description').fill('Protocol amendment 2');
  await dialog.getByLabel('Planned').fill('900000000');
  await dialog.getByLabel('Actual').fill('0');
  await dialog.getByLabel('Reason for change').fill('Amendment 2 budget, pending sponsor approval');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('budget-over-planned')).toContainText('more than the trial budget of');
});
