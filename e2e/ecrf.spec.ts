// The eCRF engine end to end against the real API and a fresh demo database: a data manager builds a
// form with a range check and skip logic, publishes it and makes it due at a visit; an investigator finds
// it at that visit of a subject of their site, enters it (the check message appears as they type), saves
// a draft, submits and changes it with a reason; a monitor finds the change in the study's Recent
// Activity and verifies the entry against source in the casebook; /forms filters to the empty state and back.
import { test, expect, type Browser } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

async function pageAs(browser: Browser, role: string, next: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, role, next);
  return page;
}

test('build a form with a range check and skip logic, publish it, make it due at a visit, enter it there, change it with a reason, verify it', async ({ browser }) => {
  test.setTimeout(120_000);
  const investigator = await pageAs(browser, 'investigator', '/dashboard');
  const subjects = await trpcQuery<{ items: { id: number; patientId: string; studyId: number; studyCode: string }[] }>(investigator, 'patients.list', {
    status: 'enrolled',
    limit: 1,
  });
  const subject = subjects.items[0]!;
  const formName = `E2E Vitals ${Date.now()}`;

  // The data manager creates a blank form in the subject's study and builds it.
  const dm = await pageAs(browser, 'data-manager', '/forms');
  await expect(dm.getByTestId('form-card').first()).toBeVisible();
  await dm.getByRole('button', { name: 'Create Form' }).click();
  const dialog = dm.getByRole('dialog');
  await dialog.getByLabel('Study').selectOption(String(subject.studyId));
  await dialog.getByLabel('Form name').fill(formName);
  await dialog.getByLabel('Category').selectOption('Visit');
  await dialog.getByRole('button', { name: 'Create Form' }).click();
  await expect(dm).toHaveURL(/\/forms\/\d+\/edit$/);

  await dm.getByRole('button', { name: 'Add field' }).click();
  await dm.getByRole('menuitem', { name: 'Integer' }).click();
  await dm.getByLabel('Code', { exact: true }).fill('SYSBP');
  await dm.getByLabel('Label', { exact: true }).fill('Systolic BP');
  await dm.getByLabel('Minimum', { exact: true }).fill('90');
  await dm.getByLabel('Maximum', { exact: true }).fill('180');
  await dm.getByLabel('Range severity').selectOption('hard');
  await expect(dm.getByTestId('builder-field-SYSBP')).toBeVisible();

  await dm.getByRole('button', { name: 'Add field' }).click();
  await dm.getByRole('menuitem', { name: 'Yes/No' }).click();
  await dm.getByLabel('Code', { exact: true }).fill('SMOKER');
  await dm.getByLabel('Label', { exact: true }).fill('Smoker');

  await dm.getByRole('button', { name: 'Add field' }).click();
  await dm.getByRole('menuitem', { name: 'Text', exact: true }).click();
  await dm.getByLabel('Code', { exact: true }).fill('CIGS');
  await dm.getByLabel('Label', { exact: true }).fill('Cigarettes per day');
  const skip = dm.getByRole('group', { name: 'Show this field only when' });
  await skip.getByRole('button', { name: 'Add condition' }).click();
  await dm.getByLabel('Condition 1 field').selectOption('SMOKER');
  await dm.getByLabel('Condition 1 value').selectOption('Y');

  await dm.getByTestId('builder-save').click();
  await expect(dm.getByText('Draft saved').first()).toBeVisible();
  await dm.getByTestId('builder-publish').click();
  await dm.getByTestId('builder-publish-dialog').getByRole('button', { name: 'Publish version 1' }).click();
  await expect(dm.getByText('Version 1 published').first()).toBeVisible();

  // The study's Forms tab lists it; the visit schedule makes it due at a visit (kept on reload).
  await dm.goto(`/studies/${subject.studyId}`);
  await dm.getByRole('tab', { name: 'Forms' }).click();
  await expect(dm.getByTestId('study-form').filter({ hasText: formName })).toBeVisible();
  const due = dm.getByRole('checkbox', { name: `${formName} due at Telemedicine` });
  await expect(due).not.toBeChecked();
  await due.check();
  await expect(due).toBeChecked();
  await dm.reload();
  await dm.getByRole('tab', { name: 'Forms' }).click();
  await expect(dm.getByRole('checkbox', { name: `${formName} due at Telemedicine` })).toBeChecked();

  // The investigator finds it due at the subject's Telemedicine visit, and enters it there.
  await investigator.goto(`/data-entry?study=${subject.studyId}&patient=${subject.id}`);
  const telemedicine = investigator.getByTestId(/^visit-/).filter({ hasText: 'Telemedicine' });
  await expect(telemedicine.getByRole('button', { name: new RegExp(formName) })).toContainText(/not entered/i);
  await telemedicine.getByRole('button', { name: new RegExp(formName) }).click();
  const entry = investigator.getByTestId('form-entry');
  await expect(entry.getByRole('heading', { name: formName })).toBeVisible();
  await entry.locator('#crf-SYSBP').fill('200');
  await expect(entry.getByText('Expected between 90 and 180')).toBeVisible();
  // Skip logic: the cigarettes question appears only for a smoker.
  await expect(entry.locator('#crf-CIGS')).toHaveCount(0);
  await entry.locator('#crf-SMOKER').getByLabel('Yes').check();
  await expect(entry.locator('#crf-CIGS')).toBeVisible();
  await entry.locator('#crf-CIGS').fill('10');
  await entry.locator('#crf-SYSBP').fill('120');
  await expect(entry.getByText('Expected between 90 and 180')).toHaveCount(0);
  await entry.getByRole('button', { name: 'Save Draft' }).click();
  await expect(investigator.getByText('Draft saved').first()).toBeVisible();
  await expect(entry.locator('[data-status="draft"]')).toBeVisible();

  await entry.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(investigator.getByText('Form submitted successfully').first()).toBeVisible();
  await expect(entry.locator('[data-status="submitted"]')).toBeVisible();

  // A change to submitted data asks for the reason first.
  await entry.locator('#crf-SYSBP').fill('125');
  await entry.getByRole('button', { name: 'Submit change' }).click();
  const reason = investigator.getByRole('dialog');
  await reason.getByLabel('Reason').fill('Transcription error corrected');
  await reason.getByRole('button', { name: 'Submit change' }).click();
  await expect(investigator.getByText('Form submitted successfully').first()).toBeVisible();

  // The change, its reason and the values are in the study's Recent Activity.
  const monitor = await pageAs(browser, 'monitor', `/studies/${subject.studyId}`);
  const activity = monitor.getByTestId('recent-activity');
  await expect(activity.getByTestId('activity-reason').filter({ hasText: 'Transcription error corrected' })).toBeVisible();
  await expect(activity.getByText('SYSBP: 120 → 125')).toBeVisible();

  // Source data verification: the monitor opens the subject's casebook and verifies the entry.
  await monitor.goto(`/casebook/${subject.id}`);
  const row = monitor.getByTestId('casebook-entry').filter({ hasText: formName });
  await expect(row).toHaveAttribute('data-status', 'submitted');
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(monitor.getByText('Source data verified').first()).toBeVisible();
  await expect(row.locator('[data-flag="verified"]')).toBeVisible();
});

test('/forms filters to the empty state, and Clear Filters resets search, study and status', async ({ page }) => {
  await loginAs(page, 'data-manager', '/forms');
  await expect(page.getByTestId('form-card').first()).toBeVisible();
  await expect(page.getByTestId('tile-total-forms-value')).not.toHaveText('0');
  await page.getByLabel('Filter by status').selectOption('archived');
  await page.getByRole('searchbox', { name: 'Search forms' }).fill('nothing matches this');
  await expect(page.getByText('No forms found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByTestId('form-card').first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search forms' })).toHaveValue('');
  await expect(page.getByLabel('Filter by status')).toHaveValue('');
  await expect(page.getByLabel('Filter by study')).toHaveValue('');
  // Preview shows the form as a site user sees it.
  await page.getByTestId('form-card').first().getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('form-preview')).toBeVisible();
});
