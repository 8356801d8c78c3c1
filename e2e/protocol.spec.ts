// The dashboard's protocol upload end to end: a data manager drags a protocol (the DOCX written for the
// tests) onto the drop zone, which is highlighted while the file is over it; the button reads
// 'Analyzing...' and is disabled while the request runs; the spec's success toast appears; in the review
// the user unticks a form, picks a study and creates the draft forms and visits, then finds them on
// /forms. A text file named .pdf gets the spec's failure toast; a monitor sees who may analyse protocols.
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

test('drop a protocol, review the proposal, untick a form and create the drafts in a study', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'data-manager');
  const card = page.getByTestId('protocol-upload-card');
  await expect(card.getByTestId('protocol-file-input')).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt');

  // Hold the response a moment so the running state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/studies/analyze-protocol', async (route) => {
    await held;
    await route.continue();
  });
  await drop(page, [
    { name: 'alpha-table.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: fs.readFileSync(path.join(fixtures, 'alpha-table.docx')) },
    { name: 'second.txt', type: 'text/plain', content: Buffer.from('only the first file is used') },
  ]);
  const button = card.getByTestId('protocol-analyze-button');
  await expect(button).toHaveText('Analyzing...');
  await expect(button).toBeDisabled();
  await expect(card.getByTestId('protocol-file-name')).toHaveText('alpha-table.docx');
  release();

  await expect(page.getByText('Protocol analyzed successfully').first()).toBeVisible();
  await expect(page.getByText('Generated 11 forms with 92 data points.').first()).toBeVisible();
  await expect(button).toHaveText('Analyze Protocol');
  await expect(button).toBeEnabled();

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
  await expect(studySelect.locator('option').nth(1)).toBeAttached();
  const studyId = await studySelect.locator('option').nth(1).getAttribute('value');
  await studySelect.selectOption(studyId!);
  await review.getByRole('button', { name: 'Create draft forms and visits' }).click();
  await expect(review.getByTestId('protocol-created')).toContainText('Created 10 draft forms and');
  await review.getByRole('link', { name: "Open the study's forms" }).click();
  await expect(page).toHaveURL(new RegExp(`/forms\\?study=${studyId}$`));

  await page.goto(`/forms?study=${studyId}&q=EQ-5D`);
  await expect(page.getByTestId('form-card').filter({ hasText: 'EQ-5D' })).toContainText('Draft');
  await page.goto(`/forms?study=${studyId}&q=Physical Examination`);
  await expect(page.getByText('No forms found')).toBeVisible();
});

test('a file that is not what its name says gets the failure toast', async ({ page }) => {
  await loginAs(page, 'data-manager');
  await page.getByTestId('protocol-file-input').setInputFiles({ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text, not a PDF') });
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
