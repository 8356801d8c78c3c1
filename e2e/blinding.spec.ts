// Blinding (issue 27 item 3): in the demo's double-blind study a blinded role (the investigator) sees no
// arm anywhere on the subject's card, the patient list or the subject's casebook, and no Assign arm; the
// study manager sees the subject's planned and actual arm, and the study page says the study is double-blind.
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface PatientPage {
  items: { id: number; patientId: string; studyId: number; studyCode: string }[];
}
interface SubjectArm {
  armsHidden: boolean;
  plannedArm: { code: string } | null;
}

/**
 * An enrolled subject the investigator sees whose arms the server hides (the double-blind study), given
 * an arm already (the demo's subjects waiting to be randomized have none).
 */
async function blindedSubject(page: Page) {
  const enrolled = (await trpcQuery<PatientPage>(page, 'patients.list', { status: 'enrolled', limit: 100, offset: 0 })).items;
  for (const p of enrolled) {
    if (!(await trpcQuery<SubjectArm>(page, 'design.subjectArm', { patientId: p.id })).armsHidden) continue;
    if (!(await trpcQuery<{ canRandomize: boolean }>(page, 'randomization.subject', { patientId: p.id })).canRandomize) return p;
  }
  throw new Error('No subject of a blinded study among the first 100 enrolled');
}

const ARM_TEXT = /Placebo|PLACEBO|Study drug \(DRUG\)|Planned arm|Actual arm/;

test('a blinded role sees no arm on the subject card, the patient list or the casebook', async ({ page }) => {
  await loginAs(page, 'investigator', '/dashboard');
  const subject = await blindedSubject(page);

  await page.goto(`/patients?search=${encodeURIComponent(subject.patientId)}`);
  const card = page.locator(`[data-patient-id="${subject.patientId}"]`);
  await expect(card.getByTestId('arm-blinded')).toHaveText('Treatment arm: blinded study');
  await expect(card.getByTestId('planned-arm')).toHaveCount(0);
  await expect(card.getByTestId('actual-arm')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Assign arm' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(ARM_TEXT);

  // The list of the blinded study's subjects the investigator sees: no arm on any card (an open-label
  // study's subjects, on the unfiltered list, keep theirs).
  await page.goto(`/patients?studyId=${subject.studyId}`);
  await expect(page.locator('[data-patient-id]').first()).toBeVisible();
  await expect(page.getByTestId('arm-blinded').first()).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(ARM_TEXT);

  await page.goto(`/casebook/${subject.id}`);
  await expect(page.getByRole('main')).toContainText(subject.patientId);
  await expect(page.getByRole('main')).not.toContainText(ARM_TEXT);
});

test('the study manager sees the arm of the same subject, and the study page says double-blind', async ({ page }) => {
  await loginAs(page, 'investigator', '/dashboard');
  const subject = await blindedSubject(page);
  await page.context().clearCookies();

  await loginAs(page, 'study-manager', '/dashboard');
  await page.goto(`/patients?search=${encodeURIComponent(subject.patientId)}`);
  const card = page.locator(`[data-patient-id="${subject.patientId}"]`);
  await expect(card.getByTestId('planned-arm')).toHaveText(/\((DRUG|PLACEBO)\)$/);
  await expect(card.getByTestId('actual-arm')).toBeVisible();
  await expect(card.getByTestId('arm-blinded')).toHaveCount(0);

  await page.goto(`/studies/${subject.studyId}`);
  await expect(page.getByTestId('study-blinding')).toHaveText('Double-blind');
});
