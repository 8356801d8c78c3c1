// /data-entry as a real form (issue 27 item 9): a keyboard-only journey (study, subject and form chosen and
// the data entered and submitted with keys alone; Enter in a one-line field submits; the chosen form takes
// focus on its heading), a soft-range failure's toast that says what was kept and raised, and on a phone
// the chosen form brought into view.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

type Patients = { items: { id: number; studyId: number; patientId: string }[] };
type SubjectVisits = { visits: { id: number; code: string; status: string; forms: { formName: string; submissionStatus: string | null }[] }[] };

/** A subject of the investigator's sites with Vital Signs due at a visit that is under way or past and not entered. */
async function subjectWithOpenVitals(page: Page, skip: number[] = []) {
  const { items } = await trpcQuery<Patients>(page, 'patients.list', { status: 'enrolled', limit: 50 });
  for (const p of items) {
    if (skip.includes(p.id)) continue;
    const { visits } = await trpcQuery<SubjectVisits>(page, 'submissions.subjectVisits', { patientId: p.id });
    const visit = visits.find((v) => v.status !== 'scheduled' && v.forms.some((f) => f.formName === 'Vital Signs' && !f.submissionStatus));
    if (visit) return { ...p, visit };
  }
  throw new Error('no subject with Vital Signs to enter');
}

/** Presses Tab (only the keyboard) until the control has focus. */
async function tabTo(page: Page, target: Locator, max = 150) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control was not reached with Tab');
}

/** Chooses in a focused native select by typing the start of the option's text (the browser's type-ahead). */
async function typeTo(page: Page, select: Locator, value: string) {
  const text = (await select.locator(`option[value="${value}"]`).textContent())!;
  await page.keyboard.type(text.slice(0, 12));
  await expect(select).toHaveValue(value);
}

test('keyboard only: choose study, subject and form, enter vital signs and submit with Enter', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'investigator', '/dashboard');
  const subject = await subjectWithOpenVitals(page);
  await page.goto('/data-entry');

  const study = page.getByLabel('Study', { exact: true });
  await tabTo(page, study);
  await expect(study.locator(`option[value="${subject.studyId}"]`)).toBeAttached();
  await typeTo(page, study, String(subject.studyId));
  const search = page.getByLabel('Find a subject');
  await tabTo(page, search);
  await page.keyboard.type(subject.patientId);
  const subjectSelect = page.getByLabel('Subject', { exact: true });
  await tabTo(page, subjectSelect);
  await expect(subjectSelect.locator(`option[value="${subject.id}"]`)).toBeAttached();
  await typeTo(page, subjectSelect, String(subject.id));

  const form = page.getByTestId(`visit-${subject.visit.code}`).getByRole('button', { name: /Vital Signs\s*not entered/ });
  await tabTo(page, form);
  await page.keyboard.press('Enter');
  const entry = page.getByTestId('form-entry');
  const heading = entry.getByRole('heading', { name: 'Vital Signs' });
  await expect(heading).toBeFocused();
  // A real form, named by its heading.
  await expect(page.getByRole('form', { name: 'Vital Signs' })).toBeVisible();

  // Vital signs performed: Yes (a radio group takes Space), then a systolic pressure above its soft range.
  const performed = entry.locator('#crf-VSPERF').getByLabel('Yes');
  await tabTo(page, performed);
  await page.keyboard.press('Space');
  await expect(performed).toBeChecked();
  const systolic = entry.locator('#crf-VSSYSBP');
  await tabTo(page, systolic);
  await page.keyboard.type('250');
  // The soft-range message is tied to the field.
  const describedBy = (await systolic.getAttribute('aria-describedby'))!.split(' ');
  const message = entry.getByText('Systolic Blood Pressure is usually between 70 and 220 mmHg');
  await expect(message).toBeVisible();
  const messageOwner = await message.evaluate((el, ids) => ids.some((id) => document.getElementById(id)?.contains(el)), describedBy);
  expect(messageOwner).toBe(true);
  await page.keyboard.press('Enter');

  // Saved with its warnings (the range, and the date of measurement left empty) and the queries they
  // raised: not 'validated'.
  await expect(page.getByText('Form submitted with warnings').first()).toBeVisible();
  await expect(page.getByText('Saved with 2 warnings; 2 queries raised.').first()).toBeVisible();
  await expect(page.getByText('Data has been validated and saved.')).toHaveCount(0);
  await expect(entry.locator('[data-status="submitted"]')).toBeVisible();
});

test('a submit with one soft-range warning says so in the singular; a required field left empty is marked invalid', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'investigator', '/dashboard');
  const subject = await subjectWithOpenVitals(page);
  await page.goto(`/data-entry?study=${subject.studyId}&patient=${subject.id}`);
  await page.getByTestId(`visit-${subject.visit.code}`).getByRole('button', { name: /Vital Signs\s*not entered/ }).click();
  const entry = page.getByTestId('form-entry');
  await entry.getByRole('button', { name: 'Submit', exact: true }).click();
  // VSPERF is required: the group is invalid and points at its message.
  const performed = entry.locator('#crf-VSPERF');
  await expect(performed).toHaveAttribute('aria-invalid', 'true');
  const ids = (await performed.getAttribute('aria-describedby'))!.split(' ');
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts.join(' ')).toMatch(/required/i);

  await performed.getByLabel('Yes').check();
  await entry.locator('#crf-VSDAT').fill('2026-03-02');
  await entry.locator('#crf-VSSYSBP').fill('250');
  await entry.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Saved with 1 warning; 1 query raised.').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the chosen form is brought into view with focus on its heading', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, 'investigator', '/dashboard');
    const subject = await subjectWithOpenVitals(page);
    await page.goto(`/data-entry?study=${subject.studyId}&patient=${subject.id}`);
    const button = page.getByTestId(`visit-${subject.visit.code}`).getByRole('button', { name: /Vital Signs\s*not entered/ });
    await button.tap();
    const heading = page.getByTestId('form-entry').getByRole('heading', { name: 'Vital Signs' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });
});
