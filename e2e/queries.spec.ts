// Queries end to end: a value outside its soft range, submitted on /data-entry, raises a query on its own,
// and correcting the value closes it.
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { loginAs } from './support/auth';
import { trpcMutation, trpcQuery } from './support/trpc';

test('a value outside its range raises a query automatically and correcting it closes the query', async ({ browser }) => {
  test.setTimeout(90_000);
  // A data manager publishes a small form with a soft range (a warning, not a refusal).
  const dmContext = await browser.newContext();
  const dm = await dmContext.newPage();
  await loginAs(dm, 'data-manager', '/forms');
  const investigatorContext = await browser.newContext();
  const investigator = await investigatorContext.newPage();
  await loginAs(investigator, 'investigator', '/dashboard');
  const subject = (await trpcQuery<{ items: { id: number; studyId: number }[] }>(investigator, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;
  const name = `E2E Pulse ${Date.now()}`;
  const created = await (await dm.request.post('/trpc/forms.create', { data: { studyId: subject.studyId, name, category: 'Visit' } })).json();
  const { id, version } = created.result.data;
  const definition = { fields: [{ type: 'integer', code: 'PULSE', label: 'Pulse', unit: 'beats/min', required: true, range: { min: 40, max: 140, severity: 'soft' } }], checks: [] };
  const saved = await (await dm.request.post('/trpc/forms.saveDraft', { data: { id, version, definition } })).json();
  expect((await dm.request.post('/trpc/forms.publish', { data: { id, version: saved.result.data.version } })).ok()).toBe(true);

  await investigator.goto(`/data-entry?study=${subject.studyId}&patient=${subject.id}`);
  await investigator.getByRole('button', { name: new RegExp(name) }).click();
  const entry = investigator.getByTestId('form-entry');
  await entry.locator('#crf-PULSE').fill('190');
  await expect(entry.getByText('Expected between 40 and 140 beats/min')).toBeVisible();
  await entry.getByRole('button', { name: 'Submit', exact: true }).click();
  // Saved with the soft-range warning, which raised the query (not "validated").
  await expect(investigator.getByText('Form submitted with warnings').first()).toBeVisible();
  const queries = entry.getByTestId('submission-query');
  await expect(queries).toHaveCount(1);
  await expect(queries.first()).toHaveAttribute('data-lifecycle', 'open');

  await entry.locator('#crf-PULSE').fill('90');
  await entry.getByRole('button', { name: 'Submit change' }).click();
  await investigator.getByRole('dialog').getByLabel('Reason').fill('Pulse re-measured');
  await investigator.getByRole('dialog').getByRole('button', { name: 'Submit change' }).click();
  await expect(entry.getByTestId('submission-query').first()).toHaveAttribute('data-lifecycle', 'closed');
});

test('a monitor raises a query on a field, the coordinator answers it, the monitor resolves it', async ({ browser }) => {
  test.setTimeout(90_000);
  const coordinatorContext = await browser.newContext();
  const coordinator = await coordinatorContext.newPage();
  await loginAs(coordinator, 'coordinator', '/dashboard');
  const subject = (await trpcQuery<{ items: { id: number; studyId: number; patientId: string }[] }>(coordinator, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;

  const monitorContext = await browser.newContext();
  const monitor = await monitorContext.newPage();
  await loginAs(monitor, 'monitor', '/queries');
  await expect(monitor.getByRole('heading', { name: 'Data Queries' })).toBeVisible();
  await monitor.getByRole('button', { name: 'New Query' }).click();
  const dialog = monitor.getByRole('dialog', { name: 'New Query' });
  await dialog.getByLabel('Study').selectOption(String(subject.studyId));
  await dialog.getByLabel('Find subject').fill(subject.patientId);
  await dialog.getByLabel('Subject', { exact: true }).selectOption({ label: subject.patientId });
  await dialog.getByLabel('Field code').fill('VSSYSBP');
  await dialog.getByLabel('Type').selectOption('clarification');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Description').fill('Systolic pressure at Day 7 looks transposed; please check the source');
  await dialog.getByRole('button', { name: 'Raise query' }).click();
  await expect(monitor.getByText('Query raised').first()).toBeVisible();
  const raised = (await trpcQuery<{ items: { queryId: string }[] }>(monitor, 'queries.list', { patientId: subject.id, limit: 1 })).items[0]!;
  const code = raised.queryId;

  await coordinator.goto(`/queries?q=${code}`);
  const row = (page: typeof coordinator) => page.locator(`[data-testid="query-row"][data-query-id="${code}"]`);
  await expect(row(coordinator)).toHaveAttribute('data-status', 'open');
  await coordinator.getByRole('button', { name: `Actions for ${code}` }).click();
  await coordinator.getByRole('menuitem', { name: 'Add Response' }).click();
  const respond = coordinator.getByRole('dialog', { name: 'Add Response' });
  await respond.getByLabel('Response').fill('Checked the source: 128 mmHg, corrected in the form');
  await respond.getByRole('button', { name: 'Send response' }).click();
  await expect(coordinator.getByText('Response added').first()).toBeVisible();
  await expect(row(coordinator)).toHaveAttribute('data-status', 'answered');

  await monitor.goto(`/queries?q=${code}`);
  await monitor.getByRole('button', { name: `Actions for ${code}` }).click();
  await monitor.getByRole('menuitem', { name: 'Resolve' }).click();
  const resolve = monitor.getByRole('dialog', { name: 'Resolve Query' });
  await resolve.getByLabel('Resolution note').fill('Correction verified against the source');
  await resolve.getByRole('button', { name: 'Resolve query' }).click();
  await expect(monitor.getByText('Query resolved').first()).toBeVisible();
  await expect(row(monitor)).toHaveAttribute('data-status', 'closed');
  await expect(row(monitor).getByTestId('query-progress')).toHaveAttribute('data-progress', '100');
});

test('one query shows the same status and type words on /queries and /monitoring', async ({ page }) => {
  await loginAs(page, 'monitor', '/queries');
  // A cancelled clarification: the two screens once called it "Closed · Data Clarification" and
  // "Resolved · Consistency check".
  const subject = (await trpcQuery<{ items: { id: number }[] }>(page, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;
  const created = await (await page.request.post('/trpc/queries.create', { data: { patientId: subject.id, type: 'clarification', priority: 'low', description: 'Vocabulary check: please confirm the visit date' } })).json();
  const { id, code, version } = created.result.data as { id: number; code: string; version: number };
  await trpcMutation(page, 'queries.cancel', { id, version, body: 'Raised by mistake' });
  const words = async (row: ReturnType<typeof page.locator>) => ({
    status: (await row.locator('[data-status]').last().innerText()).trim(),
    type: (await row.locator('[data-type]').last().innerText()).trim(),
  });

  await page.goto(`/queries?q=${code}`);
  const onQueries = page.locator(`[data-testid="query-row"][data-query-id="${code}"]`);
  await expect(onQueries).toBeVisible();
  expect(await words(onQueries)).toEqual({ status: 'Cancelled', type: 'Clarification' });

  await page.goto(`/monitoring?q=${code}`);
  const onMonitoring = page.locator(`[data-testid="monitoring-query-row"][data-query-id="${code}"]`);
  await expect(onMonitoring).toBeVisible();
  expect(await words(onMonitoring)).toEqual({ status: 'Cancelled', type: 'Clarification' });

  // The filters offer the same words, and the status filter finds it by them.
  await page.goto(`/queries?q=${code}`);
  const status = page.getByLabel('Status', { exact: true });
  await expect(status).toBeVisible();
  expect(await status.locator('option').allInnerTexts()).toEqual(['All statuses', 'Open', 'Answered', 'Re-opened', 'Closed', 'Cancelled']);
  await status.selectOption({ label: 'Cancelled' });
  await expect(onQueries).toBeVisible();
  await status.selectOption({ label: 'Open' });
  await expect(onQueries).toHaveCount(0);
});

test('Export on /queries saves every query the list holds, streamed by the server', async ({ page }) => {
  await loginAs(page, 'data-manager', '/queries');
  const { total } = await trpcQuery<{ total: number }>(page, 'queries.list', { limit: 1 });
  expect(total).toBeGreaterThan(0);
  const streamed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/queries/export.csv');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).first().click();
  expect((await streamed).status()).toBe(200);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const rows = parse(await readFile((await file.path())!, 'utf8'), { bom: true }) as string[][];
  expect(rows[0]![0]).toBe('Query ID');
  expect(rows.length - 1).toBe(total);
  await expect(page.getByText(`Exported to ${file.suggestedFilename()}.`).first()).toBeVisible();
});
