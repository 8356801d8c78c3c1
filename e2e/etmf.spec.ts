// eTMF end to end: a study manager uploads a protocol (a small PDF) naming the data manager as approver;
// the details show the PDF inline; the data manager finds it waiting for them in Pending Review, is
// refused with a wrong password and approves it with their electronic signature; the document reads
// Approved with a valid signature and the completeness report no longer lists the study's protocol as a gap.
import { test, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

/** A minimal valid one-page PDF with a line of text (offsets of the cross-reference table computed). */
function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The Reports tab of one study: its protocol gap rows (trial-level gaps come first) and its present count. */
async function protocolGaps(page: Page, studyId: number, studyCode: string) {
  await page.goto(`/etmf?tab=reports&study=${studyId}`);
  const studyRow = page.locator(`[data-testid="etmf-completeness-study"][data-study="${studyCode}"]`);
  await expect(studyRow).toBeVisible();
  const present = Number((await studyRow.locator('[data-col="present"]').innerText()).replace(/\D/g, ''));
  const gaps = page.locator(`[data-testid="etmf-gap"][data-study="${studyCode}"][data-artifact="02.01.02"]`);
  return { present, gaps };
}

test('a protocol uploaded for review is approved with an electronic signature and counts towards completeness', async ({ browser }) => {
  test.setTimeout(120_000);
  const smContext = await browser.newContext();
  const sm = await smContext.newPage();
  await loginAs(sm, 'study-manager', '/etmf');
  await expect(sm.getByRole('heading', { name: 'eTMF Management' })).toBeVisible();
  // The storage tile is a measured figure with its unit, not a fixed one.
  await expect(sm.getByTestId('etmf-card-storage-value')).toHaveText(/^\d[\d.,]* (B|KB|MB|GB|TB)$/);

  const study = (await trpcQuery<{ items: { id: number; studyId: string }[] }>(sm, 'studies.list', { limit: 1 })).items[0]!;
  const approvers = await trpcQuery<{ id: number; fullName: string; role: string }[]>(sm, 'etmf.approvers', { studyId: study.id });
  const approver = approvers.find((a) => a.role === 'data-manager')!;
  expect(approver, 'the data manager takes part in every demo study').toBeTruthy();

  const before = await protocolGaps(sm, study.id, study.studyId);
  const gapBefore = await before.gaps.count();
  if (gapBefore > 0) await expect(before.gaps.first()).toHaveAttribute('data-state', /missing|pending|expired/);

  // Upload Document, naming the data manager as approver.
  const name = `E2E Protocol ${Date.now()}`;
  await sm.goto('/etmf');
  await sm.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = sm.getByRole('dialog', { name: 'Upload Document' });
  // Nothing chosen: the form says what is missing, in the browser.
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Choose a file to upload' })).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Choose a study' })).toBeVisible();
  await dialog.getByLabel('File').setInputFiles({ name: 'protocol-e2e.pdf', mimeType: 'application/pdf', buffer: minimalPdf(name) });
  await dialog.getByLabel('Study').selectOption(String(study.id));
  await dialog.getByLabel('Artifact').selectOption({ label: '02.01.02 Protocol' });
  await expect(dialog.getByText('This artifact is approved with a signature before it counts', { exact: false })).toBeVisible();
  await dialog.getByLabel('Document name').fill(name);
  await dialog.getByLabel('Version').fill('1.0');
  await dialog.getByLabel('Approver (optional)').selectOption(String(approver.id));
  await dialog.getByLabel('Comment (optional)').fill('First approved protocol for the end-to-end test');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(sm.getByText('Document uploaded').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await sm.getByRole('searchbox', { name: 'Search documents' }).fill(name);
  await expect(sm).toHaveURL(/[?&]q=E2E/);
  const row = sm.locator('[data-testid="etmf-row"]', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'draft');
  await expect(row).toHaveAttribute('data-review', 'in-review');
  const code = (await row.getAttribute('data-code'))!;

  // View Details: the PDF shows inline, the history has the upload and the submission.
  await row.getByRole('button', { name: code, exact: true }).click();
  const details = sm.getByTestId('etmf-details');
  await expect(details).toBeVisible();
  await expect(sm).toHaveURL(/[?&]doc=\d+/);
  await expect(details.locator('iframe[title="Document preview"]')).toHaveAttribute('src', /\?inline=1$/);
  await expect(details.locator('[data-testid="etmf-history-step"][data-action="submitted"]')).toHaveCount(1);
  await expect(details.getByTestId('etmf-signature')).toHaveCount(0);
  await details.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(details).toBeHidden();

  // By Category: the protocol artifact counts it; choosing the artifact lists its documents.
  await sm.getByRole('tab', { name: 'By Category' }).click();
  await sm.locator('[data-testid="etmf-zone"][data-zone="02"]').getByRole('button', { name: '02 Central Trial Documents', exact: true }).click();
  await sm.locator('[data-testid="etmf-section"][data-section="02.01"]').getByRole('button', { name: '02.01 Product and Trial Documentation', exact: true }).click();
  const artifact = sm.locator('[data-testid="etmf-artifact"][data-artifact="02.01.02"]');
  await expect(artifact).toContainText('Protocol');
  await artifact.click();
  await expect(sm).toHaveURL(/tmf=02\.01\.02/);
  await expect(sm).not.toHaveURL(/tab=/);
  await expect(sm.getByTestId('etmf-tmf-filter')).toContainText('02.01.02 Protocol');
  await expect(sm.locator(`[data-testid="etmf-row"][data-code="${code}"]`)).toBeVisible();

  // The study manager sees whom it waits for.
  await sm.getByRole('tab', { name: 'Pending Review' }).click();
  await expect(sm).toHaveURL(/tab=review/);
  const smCard = sm.locator(`[data-testid="etmf-review-card"][data-code="${code}"]`);
  await expect(smCard.getByTestId('etmf-waiting')).toHaveText(`Waiting for ${approver.fullName}`);
  await expect(smCard.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The data manager approves it from Pending Review.
  const dmContext = await browser.newContext();
  const dm = await dmContext.newPage();
  await loginAs(dm, 'data-manager', '/etmf?tab=review');
  await expect(dm.getByTestId('etmf-card-mine')).toBeVisible();
  const card = dm.locator(`[data-testid="etmf-review-card"][data-code="${code}"]`);
  await expect(card.getByTestId('etmf-waiting')).toHaveText('Waiting for you');
  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = dm.getByRole('dialog', { name: 'Approve Document' });
  await expect(approve.getByText('Sign with your password')).toBeVisible();
  await expect(approve.getByText('21 CFR Part 11', { exact: false })).toBeVisible();
  await approve.getByLabel('Password').fill('not-the-password');
  await approve.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(approve.getByText('The password is not correct; the document was not approved')).toBeVisible();
  await approve.getByLabel('Password').fill(DEMO_PASSWORD);
  await approve.getByRole('button', { name: 'Sign and approve' }).click();
  await expect(dm.getByText('Document approved').first()).toBeVisible();
  await expect(approve).toBeHidden();
  await expect(card).toHaveCount(0);

  // Approved, with a valid signature of the data manager.
  await dm.goto(`/etmf?q=${encodeURIComponent(name)}`);
  const approvedRow = dm.locator(`[data-testid="etmf-row"][data-code="${code}"]`);
  await expect(approvedRow).toHaveAttribute('data-status', 'approved');
  await expect(approvedRow).toHaveAttribute('data-review', 'complete');
  await expect(approvedRow.getByText('Approved', { exact: true })).toBeVisible();
  await approvedRow.getByRole('button', { name: code, exact: true }).click();
  const signature = dm.getByTestId('etmf-details').getByTestId('etmf-signature');
  await expect(signature).toHaveCount(1);
  await expect(signature).toHaveAttribute('data-valid', 'true');
  await expect(signature).toContainText(approver.fullName);

  // The completeness report counts the study's protocol as present.
  const after = await protocolGaps(dm, study.id, study.studyId);
  await expect(after.gaps).toHaveCount(0);
  if (gapBefore > 0) expect(after.present).toBe(before.present + 1);
  else expect(after.present).toBeGreaterThanOrEqual(before.present);

  await smContext.close();
  await dmContext.close();
});
