// Data import end to end: a data manager uploads a REDCap flat CSV on the study page's Forms tab, the dry run
// lists what it would create and the refused row with why (nothing written), the import with a reason
// writes the entry, and the subject's casebook shows it at its visit.
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface Field {
  code: string;
  type: string;
  range?: { min?: number; max?: number };
  codeList?: { code: string }[];
}

function valueFor(f: Field): string {
  switch (f.type) {
    case 'integer':
    case 'decimal':
      return String(f.range?.min !== undefined && f.range?.max !== undefined ? Math.round((f.range.min + f.range.max) / 2) : (f.range?.min ?? 1));
    case 'date':
      return '2026-01-15';
    case 'partialDate':
      return '2026-01';
    case 'time':
      return '09:30';
    case 'yesNo':
      return '1';
    case 'singleChoice':
    case 'multipleChoice':
      return f.codeList![0]!.code;
    default:
      return 'imported';
  }
}

/** An enrolled subject with a visit whose due form (no repeating group) is not entered yet. */
async function findTarget(page: Page) {
  const subjects = await trpcQuery<{ items: { id: number; patientId: string; studyId: number }[] }>(page, 'patients.list', { status: 'enrolled', limit: 25 });
  for (const subject of subjects.items) {
    const schedule = await trpcQuery<{ visits: { code: string; name: string; formIds: number[] }[] }>(page, 'visits.schedule', { studyId: subject.studyId });
    const casebook = await trpcQuery<{ entries: { formId: number; visitCode: string | null }[] }>(page, 'casebook.view', { patientId: subject.id });
    for (const visit of schedule.visits) {
      for (const formId of visit.formIds) {
        if (casebook.entries.some((e) => e.formId === formId && e.visitCode === visit.code)) continue;
        const form = await trpcQuery<{ definition: { fields: Field[] } }>(page, 'forms.byId', { id: formId });
        if (form.definition.fields.some((f) => f.type === 'repeatingGroup')) continue;
        return { subject, visit, formId, fields: form.definition.fields.filter((f) => f.type !== 'calculated') };
      }
    }
  }
  throw new Error('no visit with a form to import into');
}

test('a data manager dry-runs a REDCap CSV, sees the refused row, imports it, and finds the entry in the casebook', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'data-manager', '/dashboard');
  const { subject, visit, formId, fields } = await findTarget(page);
  const event = `${visit.code.toLowerCase()}_arm_1`;
  const csv = [
    ['record_id', 'redcap_event_name', ...fields.map((f) => f.code.toLowerCase())].join(','),
    [subject.patientId, event, ...fields.map(valueFor)].join(','),
    ['NO-SUCH-SUBJECT', event, ...fields.map(valueFor)].join(','),
  ].join('\n');

  await page.goto(`/studies/${subject.studyId}`);
  await page.getByRole('tab', { name: 'Forms' }).click();
  const card = page.getByTestId('data-import');
  await card.getByLabel('Data file (ODM XML or REDCap CSV)').setInputFiles({ name: 'redcap-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await card.getByRole('button', { name: 'Dry run' }).click();
  await expect(card.getByText('Dry run of redcap-export.csv: nothing was written')).toBeVisible();
  await expect(card.getByTestId('import-count-created')).toHaveText('To create: 1');
  await expect(card.getByTestId('import-count-refused')).toHaveText('Refused: 1');
  await expect(card.getByTestId('import-row')).toContainText('Unknown subject NO-SUCH-SUBJECT');

  const importButton = card.getByRole('button', { name: 'Import 1 entry' });
  await expect(importButton).toBeDisabled();
  await card.getByLabel('Reason for the import').fill('Migration from the REDCap project');
  await importButton.click();
  await expect(card.getByRole('status')).toHaveText('1 entry imported');

  const casebook = await trpcQuery<{ entries: { formId: number; formName: string; visitCode: string | null; status: string }[] }>(page, 'casebook.view', { patientId: subject.id });
  const entry = casebook.entries.find((e) => e.formId === formId && e.visitCode === visit.code);
  expect(entry?.status).toBe('submitted');
  await page.goto(`/casebook/${subject.id}`);
  await expect(page.getByText(entry!.formName).first()).toBeVisible();
});
