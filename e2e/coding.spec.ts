// Medical coding in Chromium: an investigator types an adverse event description on /data-entry and sees
// its coded term and code from the dictionary (the demo dictionary says it is not MedDRA); after submit,
// the data manager (the role that codes) approves the proposal in the coding queue, is told so by a toast,
// and the row shows coded.
import { test, expect, type Browser } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

async function pageAs(browser: Browser, role: string, next: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, role, next);
  return page;
}

test('code an AE: the description is coded as it is typed, and the coder approves it in the queue with a confirmation', async ({ browser }) => {
  test.setTimeout(90_000);
  const investigator = await pageAs(browser, 'investigator', '/dashboard');
  const subjects = await trpcQuery<{ items: { id: number; studyId: number }[] }>(investigator, 'patients.list', { status: 'enrolled', limit: 1 });
  const subject = subjects.items[0]!;
  await investigator.goto(`/data-entry?study=${subject.studyId}&patient=${subject.id}`);
  await investigator.getByRole('button', { name: /Adverse Event Report/ }).first().click();
  const entry = investigator.getByTestId('form-entry');
  const verbatim = `Throwing up after lunch ${Date.now()}`;
  await entry.locator('#crf-AETERM').fill('Vomiting');
  // Ten characters or fewer ask for nothing (spec: longer than 10), even after the typing pause.
  await investigator.waitForTimeout(1000);
  await expect(entry.getByTestId('coding-suggestion')).toHaveCount(0);
  await entry.locator('#crf-AETERM').fill(verbatim);
  const suggestion = entry.getByTestId('coding-suggestion');
  await expect(suggestion.getByTestId('coded-term')).toHaveText('Vomiting');
  await expect(suggestion.getByTestId('coded-code')).toHaveText('10047700');
  await expect(suggestion.getByTestId('coding-system')).toContainText('not MedDRA');
  await expect(suggestion).toContainText('lay term: "throwing up" → vomiting');
  await entry.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(investigator.getByText('Form submitted successfully').first()).toBeVisible();

  const dm = await pageAs(browser, 'data-manager', '/coding');
  await dm.getByRole('searchbox', { name: 'Search verbatims, terms or subjects' }).fill(verbatim);
  // The search has applied (the demo's own AEs wait in the queue too): only this verbatim is listed.
  await expect(dm.getByTestId('coding-row')).toHaveCount(1);
  const row = dm.getByTestId('coding-row').filter({ hasText: verbatim });
  await expect(row.getByTestId('coding-term')).toHaveText('Vomiting');
  // Why: one consistent explanation of the match.
  await expect(row).toContainText('lay term: "throwing up" → vomiting');
  await row.getByRole('button', { name: 'Approve' }).click();
  // The approval is confirmed: a toast naming the verbatim and the term, and the row, still in the
  // 'To review' list, shows its new state without an Approve button.
  await expect(dm.getByText('Coding approved').first()).toBeVisible();
  await expect(dm.getByText(`“${verbatim}” is coded as Vomiting (10047700).`).first()).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'coded');
  await expect(row).toContainText('Approved just now by you');
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await dm.getByLabel('Status').selectOption('coded');
  await expect(dm.getByTestId('coding-row').filter({ hasText: verbatim })).toContainText('Coded');
});

test('a fresh start has demo adverse events waiting at /coding, and the coder codes one', async ({ page }) => {
  await loginAs(page, 'data-manager', '/coding');
  // 'To review' is the default filter: demo AE reports proposed by the matcher.
  const rows = page.getByTestId('coding-row').filter({ hasText: 'Adverse Event Report' });
  await expect(rows.first()).toBeVisible();
  const row = rows.first();
  await expect(row).toHaveAttribute('data-status', 'proposed');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Coding approved').first()).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'coded');
});

test('a decision refused because someone else decided first is explained inside the dialog, which stays open', async ({ browser }) => {
  const coder = await pageAs(browser, 'data-manager', '/coding');
  const other = await pageAs(browser, 'data-manager', '/coding');
  const row = coder.getByTestId('coding-row').filter({ hasText: 'Adverse Event Report' }).first();
  await expect(row).toHaveAttribute('data-status', 'proposed');
  const id = (await row.getAttribute('data-id')) ?? '';
  await row.getByRole('button', { name: 'Pick another term' }).click();
  const dialog = coder.getByRole('dialog');
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  // Meanwhile a colleague approves the same proposal.
  const same = other.locator(`[data-testid="coding-row"][data-id="${id}"]`);
  await same.getByRole('button', { name: 'Approve' }).click();
  await expect(same).toHaveAttribute('data-status', 'coded');
  await dialog.getByRole('button', { name: 'Code as this term' }).click();
  await expect(dialog.getByRole('alert')).toContainText('changed by someone else');
  await expect(dialog).toBeVisible();
});
