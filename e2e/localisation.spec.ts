// Localisation (issue 27, "Deliver 5"): server messages, dates and numbers, phases and roles in the
// language the user chose; the Japanese casebook's statuses on one line; the landing page's coding
// claim true to what ships.
import { test, expect, type Page } from '@playwright/test';
import enLanding from '../apps/web/src/locales/en/landing.json' with { type: 'json' };
import deValidation from '../apps/web/src/locales/de/validation.json' with { type: 'json' };
import deDataEntry from '../apps/web/src/locales/de/data-entry.json' with { type: 'json' };
import esCommon from '../apps/web/src/locales/es/common.json' with { type: 'json' };
import frCommon from '../apps/web/src/locales/fr/common.json' with { type: 'json' };
import frDesign from '../apps/web/src/locales/fr/design.json' with { type: 'json' };
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

/** The app's language, as the language menu remembers it; the next page load reads it. */
async function useLanguage(page: Page, code: 'de' | 'es' | 'fr' | 'ja') {
  await page.evaluate((c) => localStorage.setItem('ctp.language', c), code);
}

/** A tRPC mutation's data (it must succeed). */
async function mutate<T>(page: Page, path: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${path}`, { data: input });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data as T;
}

type Subject = { id: number; studyId: number; patientId: string };

test('the landing page says what the coding dictionary is: MedDRA once imported, CTCAE terms in the demo', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(enLanding.hero.workflow.capture.text)).toBeVisible();
  expect(enLanding.hero.workflow.capture.text).toContain('CTCAE');
  await expect(page.getByText(enLanding.features.items.smartEntry.description)).toContainText('CTCAE');
});

test('in German, a study\'s dates are written the German way (numbers: sites-patients.spec and format.unit.test)', async ({ page }) => {
  await loginAs(page, 'data-manager', '/dashboard');
  const studies = await trpcQuery<{ items: { id: number }[] }>(page, 'studies.list', { limit: 5 });
  const details = await Promise.all(studies.items.map((s) => trpcQuery<{ id: number; startDate: string | null }>(page, 'studies.byId', { id: s.id })));
  const study = details.find((s) => s.startDate)!;
  await useLanguage(page, 'de');
  await page.goto(`/studies/${study.id}`);
  const [y, m, d] = study.startDate!.split('-').map(Number);
  await expect(page.getByText(`${d}.${m}.${y}`, { exact: true }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('in Spanish, phase badges and the role title are Spanish', async ({ page }) => {
  await loginAs(page, 'data-manager', '/dashboard');
  await useLanguage(page, 'es');
  await page.goto('/studies');
  await expect(page.getByTestId('user-title')).toHaveText(esCommon.roles['data-manager']);
  const badges = page.getByTestId('study-card').locator('[data-phase]');
  await expect(badges.first()).toBeVisible();
  const phase = (await badges.first().getAttribute('data-phase')) as keyof typeof esCommon.phases;
  await expect(badges.first()).toHaveText(esCommon.phases[phase]);
  await expect(badges.first()).toHaveText(/^Fase /);
});

for (const width of [1440, 390]) {
  test(`the Japanese casebook keeps each status on one line at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs(page, 'investigator', '/dashboard');
    const subject = (await trpcQuery<{ items: Subject[] }>(page, 'patients.list', { status: 'enrolled', limit: 20 })).items[0]!;
    await useLanguage(page, 'ja');
    await page.goto(`/casebook/${subject.id}`);
    const statuses = page.getByTestId('casebook-entry').locator('[data-status]');
    await expect(statuses.first()).toBeVisible();
    for (const badge of await statuses.all()) {
      const box = (await badge.boundingBox())!;
      // One line of text-xs (16 px) with its padding and border is about 22 px; a character per line is many times that.
      expect(box.height, await badge.innerText()).toBeLessThan(30);
      expect(box.width).toBeGreaterThan(box.height);
    }
  });
}

