// Sites and patients end to end: add a site, assign it to a study, activate it, add a patient there,
// find, change and export it; filter patients down to the empty state; an unknown site.
import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

/** The toast viewport (Radix also repeats each toast in a live region for screen readers). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe.serial('a new site from registration to its first patient', () => {
  const siteNumber = `E2E-${Date.now() % 100000}`;
  const siteName = `E2E Research Clinic ${siteNumber}`;
  let studyId = '';
  let studyCode = '';
  let subjectCode = '';

  test('study manager adds a site, assigns it to a study and activates it', async ({ page }) => {
    await loginAs(page, 'study-manager', '/sites');
    await expect(page.getByRole('heading', { name: 'Site Management' })).toBeVisible();
    const summary = await trpcQuery<{ activeSites: number; pendingSites: number }>(page, 'sites.summary', {});
    await expect(page.getByTestId('tile-active-sites-value')).toHaveText(String(summary.activeSites));
    await expect(page.getByTestId('tile-pending-sites-value')).toHaveText(String(summary.pendingSites));

    await page.getByRole('button', { name: 'Add New Site' }).click();
    const dialog = page.getByRole('dialog');
    // Client-side validation with the contracts' schema: nothing is sent, errors show inline.
    await dialog.getByRole('button', { name: 'Add Site' }).click();
    await expect(dialog.getByText('Give the site a name')).toBeVisible();
    await dialog.getByLabel('Site number').fill(siteNumber);
    await dialog.getByLabel('Site name').fill(siteName);
    await dialog.getByLabel('Principal investigator').fill('Dr. Erin Example');
    await dialog.getByLabel('Address').fill('1 Test Street');
    await dialog.getByLabel('City').fill('Lyon');
    await dialog.getByLabel('Country').fill('France');
    await dialog.getByLabel('Email').fill('e2e@clinic.example');
    await dialog.getByRole('button', { name: 'Add Site' }).click();
    await expect(toasts(page).getByText(`${siteNumber} ${siteName} was registered.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The same number again: CONFLICT from the server, shown on the field, input kept.
    await page.getByRole('button', { name: 'Add New Site' }).click();
    await dialog.getByLabel('Site number').fill(siteNumber);
    await dialog.getByLabel('Site name').fill('Duplicate Clinic');
    await dialog.getByLabel('Country').fill('France');
    await dialog.getByRole('button', { name: 'Add Site' }).click();
    await expect(dialog.getByText(`Site number ${siteNumber} is already in use`)).toBeVisible();
    await expect(dialog.getByLabel('Site name')).toHaveValue('Duplicate Clinic');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByLabel('Search sites').fill(siteNumber);
    await page.getByLabel('Search sites').press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${siteNumber}`));
    await expect(page.getByTestId('site-card')).toHaveCount(1);
    await page.getByTestId('site-card').click();
    await expect(page.getByRole('heading', { name: siteName })).toBeVisible();
    await expect(page.getByTestId('site-number')).toHaveText(siteNumber);
    await expect(page.getByTestId('site-address')).toHaveText('1 Test Street, Lyon, France');
    await expect(page.getByTestId('stat-days-active')).toHaveText('0');

    await page.getByRole('tab', { name: 'Studies' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('No active studies at this site')).toBeVisible();
    await panel.getByRole('button', { name: 'Assign to Study' }).click();
    const study = dialog.getByLabel('Study');
    await expect(study.locator('option').nth(1)).toBeAttached();
    await study.selectOption({ index: 1 });
    studyId = await study.inputValue();
    studyCode = ((await study.locator(`option[value="${studyId}"]`).textContent()) ?? '').split(' — ')[0]!;
    await dialog.getByLabel('Enrollment target').fill('12');
    await dialog.getByLabel('Reason for change').fill('Selected after feasibility assessment');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(toasts(page).getByText(`now takes part in ${studyCode}`)).toBeVisible();

    const row = panel.getByTestId('site-study');
    await expect(row).toHaveAttribute('data-study-code', studyCode);
    await expect(row.locator('[data-status="pending"]')).toBeVisible();
    await row.getByRole('button', { name: 'Activate' }).click();
    await dialog.getByRole('button', { name: 'Activate Site' }).click();
    await expect(dialog.getByText('Give a reason for the change')).toBeVisible();
    await dialog.getByLabel('Reason for change').fill('Site initiation visit completed');
    await dialog.getByRole('button', { name: 'Activate Site' }).click();
    await expect(row.locator('[data-status="active"]')).toBeVisible();
    await expect(row.getByTestId('activated-on')).not.toHaveText('Not yet');
    await expect(row.getByRole('button', { name: 'Activate' })).toHaveCount(0);
    // Activation makes the pending site itself active, and lands in its audit trail.
    await expect(page.locator('header [data-status="active"]')).toBeVisible();
    await expect(page.getByTestId('recent-activity')).toContainText('Site initiation visit completed');
    await page.screenshot({ path: '/tmp/site-detail.png', fullPage: true });
  });

  test('study manager adds a patient at the active site and finds, changes and exports it', async ({
    page,
  }) => {
    expect(studyId).not.toBe('');
    await loginAs(page, 'study-manager', '/patients');
    await expect(page.getByRole('heading', { name: 'Patient Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Patient' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Study').selectOption(studyId);
    const site = dialog.getByLabel('Site', { exact: true });
    await expect(site.locator('option', { hasText: siteNumber })).toBeAttached();
    await site.selectOption({ label: `${siteNumber} — ${siteName}` });
    await dialog.getByLabel('Year of birth').fill('1980');
    await dialog.getByLabel('Sex').selectOption('F');
    await dialog.getByRole('button', { name: 'Add Patient' }).click();
    const toastText = toasts(page).getByText(/Subject code .+ was generated\./);
    await expect(toastText).toBeVisible();
    subjectCode = /Subject code (\S+) was generated/.exec((await toastText.textContent()) ?? '')![1]!;

    await page.getByLabel('Search patients').fill(subjectCode);
    await page.getByLabel('Search patients').press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(subjectCode)}`));
    const card = page.getByTestId('patient-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('patient-id')).toHaveText(subjectCode);
    await expect(card).toContainText(siteName);
    await expect(card.locator('[data-status="screening"]')).toBeVisible();
    await expect(page.getByTestId('tile-total-value')).toHaveText('1');
    await expect(page.getByTestId('pagination-range')).toHaveText('Showing 1–1 of 1');
    await page.screenshot({ path: '/tmp/patients.png', fullPage: true });

    // Only the allowed next statuses are offered; the change needs a reason.
    await card.getByRole('button', { name: 'Change Status' }).click();
    await expect(dialog.getByLabel('New status').locator('option')).toHaveText(['Enrolled', 'Withdrawn']);
    await dialog.getByLabel('Reason for change').fill('Eligibility criteria confirmed');
    await dialog.getByRole('button', { name: 'Change Status' }).click();
    await expect(card.locator('[data-status="enrolled"]')).toBeVisible();
    await expect(page.getByTestId('tile-enrolled-value')).toHaveText('1');
    // The study's Recent Activity shows the new enrollment date as a date in the browser's format.
    await page.goto(`/studies/${studyId}`);
    const enrolled = page
      .getByTestId('activity-item')
      .filter({ hasText: 'Eligibility criteria confirmed' })
      .filter({ hasText: subjectCode });
    await expect(enrolled.getByTestId('activity-fields')).toContainText(
      /Enrollment date: — → \d{1,2}\/\d{1,2}\/\d{4}/,
    );
    await expect(enrolled.getByTestId('activity-fields')).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await page.goBack();

    // Export downloads the filtered list: this one subject.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toContain('Patient ID');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(subjectCode);

    // The site's detail lists its subject.
    await page.goto('/sites');
    await page.getByLabel('Search sites').fill(siteNumber);
    await page.getByLabel('Search sites').press('Enter');
    // The unfiltered cards stay until the search answers: wait for the one match.
    await expect(page.getByTestId('site-card')).toHaveCount(1);
    await page.getByTestId('site-card').click();
    await page.getByRole('tab', { name: 'Patients' }).click();
    await expect(page.getByTestId('site-patient')).toHaveCount(1);
    await expect(page.getByTestId('site-patient')).toContainText(subjectCode);
  });
});

test('filtering patients down to nothing shows the empty state, kept in the URL', async ({ page }) => {
  await loginAs(page, 'monitor', '/patients');
  await expect(page.getByTestId('patient-card')).toHaveCount(10);
  // A link with ?search= lands here filtered (site names match).
  await page.goto('/patients?search=Boston%20University%20Hospital');
  await expect(page.getByLabel('Search patients')).toHaveValue('Boston University Hospital');
  await expect(page.getByTestId('patient-card').first()).toContainText('Boston University Hospital');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Status').selectOption('completed');
  await expect(page).toHaveURL(/status=completed/);
  await page.getByLabel('Search patients').fill('no-such-subject-zz');
  await expect(page).toHaveURL(/search=no-such-subject-zz/);
  await expect(page.getByText('No patients found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
  await expect(page.getByTestId('tile-total-value')).toHaveText('0');
  await page.reload();
  await expect(page.getByText('No patients found')).toBeVisible();
  await expect(page.getByLabel('Search patients')).toHaveValue('no-such-subject-zz');
  await expect(page.getByLabel('Status')).toHaveValue('completed');
  await page.screenshot({ path: '/tmp/patients-empty.png', fullPage: true });
});

test('a page past the end of a list opens its last page, replacing the URL', async ({ page }) => {
  await loginAs(page, 'monitor', '/dashboard');
  const patients = await trpcQuery<{ total: number }>(page, 'patients.list', { limit: 10, offset: 0 });
  const last = Math.ceil(patients.total / 10);
  await page.goto('/patients?page=999');
  await expect(page).toHaveURL(new RegExp(`/patients\\?page=${last}$`));
  const from = (last - 1) * 10 + 1;
  await expect(page.getByTestId('pagination-range')).toHaveText(
    `Showing ${from}–${patients.total} of ${patients.total}`,
  );
  await expect(page.getByText(`Page ${last} of ${last}`)).toBeVisible();
  await expect(page.getByTestId('patient-card')).toHaveCount(patients.total - from + 1);
  // No extra history entry: Back returns to the page before.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);

  const sites = await trpcQuery<{ total: number }>(page, 'sites.list', { limit: 10, offset: 0 });
  await page.goto('/sites?page=5');
  const lastSites = Math.ceil(sites.total / 10);
  await expect(page).toHaveURL(lastSites > 1 ? new RegExp(`/sites\\?page=${lastSites}$`) : /\/sites$/);
  await expect(page.getByTestId('pagination-range')).toHaveText(
    `Showing ${(lastSites - 1) * 10 + 1}–${sites.total} of ${sites.total}`,
  );
  // Not a page number: the first page.
  await page.goto('/patients?page=abc');
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByTestId('pagination-range')).toHaveText(`Showing 1–10 of ${patients.total}`);
  // Studies: the last page instead of 'No studies found'.
  await page.goto('/studies?page=9');
  await expect(page.getByTestId('studies-grid')).toBeVisible();
  await expect(page.getByText('No studies found')).toHaveCount(0);
  await expect(page).not.toHaveURL(/page=9/);
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the site header names its city once; insights figures follow the app’s language, not the browser’s', async ({
    page,
  }) => {
    // The application in English on a German browser: numbers follow the application's language.
    await page.addInitScript("if (!localStorage.getItem('ctp.language')) localStorage.setItem('ctp.language', 'en')");
    await loginAs(page, 'monitor', '/dashboard');
    type Site = {
      address: string | null;
      city: string | null;
      country: string;
      insights: { code: string; params: Record<string, string | number> }[];
    };
    const site = await trpcQuery<Site>(page, 'sites.byId', { id: 1 });
    await page.goto('/sites/1');
    // '276 Longwood Avenue, Boston' in Boston: the city is not repeated.
    expect(site.address).toContain(site.city);
    await expect(page.getByTestId('site-address')).toHaveText(`${site.address}, ${site.country}`);
    const rate = site.insights
      .map((i) => i.params.rate)
      .find((r) => typeof r === 'number' && !Number.isInteger(r));
    expect(rate).toBeDefined();
    await expect(page.getByTestId('site-insights')).toContainText(`${(rate as number).toLocaleString('en-US')}%`);
    // In German, percentages with a decimal comma, as on the CTMS page.
    await page.evaluate(() => localStorage.setItem('ctp.language', 'de'));
    await page.reload();
    await expect(page.getByTestId('site-insights')).toContainText(`${(rate as number).toLocaleString('de-DE')}`);
  });
});

test('an unknown or malformed site id shows Site Not Found', async ({ page }) => {
  await loginAs(page, 'study-manager', '/sites/999999');
  await expect(page.getByRole('heading', { name: 'Site Not Found' })).toBeVisible();
  await expect(page.getByText('The requested site could not be found.')).toBeVisible();
  await page.goto('/sites/abc');
  await expect(page.getByRole('heading', { name: 'Site Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sites' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(page.getByTestId('site-card')).toHaveCount(10);
  await page.screenshot({ path: '/tmp/sites.png', fullPage: true });
});

test('an edit made from a stale version is refused with reload advice, then succeeds after reloading', async ({
  page,
  baseURL,
}) => {
  await loginAs(page, 'study-manager', '/sites/2');
  await expect(page.getByTestId('site-number')).toHaveText('SITE-0002');
  await page.getByRole('button', { name: 'Edit Site' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Phone')).not.toHaveValue('');

  // Someone else saves a change to the same site meanwhile.
  const site = await trpcQuery<{ version: number }>(page, 'sites.byId', { id: 2 });
  const other = await page.request.post('/trpc/sites.update', {
    headers: { 'content-type': 'application/json', origin: baseURL! },
    data: {
      id: 2,
      version: site.version,
      reason: 'Switchboard number changed',
      changes: { phone: '+1 713 555 0199' },
    },
  });
  expect(other.ok()).toBe(true);

  await dialog.getByLabel('Principal investigator').fill('Dr. Stale Version');
  await dialog.getByLabel('Reason for change').fill('PI handover');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const alert = dialog.locator('[data-error-code="CONFLICT"]');
  await expect(alert).toContainText('This record was changed by someone else; reload and try again');
  await expect(alert).toContainText('Reload to see the current data, then make your change again.');
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog.getByLabel('Phone')).toHaveValue('+1 713 555 0199');
  await expect(dialog.getByLabel('Reason for change')).toHaveValue('PI handover');
  await dialog.getByLabel('Principal investigator').fill('Dr. Fresh Version');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('recent-activity')).toContainText('PI handover');
  await expect(page.getByTestId('recent-activity')).toContainText('Switchboard number changed');
});

test('a coordinator is offered only their own site when adding a patient', async ({ page }) => {
  await loginAs(page, 'coordinator', '/patients');
  await page.getByRole('button', { name: 'Add Patient' }).click();
  const dialog = page.getByRole('dialog');
  const study = dialog.getByLabel('Study');
  const site = dialog.getByLabel('Site', { exact: true });
  // The studies come with the dialog's first query: wait for them before reading the options.
  await expect.poll(() => study.locator('option:not([value=""])').count()).toBeGreaterThan(0);
  const studyIds = await study.locator('option:not([value=""])').evaluateAll((options) =>
    options.map((o) => (o as HTMLOptionElement).value),
  );
  let offered = 0;
  for (const id of studyIds) {
    await study.selectOption(id);
    await expect(site.locator('option').first()).not.toHaveText('Loading...');
    const sites = await site.locator('option:not([value=""])').count();
    expect(sites).toBeLessThanOrEqual(1); // every study's other active sites are left out
    offered += sites;
  }
  expect(offered).toBeGreaterThan(0);
});
