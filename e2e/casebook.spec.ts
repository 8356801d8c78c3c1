// Electronic signature end to end: an investigator signs a subject's casebook with the password; an edit
// to the signed data afterwards shows the signature broken.
import { test, expect } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

test('an investigator signs a casebook, and an edit afterwards shows the signature broken', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'investigator', '/dashboard');
  const subject = (await trpcQuery<{ items: { id: number; studyId: number; patientId: string }[] }>(page, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;
  // An adverse event report of the subject (unscheduled, submitted), to edit after signing.
  const forms = await trpcQuery<{ items: { id: number; formName: string }[] }>(page, 'forms.list', { studyId: subject.studyId, search: 'Adverse Event Report', limit: 5 });
  const aeForm = forms.items.find((f) => f.formName === 'Adverse Event Report')!;
  const res = await page.request.post('/trpc/submissions.save', {
    data: { formId: aeForm.id, patientId: subject.id, mode: 'submit', formData: { AETERM: 'Mild headache after dosing', AESEV: 'MILD', AEREL: 'POSSIBLY RELATED', AEOUT: 'RECOVERED/RESOLVED' } },
  });
  expect(res.ok()).toBe(true);
  const saved = (await res.json()).result.data as { id: number; version: number };

  await page.goto(`/casebook/${subject.id}`);
  await expect(page.getByTestId('casebook')).toBeVisible();
  await page.getByRole('button', { name: 'Sign casebook' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radiogroup', { name: 'Meaning' }).getByRole('radio', { name: 'Approval' }).check();
  await dialog.getByLabel('Password').fill('not-my-password-1');
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByText('The password is not correct; the casebook was not signed')).toBeVisible();
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByTestId('signature-status')).toHaveAttribute('data-valid', 'true');

  // The AE report is changed after signing (with a reason): the signature shows broken.
  const edit = await page.request.post('/trpc/submissions.save', {
    data: { formId: aeForm.id, patientId: subject.id, mode: 'submit', submissionId: saved.id, version: saved.version, reason: 'Severity re-assessed', formData: { AETERM: 'Mild headache after dosing', AESEV: 'MODERATE', AEREL: 'POSSIBLY RELATED', AEOUT: 'RECOVERED/RESOLVED' } },
  });
  expect(edit.ok()).toBe(true);
  await page.goto(`/casebook/${subject.id}`);
  await expect(page.getByTestId('signature-status')).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('signature-status')).toContainText('Broken');
});
