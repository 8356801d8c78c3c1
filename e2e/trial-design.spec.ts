// Trial design end to end: a study manager adds an element and an arm on the trial's Design tab, puts
// the element in the arm's sequence, and assigns a subject's arm on the Patients screen; a sponsor sees
// the design read-only, the buttons disabled with the reason.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface PatientPage {
  items: { id: number; patientId: string; studyId: number; studyCode: string }[];
}

test('a study manager adds an element and an arm, sequences them, and assigns a subject the new arm', async ({ page }) => {
  await loginAs(page, 'study-manager', '/dashboard');
  // An enrolled demo subject randomised to an arm (a subject another spec enrolled has none yet).
  const enrolled = (await trpcQuery<PatientPage>(page, 'patients.list', { status: 'enrolled', limit: 25, offset: 0 })).items;
  let subject: PatientPage['items'][number] | undefined;
  for (const p of enrolled) {
    if ((await trpcQuery<{ plannedArm: unknown }>(page, 'design.subjectArm', { patientId: p.id })).plannedArm) {
      subject = p;
      break;
    }
  }
  if (!subject) throw new Error('No enrolled subject with an arm among the first 25');
  await page.goto(`/trials/${subject.studyCode}`);
  await page.getByRole('tab', { name: 'Design' }).click();
  const tab = page.getByTestId('design-tab');
  await expect(tab.getByTestId('arm-row')).toHaveCount(2);
  await expect(tab.locator('[data-arm-code="PLACEBO"]')).toContainText('FOLLOW-UP');

  // An element: the duration must be ISO 8601, and an end rule or a duration is needed.
  await tab.getByRole('button', { name: 'Add element' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Element code').fill('low');
  await dialog.getByLabel('Element name').fill('Low dose');
  await dialog.getByLabel('Start rule').fill('First low dose at Day 0');
  await dialog.getByLabel('Planned duration').fill('28 days');
  await dialog.getByLabel('Reason for change').fill('Protocol amendment 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/ISO 8601/)).toBeVisible();
  await dialog.getByLabel('Planned duration').fill('P28D');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = tab.getByTestId('element-row').filter({ has: page.getByRole('cell', { name: 'LOW', exact: true }) });
  await expect(row).toContainText('P28D');

  // An arm with a code already used is refused on the code field.
  await tab.getByRole('button', { name: 'Add arm' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Arm code').fill('PLACEBO');
  await dialog.getByLabel('Arm name').fill('Low dose');
  await dialog.getByLabel('Reason for change').fill('Protocol amendment 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Arm code PLACEBO is already used in this study')).toBeVisible();
  await dialog.getByLabel('Arm code').fill('LOW_DOSE');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const arm = tab.locator('[data-arm-code="LOW_DOSE"]');
  await expect(arm).toContainText('Low dose');
  await expect(arm).toContainText('No elements in sequence yet.');

  // Its sequence: screening, then the new element in the treatment epoch.
  await arm.getByRole('button', { name: 'Edit sequence' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await dialog.getByLabel('Element').selectOption({ label: 'SCRN — Screening' });
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await dialog.getByTestId('sequence-step').nth(1).getByLabel('Element').selectOption({ label: 'LOW — Low dose' });
  await dialog.getByTestId('sequence-step').nth(1).getByLabel('Epoch').fill('TREATMENT');
  await dialog.getByLabel('Reason for change').fill('Sequence of the new arm');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(arm.getByTestId('arm-epochs')).toContainText('SCREENING');
  await expect(arm.getByTestId('arm-epochs')).toContainText('TREATMENT');
  await expect(arm.getByTestId('arm-epochs')).toContainText('2. LOW Low dose');
  // The element is now in use: its delete button says why it is disabled.
  await expect(tab.getByRole('button', { name: 'Delete element LOW' })).toBeDisabled();

  // The subject's arm, on its card.
  await page.goto(`/patients?search=${encodeURIComponent(subject.patientId)}`);
  const card = page.locator(`[data-patient-id="${subject.patientId}"]`);
  await expect(card.getByTestId('planned-arm')).toHaveText(/\((DRUG|PLACEBO)\)$/);
  await card.getByRole('button', { name: 'Assign arm' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Planned arm').selectOption({ label: 'Low dose (LOW_DOSE)' });
  await dialog.getByLabel('Actual arm').selectOption({ label: 'Low dose (LOW_DOSE)' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give a reason for the change')).toBeVisible();
  await dialog.getByLabel('Reason for change').fill('Re-randomised under amendment 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('planned-arm')).toHaveText('Low dose (LOW_DOSE)');
  await expect(card.getByTestId('actual-arm')).toHaveText('Low dose (LOW_DOSE)');
});

test('a sponsor sees the design read-only, with the reason the buttons are disabled', async ({ page }) => {
  await loginAs(page, 'sponsor', '/dashboard');
  const trial = (await trpcQuery<{ items: { trialId: string }[] }>(page, 'trials.list', { limit: 1, offset: 0 })).items[0]!;
  await page.goto(`/trials/${trial.trialId}`);
  await page.getByRole('tab', { name: 'Design' }).click();
  const tab = page.getByTestId('design-tab');
  await expect(tab.getByText('Only administrators and study managers can change the trial design.')).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Add arm' })).toBeDisabled();
  await expect(tab.getByRole('button', { name: 'Add element' })).toBeDisabled();
  await expect(tab.getByTestId('arm-row')).toHaveCount(2);
});
