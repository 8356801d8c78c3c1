// The dashboard's protocol upload end to end: a data manager creates a study, drops a file on the
// drop zone (highlighted while the file is over it), which only selects it, changes the choice, and
// starts the analysis with Analyze, which reads 'Analyzing...' and is disabled while the request runs;
// the spec's success toast appears; in the review the user unticks a form, picks the new study and
// creates the draft forms and visits, then finds them on /forms. A live study asks for a confirmation
// and a reason first. A text file named .pdf gets the spec's failure toast; a monitor sees who may analyse protocols.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/test/fixtures/protocols');

/** Drops files on the drop zone through a real DataTransfer (the first is the protocol). */
async function drop(page: Page, files: { name: string; type: string; content: Buffer }[]) {
  const zone = page.getByTestId('protocol-drop-zone');
  const transfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return dt;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.content.toString('base64') })),
  );
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(zone).toHaveAttribute('data-dragging', 'false');
}

const ALPHA = { name: 'alpha-table.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: fs.readFileSync(path.join(fixtures, 'alpha-table.docx')) };

/** Creates a study in planning through the New Study dialog; returns its code. */
async function newStudy(page: Page, title: string) {
  const code = `PROT-${Date.now()}`.slice(0, 30);
  await page.goto('/studies');
  await page.getByRole('button', { name: 'New Study' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Study code').fill(code);
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Phase').selectOption('Phase II');
  await dialog.getByLabel('Status', { exact: true }).selectOption('planning');
  await dialog.getByLabel('Target enrollment').fill('60');
  await dialog.getByLabel('Start date').fill('2027-01-04');
  await dialog.getByLabel('Planned end date').fill('2028-06-30');
  await dialog.getByRole('button', { name: 'Create Study' }).click();
  await expect(page).toHaveURL(/\/studies\/\d+$/);
  return code;
}

/** Selects the protocol on the dashboard card (drop) and starts the analysis; resolves once the review is open. */
async function analyse(page: Page) {
  const card = page.getByTestId('protocol-upload-card');
  await drop(page, [ALPHA]);
  await card.getByTestId('protocol-analyze-button').click();
  const review = page.getByTestId('protocol-review');
  await expect(review).toBeVisible();
  return review;
}

test('analyse a protocol into a new study: choosing a file only selects it, Analyze starts it, no live-study warning', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'data-manager');
  const code = await newStudy(page, 'E2E protocol-built study');
  await page.goto('/dashboard');
  const card = page.getByTestId('protocol-upload-card');
  await expect(card.getByTestId('protocol-file-input')).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt');
  const button = card.getByTestId('protocol-analyze-button');
  await expect(button).toHaveText('Analyze Protocol');
  await expect(button).toBeDisabled();

  // Choosing (here dropping) a file only selects it: its name and size show, nothing is sent.
  let requests = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/studies/analyze-protocol', async (route) => {
    requests++;
    await held;
    await route.continue();
  });
  await drop(page, [{ name: 'draft-notes.txt', type: 'text/plain', content: Buffer.from('not the protocol') }, ALPHA]);
  await expect(card.getByTestId('protocol-file-name')).toHaveText('draft-notes.txt');
  await expect(card.getByTestId('protocol-file-size')).toHaveText('(16 B)');
  await expect(button).toBeEnabled();
  // The choice can be changed: browse another file (only the first of several is used).
  await expect(card.getByRole('button', { name: 'Choose another file' })).toBeVisible();
  await card.getByTestId('protocol-file-input').setInputFiles([{ name: ALPHA.name, mimeType: ALPHA.type, buffer: ALPHA.content }]);
  await expect(card.getByTestId('protocol-file-name')).toHaveText('alpha-table.docx');
  await expect(card.getByTestId('protocol-file-size')).toHaveText(/KB\)$/);
  expect(requests).toBe(0);

  await button.click();
  await expect(button).toHaveText('Analyzing...');
  await expect(button).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Choose another file' })).toBeDisabled();
  release();
  await expect(page.getByText('Protocol analyzed successfully').first()).toBeVisible();
  await expect(page.getByText('Generated 11 forms with 92 data points.').first()).toBeVisible();
  expect(requests).toBe(1);

  const review = page.getByTestId('protocol-review');
  await expect(review).toBeVisible();
  await expect(review.getByTestId('proposed-visit')).toHaveCount(6);
  await expect(review.getByTestId('proposed-form')).toHaveCount(11);
  await expect(review.getByTestId('inclusion-criteria')).toContainText('Men and women aged 18 to 75 years at screening.');
  await expect(review.getByTestId('planned-enrollment')).toContainText('120');
  // Why a form is proposed: the row it was read from.
  const ecg = review.getByTestId('proposed-form').filter({ hasText: 'Electrocardiogram (ECG)' });
  await ecg.getByText(/Where it was read/).click();
  await expect(ecg.getByTestId('evidence')).toContainText(/Table 1, row \d+: “?12-lead ECG/);

  await review.getByRole('checkbox', { name: 'Physical Examination' }).uncheck();
  const studySelect = review.getByTestId('protocol-study');
  const option = studySelect.locator('option', { hasText: code });
  await expect(option).toBeAttached();
  const studyId = await option.getAttribute('value');
  await studySelect.selectOption(studyId!);
  // A new study in planning without subjects: no warning, no confirmation asked.
  const create = review.getByRole('button', { name: 'Create draft forms and visits' });
  await expect(create).toBeEnabled();
  await expect(review.getByTestId('live-study-warning')).toHaveCount(0);
  await create.click();
  await expect(review.getByTestId('protocol-created')).toContainText('Created 10 draft forms and 6 visits.');
  await review.getByRole('link', { name: "Open the study's forms" }).click();
  await expect(page).toHaveURL(new RegExp(`/forms\\?study=${studyId}$`));

  await page.goto(`/forms?study=${studyId}&q=EQ-5D`);
  await expect(page.getByTestId('form-card').filter({ hasText: 'EQ-5D' })).toContainText('Draft');
  await page.goto(`/forms?study=${studyId}&q=Physical Examination`);
  await expect(page.getByText('No forms found')).toBeVisible();
});