test('in German, a refusal and an automatic query text read in German', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'investigator', '/dashboard');
  const subject = (await trpcQuery<{ items: Subject[] }>(page, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;

  // A data manager publishes a form with a soft range and no message of its own.
  const dmContext = await browser.newContext();
  const dm = await dmContext.newPage();
  await loginAs(dm, 'data-manager', '/dashboard');
  const form = await mutate<{ id: number; version: number }>(dm, 'forms.create', { studyId: subject.studyId, name: `Vitals L10N ${Date.now()}`, category: 'Visit' });
  const definition = { fields: [{ type: 'integer', code: 'SYSBP', label: 'Systolic', unit: 'mmHg', required: true, range: { min: 80, max: 180, severity: 'soft' } }], checks: [] };
  const draft = await mutate<{ version: number }>(dm, 'forms.saveDraft', { id: form.id, version: form.version, definition });
  await mutate(dm, 'forms.publish', { id: form.id, version: draft.version });

  // The investigator submits a value outside it: the server raises a query with its text's key.
  const saved = await mutate<{ id: number; version: number }>(page, 'submissions.save', { formId: form.id, patientId: subject.id, mode: 'submit', formData: { SYSBP: 200 } });
  const query = (await trpcQuery<{ items: { queryId: string; description: string }[] }>(page, 'queries.list', { submissionId: saved.id, limit: 5 })).items[0]!;
  expect(query.description).toBe('Expected between 80 and 180 mmHg');

  await useLanguage(page, 'de');
  await page.goto(`/queries?q=${query.queryId}`);
  await page.getByRole('button', { name: query.queryId, exact: true }).click();
  await expect(page.getByRole('dialog').getByText('Erwartet zwischen 80 und 180 mmHg').first()).toBeVisible();
  await expect(page.getByText('Expected between 80 and 180 mmHg')).toHaveCount(0);

  // The data manager freezes the entry: changing it is refused, in German (a message that before came
  // in English only).
  await mutate(dm, 'casebook.review', { submissionId: saved.id, version: saved.version, action: 'freeze', reason: 'Frozen for review' });
  await page.goto(`/data-entry?study=${subject.studyId}&patient=${subject.id}&form=${form.id}&entry=${saved.id}`);
  const entry = page.getByTestId('form-entry');
  await expect(entry.locator('#crf-SYSBP')).toHaveValue('200');
  await entry.locator('#crf-SYSBP').fill('150');
  await entry.getByRole('button', { name: deDataEntry.submitChange }).click();
  const reason = page.getByRole('dialog');
  await reason.getByLabel(deDataEntry.reason.label).fill('Übertragungsfehler');
  await reason.getByRole('button', { name: deDataEntry.reason.confirm }).click();
  const frozen = deValidation['This form is frozen; a data manager must unfreeze it before its data can change'];
  await expect(page.getByText(frozen).first()).toBeVisible();
  await dmContext.close();
});

test('in French, a refusal with a count and a code reads in French: an arm assigned meanwhile is not deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'study-manager', '/dashboard');
  // An enrolled subject with an arm, in a study whose design the study manager changes.
  type Arms = { version: number; plannedArm: { id: number } | null; actualArm: { id: number } | null };
  const enrolled = (await trpcQuery<{ items: (Subject & { studyCode: string })[] }>(page, 'patients.list', { status: 'enrolled', limit: 25 })).items;
  let subject: (Subject & { studyCode: string }) | undefined;
  let before: Arms | undefined;
  for (const p of enrolled) {
    const arms = await trpcQuery<Arms>(page, 'design.subjectArm', { patientId: p.id });
    if (arms.plannedArm) [subject, before] = [p, arms];
    if (subject) break;
  }
  if (!subject || !before) throw new Error('No enrolled subject with an arm among the first 25');
  const code = `FR_${Date.now() % 100000}`;
  const arm = await mutate<{ id: number }>(page, 'design.createArm', { studyId: subject.studyId, code, name: 'Bras éphémère', order: 99, reason: 'Essai de traduction' });

  await useLanguage(page, 'fr');
  await page.goto(`/trials/${subject.studyCode}`);
  await page.getByRole('tab', { name: frDesign.tab }).click();
  // The arm has no subject yet: its delete dialog opens.
  await page.getByRole('button', { name: frDesign.arm.deleteLabel.replace('{{code}}', code) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(frCommon.actions.reasonForChange).fill('Bras créé par erreur');
  // Meanwhile the subject is randomised to it.
  const assigned = await mutate<{ version: number }>(page, 'design.assignArm', { patientId: subject.id, version: before.version, reason: 'Randomisation', plannedArmId: arm.id, actualArmId: null });
  await dialog.getByRole('button', { name: frDesign.actions.delete }).click();
  await expect(dialog.getByText(`Le bras ${code} est attribué à 1 sujet : attribuez-lui un autre bras avant de le supprimer`)).toBeVisible();
  await expect(dialog.getByText(/is assigned to/)).toHaveCount(0);

  // The subject gets its arms back, and the arm goes.
  const back = await mutate<{ version: number }>(page, 'design.assignArm', {
    patientId: subject.id, version: assigned.version, reason: 'Randomisation corrigée', plannedArmId: before.plannedArm!.id, actualArmId: before.actualArm?.id ?? null,
  });
  expect(back.version).toBeGreaterThan(assigned.version);
  const design = await trpcQuery<{ arms: { id: number; version: number }[] }>(page, 'design.byStudy', { studyId: subject.studyId });
  const created = design.arms.find((a) => a.id === arm.id)!;
  await mutate(page, 'design.deleteArm', { id: arm.id, version: created.version, reason: 'Essai de traduction terminé' });
});
