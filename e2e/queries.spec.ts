// Queries end to end: a value outside its soft range, submitted on /data-entry, raises a query on its own,
// and correcting the value closes it.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

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
  await expect(investigator.getByText('Form submitted successfully').first()).toBeVisible();
  const queries = entry.getByTestId('submission-query');
  await expect(queries).toHaveCount(1);
  await expect(queries.first()).toHaveAttribute('data-lifecycle', 'open');

  await entry.locator('#crf-PULSE').fill('90');
  await entry.getByRole('button', { name: 'Submit change' }).click();
  await investigator.getByRole('dialog').getByLabel('Reason').fill('Pulse re-measured');
  await investigator.getByRole('dialog').getByRole('button', { name: 'Submit change' }).click();
  await expect(entry.getByTestId('submission-query').first()).toHaveAttribute('data-lifecycle', 'closed');
});
