// /data-entry journeys (issue 27 items 1 and 2): a study picked with the page's own drop-down stays
// picked and data is entered; the adverse event report is ready on arrival (patient chosen in the form,
// the spec's defaults) and submits for real; a monitor opening a submitted entry from the casebook sees
// its values.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

type Patients = { items: { id: number; studyId: number; patientId: string }[] };

test('an investigator picks a study with the drop-down and enters data', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'investigator', '/dashboard');
  const subject = (await trpcQuery<Patients>(page, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;
  await page.goto('/data-entry');
  const study = page.getByLabel('Study', { exact: true });
  await study.selectOption(String(subject.studyId));
  await expect(study).toHaveValue(String(subject.studyId));
  await expect(page).toHaveURL(new RegExp(`study=${subject.studyId}`));
  const subjectSelect = page.getByLabel('Subject', { exact: true });
  await expect(subjectSelect).toBeEnabled();
  await subjectSelect.selectOption(String(subject.id));
  await expect(study).toHaveValue(String(subject.studyId));
  await expect(page.getByTestId('subject-visits')).toBeVisible();
  await page.getByTestId('subject-visits').getByRole('button', { name: /Adverse Event Report/ }).click();
  const entry = page.getByTestId('form-entry');
  await expect(entry.getByRole('heading', { name: 'Adverse Event Report' })).toBeVisible();
  await entry.locator('#crf-AETERM').fill('Headache after the morning dose');
  await entry.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Form submitted successfully').first()).toBeVisible();
  await expect(entry.locator('[data-status="submitted"]')).toBeVisible();
});

test('the adverse event report is ready on arrival and submits', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'investigator', '/dashboard');
  await page.goto('/data-entry');
  const report = page.getByTestId('ae-report');
  await expect(report.getByTestId('form-entry')).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Adverse Event Report' })).toBeVisible();
  await expect(report.getByLabel('Visit date')).toBeVisible();
  await expect(report.locator('#crf-AESEV').getByLabel('Mild')).toBeChecked();
  await expect(report.getByRole('button', { name: 'Save Draft' })).toBeVisible();
  // Submitting without a patient is refused in the form.
  await report.locator('#crf-AETERM').fill('Nausea after the evening dose');
  await report.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(report.getByText('Choose the patient')).toBeVisible();
  // The patient is chosen in the form; the description shows its coding inline.
  const patient = report.getByLabel('Patient', { exact: true });
  await expect(patient).toHaveAttribute('aria-invalid', 'true');
  await expect(report.getByLabel('Find a patient')).toBeVisible();
  const first = await patient.locator('option:not([value=""])').first().getAttribute('value');
  await patient.selectOption(first!);
  await expect(report.locator('#crf-AETERM')).toHaveValue('Nausea after the evening dose');
  await expect(report.getByTestId('coded-term')).toContainText('Nausea');
  await report.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Form submitted successfully').first()).toBeVisible();
});

test('a monitor opens a submitted entry from the casebook and sees its values', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'monitor', '/dashboard');
  const subject = (await trpcQuery<Patients>(page, 'patients.list', { status: 'completed', limit: 1 })).items[0]!;
  await page.goto(`/casebook/${subject.id}`);
  await expect(page.getByTestId('casebook')).toBeVisible();
  // An entry of a visit (Vital Signs at screening): its values, not a blank form.
  const row = page.getByTestId('casebook-entry').filter({ hasText: 'Vital Signs' }).first();
  await row.getByRole('link', { name: 'Open' }).click();
  const entry = page.getByTestId('form-entry');
  await expect(entry.getByRole('heading', { name: 'Vital Signs' })).toBeVisible();
  await expect(entry.locator('[data-status="submitted"], [data-status="locked"], [data-status="verified"]').first()).toBeVisible();
  const numbers = entry.locator('input[inputmode="decimal"], input[inputmode="numeric"]');
  await expect(numbers.first()).toBeVisible();
  const values = await numbers.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value).filter(Boolean));
  expect(values.length).toBeGreaterThan(0);
});
