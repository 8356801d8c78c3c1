// eRTMS end to end: a study manager prepares a Protocol Amendment submission with an approved amendment
// document from the eTMF, submits it (Submit shows on drafts only), records the agency's acknowledgement
// and its approval, and Reports shows the success rate the server computes; a draft missing its required
// approved document is refused with the missing artifact named.
import { test, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Approver {
  id: number;
  fullName: string;
  role: string;
}

/** A study the study manager sees where the data manager may be named approver, and the data manager's id. */
async function studyWithDataManager(page: Page): Promise<{ studyId: number; dataManagerId: number }> {
  const studies = await trpcQuery<{ items: { id: number }[] }>(page, 'studies.list', { limit: 100 });
  for (const s of studies.items) {
    const approvers = await trpcQuery<Approver[]>(page, 'etmf.approvers', { studyId: s.id });
    const dm = approvers.find((a) => a.role === 'data-manager');
    if (dm) return { studyId: s.id, dataManagerId: dm.id };
  }
  throw new Error('No study with a data manager');
}

/** The success rate as the page writes it (en-US, at most one decimal from the server). */
const percent = (rate: number | null) => (rate === null ? '—' : `${rate.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`);

test('a study manager links an approved amendment, submits it, records acknowledgement and approval; Reports computes the success rate', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await loginAs(page, 'study-manager', '/ertms');
  const { studyId, dataManagerId } = await studyWithDataManager(page);

  // An approved Protocol Amendment (02.01.04) in the eTMF: uploaded for review by the data manager ...
  const docTitle = `E2E amendment ${stamp}`;
  const uploaded = await page.request.post('/api/etmf-documents', {
    multipart: {
      file: { name: 'amendment.pdf', mimeType: 'application/pdf', buffer: PDF },
      studyId: String(studyId),
      artifactNumber: '02.01.04',
      title: docTitle,
      versionLabel: '1.0',
      approverId: String(dataManagerId),
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const doc = (await uploaded.json()) as { id: number; code: string; version: number };
  // ... and approved by the data manager with their signature.
  const dmContext = await browser.newContext();
  const dm = await dmContext.newPage();
  await loginAs(dm, 'data-manager', '/dashboard');
  const approved = await dm.request.post('/trpc/etmf.approve', { data: { id: doc.id, version: doc.version, password: DEMO_PASSWORD } });
  expect(approved.ok(), await approved.text()).toBe(true);
  await dmContext.close();

  // New Submission: Protocol Amendment to the FDA with the approved amendment linked.
  const title = `E2E protocol amendment ${stamp}`;
  await expect(page.getByRole('heading', { level: 1, name: 'eRTMS' })).toBeVisible();
  for (const name of ['All Submissions', 'Timeline', 'By Agency', 'Reports']) await expect(page.getByRole('tab', { name })).toBeVisible();
  await page.getByRole('button', { name: 'New Submission' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Submission' });
  await dialog.getByLabel('Study', { exact: true }).selectOption(String(studyId));
  await dialog.getByLabel('Submission type').selectOption('protocol_amendment');
  await dialog.getByLabel('Agency', { exact: true }).selectOption('FDA');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Priority').selectOption('expedited');
  const requirement = dialog.locator('[data-testid="requirement"][data-artifact="02.01.04"]');
  await expect(requirement).toHaveAttribute('data-state', 'missing');
  await dialog.getByLabel("Search the study's documents").fill(doc.code);
  await dialog.getByRole('button', { name: `Link ${docTitle}` }).click();
  await expect(dialog.getByTestId('picked-document')).toHaveCount(1);
  await expect(requirement).toHaveAttribute('data-state', 'approved');
  await dialog.getByRole('button', { name: 'Create submission' }).click();
  await expect(page.getByText('Submission created').first()).toBeVisible();

  // The new submission's details open (?submission=<id>) with the document linked and the checklist met.
  await expect(page).toHaveURL(/[?&]submission=\d+/);
  const details = page.getByTestId('submission-details');
  await expect(details).toHaveAttribute('data-status', 'draft');
  await expect(details.locator('[data-testid="linked-document"]')).toHaveCount(1);
  await expect(details.locator('[data-testid="requirement"][data-artifact="02.01.04"]')).toHaveAttribute('data-state', 'approved');
  const number = await details.getAttribute('data-number');
  expect(number).toMatch(/^FDA-/);
  // exact: the details dialog lists the study's documents with "Link <title>" buttons above its own Close
  // buttons, and a title such as "Close-out archive, site 101" would otherwise match 'Close' first.
  await details.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(details).toBeHidden();

  // Submit appears on drafts only.
  await expect(page.locator('[data-testid="submission-card"]:not([data-status="draft"]) [data-testid="action-submit"]')).toHaveCount(0);
  await page.getByLabel('Search submissions').fill(title);
  const card = page.locator(`[data-testid="submission-card"][data-number="${number}"]`);
  await expect(card).toHaveAttribute('data-status', 'draft');
  await expect(page.getByTestId('submission-card')).toHaveCount(1);
  await expect(card.getByTestId('documents-count')).toHaveText('1');

  await card.getByRole('button', { name: 'Submit' }).click();
  const submit = page.getByRole('dialog', { name: 'Submit to FDA' });
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Submission submitted').first()).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'submitted');
  await expect(card.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Record acknowledgement' }).click();
  const ack = page.getByRole('dialog', { name: 'Record acknowledgement' });
  await ack.getByLabel('Agency reference').fill(`IND-${stamp}`);
  await ack.getByRole('button', { name: 'Record acknowledgement' }).click();
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card).toContainText(`IND-${stamp}`);
  await expect(card.getByTestId('days-under-review')).toBeVisible();

  await card.getByRole('button', { name: 'Record decision' }).click();
  const decide = page.getByRole('dialog', { name: 'Record decision' });
  await decide.getByLabel('Approved').check();
  await decide.getByLabel('Note').fill('Approved without conditions');
  await decide.getByRole('button', { name: 'Record decision' }).click();
  await expect(card).toHaveAttribute('data-status', 'approved');
  await expect(card.locator('[data-status="approved"]').first()).toHaveText('Approved');
  await expect(card.getByTestId('action-decide')).toHaveCount(0);

  // The history shows every step.
  await card.getByRole('button', { name: `View ${number}` }).click();
  await expect(details.locator('[data-testid="step"]')).toHaveCount(4);
  await expect(details.locator('[data-testid="step"][data-to="approved"]')).toContainText('Approved without conditions');
  await page.keyboard.press('Escape');

  // Reports: the success rate the server computes from the decisions, with its formula.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('tab', { name: 'Reports' }).click();
  const reports = await trpcQuery<{ successRate: number | null; decided: number; approved: number }>(page, 'ertms.reports', {});
  expect(reports.approved).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('report-success-rate-value')).toHaveText(percent(reports.successRate));
  await expect(page.getByTestId('report-success-formula')).toHaveText('Success rate = approved / (approved + rejected), over decided submissions');
  await expect(page.getByTestId('ertms-success-value')).toHaveText(percent(reports.successRate));

  // By Agency: one card per agency; the FDA counts our approval.
  await page.getByRole('tab', { name: 'By Agency' }).click();
  await expect(page.getByTestId('agency-card')).toHaveCount(5);
  const agencies = await trpcQuery<{ agency: string; byStatus: { approved: number } }[]>(page, 'ertms.byAgency', {});
  const fda = agencies.find((a) => a.agency === 'FDA')!;
  expect(fda.byStatus.approved).toBeGreaterThanOrEqual(1);
  await expect(page.locator('[data-testid="agency-card"][data-agency="FDA"] [data-testid="agency-approved"]')).toContainText(String(fda.byStatus.approved));

  // Timeline: the submission's row with its steps.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const row = page.locator(`[data-testid="timeline-row"][data-number="${number}"]`);
  await expect(row.locator('[data-testid="timeline-step"]')).toHaveCount(4);
  await expect(page.getByTestId('timeline-legend')).toBeVisible();
});

test('Submit on a draft missing its required approved document is refused, naming the artifact', async ({ page }) => {
  const stamp = Date.now();
  await loginAs(page, 'study-manager', '/ertms');
  const { studyId } = await studyWithDataManager(page);
  const title = `E2E unapproved amendment ${stamp}`;
  const created = await page.request.post('/trpc/ertms.create', {
    data: { studyId, typeCode: 'protocol_amendment', agency: 'EMA', title, priority: 'urgent', documentIds: [] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id, submissionNumber } = (await created.json()).result.data as { id: number; submissionNumber: string };

  // The details dialog opens from its address and shows the unmet requirement.
  await page.goto(`/ertms?submission=${id}`);
  const details = page.getByTestId('submission-details');
  await expect(details).toHaveAttribute('data-number', submissionNumber);
  await expect(details.locator('[data-testid="requirement"][data-artifact="02.01.04"]')).toHaveAttribute('data-state', 'missing');
  await details.getByRole('button', { name: 'Submit' }).click();

  const submit = page.getByRole('dialog', { name: 'Submit to EMA' });
  await submit.getByRole('button', { name: 'Submit' }).click();
  await expect(submit.getByRole('alert')).toContainText('Not allowed');
  await expect(submit.getByRole('alert')).toContainText('Link an approved document for: Protocol Amendment (02.01.04)');
  // The refusal is said once, in the dialog, not again in a toast.
  await expect(page.getByText('Link an approved document for: Protocol Amendment (02.01.04)')).toHaveCount(1);
  await expect(page.getByText('Step refused')).toHaveCount(0);
  await submit.getByRole('button', { name: 'Cancel' }).click();

  // Still a draft, still offering Submit.
  await expect(details).toHaveAttribute('data-status', 'draft');
  await page.keyboard.press('Escape');
  await page.getByLabel('Search submissions').fill(title);
  const card = page.locator(`[data-testid="submission-card"][data-number="${submissionNumber}"]`);
  await expect(card).toHaveAttribute('data-status', 'draft');
  await expect(card.getByTestId('action-submit')).toBeVisible();
});

test('a monitor reads submissions and is told who may act', async ({ page }) => {
  await loginAs(page, 'monitor', '/ertms');
  await expect(page.getByRole('button', { name: 'New Submission' })).toBeDisabled();
  await expect(page.getByTestId('role-note')).toContainText('Administrators and study managers');
  await expect(page.getByTestId('action-submit')).toHaveCount(0);
});
