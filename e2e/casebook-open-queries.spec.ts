// Issue 27 item 4: locking a subject's casebook with an open query asks first. The data manager sees the
// open query listed in the dialog, cannot go on without acknowledging it, and locks with a reason; an
// investigator signing likewise, and the signature names the queries open at signing.
import { test, expect } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface QueryRow {
  queryId: string;
  patientDbId: number;
  formName: string | null;
}

test('lock with an open query asks first', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'data-manager', '/dashboard');
  const live = await trpcQuery<{ items: QueryRow[] }>(page, 'queries.list', { live: true, limit: 50 });
  const q = live.items.find((r) => r.formName)!;
  expect(q).toBeTruthy();
  const open = await trpcQuery<{ items: { code: string }[] }>(page, 'casebook.openQueries', { patientId: q.patientDbId });
  expect(open.items.map((i) => i.code)).toContain(q.queryId);

  await page.goto(`/casebook/${q.patientDbId}`);
  await expect(page.getByTestId('casebook')).toBeVisible();
  await page.getByRole('button', { name: 'Lock casebook' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('open-queries-confirm')).toBeVisible();
  await expect(dialog.getByTestId('open-query').filter({ hasText: q.queryId })).toBeVisible();
  await expect(dialog.getByRole('link', { name: q.queryId })).toHaveAttribute('href', `/queries?q=${encodeURIComponent(q.queryId)}`);
  await dialog.getByLabel('Reason').fill('Subject completed; the open query concerns a later visit');
  // Not acknowledged yet: the dialog asks instead of locking.
  await dialog.getByRole('button', { name: 'Lock casebook' }).click();
  await expect(dialog.getByText('Tick the box to go on with open queries')).toBeVisible();
  await dialog.getByLabel(/I have seen the open queries/).check();
  await dialog.getByRole('button', { name: 'Lock casebook' }).click();
  await expect(dialog).toBeHidden();
  const view = await trpcQuery<{ entries: { status: string; lockedAt: string | null }[] }>(page, 'casebook.view', { patientId: q.patientDbId });
  const submitted = view.entries.filter((e) => e.status !== 'draft');
  expect(submitted.length).toBeGreaterThan(0);
  expect(submitted.every((e) => e.lockedAt)).toBe(true);
});

test('signing with an open query asks first, and the signature names it', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'investigator', '/dashboard');
  const live = await trpcQuery<{ items: QueryRow[] }>(page, 'queries.list', { live: true, limit: 50 });
  const q = live.items.find((r) => r.formName)!;
  expect(q).toBeTruthy();
  const open = (await trpcQuery<{ items: { code: string }[] }>(page, 'casebook.openQueries', { patientId: q.patientDbId })).items.map((i) => i.code);

  await page.goto(`/casebook/${q.patientDbId}`);
  await expect(page.getByTestId('casebook')).toBeVisible();
  await page.getByRole('button', { name: 'Sign casebook' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('open-query').filter({ hasText: q.queryId })).toBeVisible();
  await dialog.getByRole('radiogroup', { name: 'Meaning' }).getByRole('radio', { name: 'Review' }).check();
  await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(dialog.getByText('Tick the box to go on with open queries')).toBeVisible();
  await dialog.getByLabel(/I have seen the open queries/).check();
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByTestId('signature-status')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('signature-status').getByTestId('signature-open-queries')).toContainText(open.join(', '));
});