test('applying a proposal to a live study warns what it adds where and needs a confirmation and a reason', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'data-manager');
  const review = await analyse(page);
  // Only the vital signs form and two visits.
  for (const box of await review.getByTestId('proposed-form').getByRole('checkbox').all()) await box.uncheck();
  await review.getByRole('checkbox', { name: 'Vital Signs' }).check();
  const visitBoxes = review.getByTestId('proposed-visit').getByRole('checkbox');
  for (let i = 2; i < (await visitBoxes.count()); i++) await visitBoxes.nth(i).uncheck();

  // The demo's first study is running with subjects.
  const studySelect = review.getByTestId('protocol-study');
  await expect(studySelect.locator('option').nth(1)).toBeAttached();
  const label = (await studySelect.locator('option').nth(1).textContent())!;
  await studySelect.selectOption({ index: 1 });
  const warning = review.getByTestId('live-study-warning');
  await expect(warning).toContainText(`${label} is a live study`);
  await expect(warning).toContainText(/Its status is (Active|Enrolling|Completed|Suspended|On hold) and it has \d+ subjects?\. Creating will add 2 visits to its schedule and 1 form \(as drafts\)\./);
  const create = review.getByRole('button', { name: 'Add to the live study' });
  await expect(create).toBeDisabled();
  await warning.getByRole('checkbox', { name: 'I understand that this changes the schedule of a live study' }).check();
  await expect(create).toBeDisabled();
  await warning.getByLabel('Reason for changing a live study').fill('Protocol amendment 3: extra vital signs');
  await expect(create).toBeEnabled();
  // Another study clears the confirmation: it was given for the study named.
  await studySelect.selectOption({ index: 2 });
  await studySelect.selectOption({ index: 1 });
  await expect(warning.getByRole('checkbox')).not.toBeChecked();
  await expect(create).toBeDisabled();
  await warning.getByRole('checkbox').check();
  await warning.getByLabel('Reason for changing a live study').fill('Protocol amendment 3: extra vital signs');
  await create.click();
  await expect(review.getByTestId('protocol-created')).toContainText('Created 1 draft form and 2 visits.');
});

test('a file that is not what its name says gets the failure toast', async ({ page }) => {
  await loginAs(page, 'data-manager');
  await page.getByTestId('protocol-file-input').setInputFiles({ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text, not a PDF') });
  await page.getByTestId('protocol-analyze-button').click();
  await expect(page.getByText('Analysis failed').first()).toBeVisible();
  await expect(page.getByText('Please try again with a valid protocol document.').first()).toBeVisible();
  await expect(page.getByTestId('protocol-failure')).toHaveText("The file's content is not a PDF file");
});

test('a monitor sees the card and who may analyse protocols', async ({ page }) => {
  await loginAs(page, 'monitor');
  const card = page.getByTestId('protocol-upload-card');
  await expect(card.getByTestId('role-note')).toHaveText('Your role reads forms. Data managers, study managers and administrators analyse protocols and build forms.');
  await expect(card.getByTestId('protocol-analyze-button')).toBeDisabled();
});
