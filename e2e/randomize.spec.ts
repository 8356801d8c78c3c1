// Randomizing a subject and emergency unblinding (issue 30 items 3 to 5) in the demo's double-blind
// study: its production scheme is live (set up here through the API when the demo has none yet), the
// sponsor follows the study, and the coordinator has a new enrolled subject. The coordinator randomizes
// the subject from its card and sees the randomization number but no arm; the study manager (the demo's
// unblinded team) sees the arm on the card and in the allocations on the Randomization tab; the
// investigator unblinds the subject in an emergency and sees the arm; the sponsor finds the notification.
import { test, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface Randomization {
  arms: { id: number; code: string }[];
  production: { status: string; version: number; factors: { key: string; source: string }[] } | null;
}

async function mutate<T>(page: Page, path: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${path}`, { data: input });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).result.data as T;
}

async function blindedStudy(page: Page): Promise<number> {
  for (let id = 1; id <= 30; id++) {
    const res = await page.request.get(`/trpc/studies.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`);
    if (res.ok() && (await res.json()).result.data.blinding === 'double_blind') return id;
  }
  throw new Error('No double-blind study');
}

const today = () => new Date().toISOString().slice(0, 10);

test('a coordinator randomizes without seeing the arm; the unblinded team sees it; an emergency unblinding reaches the sponsor', async ({ browser }) => {
  test.setTimeout(180_000);
  const as = async (role: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginAs(page, role, '/dashboard');
    return page;
  };

  // Set-up: a live production scheme (sex entered at randomization), the sponsor on the study's team.
  const manager = await as('study-manager');
  const studyId = await blindedStudy(manager);
  let rz = await trpcQuery<Randomization>(manager, 'randomization.get', { studyId });
  if (!rz.production || rz.production.status !== 'live') {
    const saved = await mutate<{ version: number }>(manager, 'randomization.save', {
      studyId,
      kind: 'production',
      version: rz.production?.version,
      reason: 'Scheme agreed with the statistician',
      method: 'blocks',
      arms: rz.arms.slice(0, 2).map((a) => ({ armId: a.id, ratio: 1 })),
      factors: [{ key: 'sex', label: 'Sex', source: 'subject', levels: ['F', 'M'], weight: 1 }],
      blockSizes: [2, 4],
      minimization: null,
      plannedEnrollment: 60,
      marginPercent: 10,
    });
    await mutate(manager, 'randomization.goLive', { studyId, version: saved.version, reason: 'Go-live approved' });
    rz = await trpcQuery<Randomization>(manager, 'randomization.get', { studyId });
  }
  // (taken back at the end: other specs read the sponsor's studies as the demo has them)
  const team = await trpcQuery<{ members: { email: string }[] }>(manager, 'teams.list', { studyId });
  let sponsorAdded: number | null = null;
  if (!team.members.some((m) => m.email === 'sponsor@demo.local')) {
    const [sponsor] = await trpcQuery<{ id: number }[]>(manager, 'teams.candidates', { studyId, search: 'sponsor@demo.local' });
    await mutate(manager, 'teams.add', { studyId, userId: sponsor!.id, role: 'sponsor', siteIds: [], reason: 'The sponsor follows the blinded study' });
    sponsorAdded = sponsor!.id;
  }

  // The coordinator's new subject, enrolled today.
  const coordinator = await as('coordinator');
  const own = await trpcQuery<{ items: { siteId: number }[] }>(coordinator, 'patients.list', { studyId, limit: 1, offset: 0 });
  const enrolled = await mutate<{ id: number; patientId: string; version: number }>(coordinator, 'patients.enroll', {
    studyId,
    siteId: own.items[0]!.siteId,
    screeningDate: today(),
    yearOfBirth: 1975,
    sex: 'F',
    reason: 'Subject screened',
  });
  await mutate(coordinator, 'patients.updateStatus', { id: enrolled.id, version: enrolled.version, status: 'enrolled', effectiveDate: today(), reason: 'Eligibility confirmed' });

  // The coordinator randomizes from the subject's card: the number, no arm.
  await coordinator.goto(`/patients?search=${encodeURIComponent(enrolled.patientId)}`);
  const card = coordinator.locator(`[data-patient-id="${enrolled.patientId}"]`);
  await card.getByTestId('randomization-open').click();
  const dialog = coordinator.getByRole('dialog');
  const form = dialog.getByTestId('randomize-form');
  // The demo study's five criteria, inclusions first.
  await expect(form.locator('[data-testid^="criterion-"]')).toHaveCount(5);
  await expect(form.locator('[data-testid^="criterion-"]').first()).toContainText('Inclusion');
  for (const criterion of await form.locator('[data-testid^="criterion-"]').all()) {
    const inclusion = (await criterion.textContent())?.includes('Inclusion');
    await criterion.getByLabel(inclusion ? 'Applies' : 'Does not apply').check();
  }
  for (const f of rz.production!.factors.filter((x) => x.source === 'subject')) {
    await form.locator(`#stratum-${f.key}`).selectOption({ index: 1 });
  }
  await expect(form.getByTestId('randomize-submit')).toBeDisabled();
  await form.getByTestId('randomize-confirm').check();
  await form.getByTestId('randomize-submit').click();
  await expect(dialog.getByTestId('randomization-number')).toHaveText(/^R-\d{4}$/);
  const number = (await dialog.getByTestId('randomization-number').textContent())!;
  await expect(dialog.getByTestId('randomization-arm')).toHaveText('Blinded');
  const armText = new RegExp(rz.arms.map((a) => `\\(${a.code}\\)`).join('|'));
  await expect(dialog).not.toContainText(armText);

  // The study manager (unblinded team) sees the arm on the card and in the allocations.
  await manager.goto(`/patients?search=${encodeURIComponent(enrolled.patientId)}`);
  await manager.locator(`[data-patient-id="${enrolled.patientId}"]`).getByTestId('randomization-open').click();
  await expect(manager.getByRole('dialog').getByTestId('randomization-number')).toHaveText(number);
  await expect(manager.getByRole('dialog').getByTestId('randomization-arm')).toHaveText(armText);
  await manager.goto(`/studies/${studyId}`);
  await manager.getByRole('tab', { name: 'Randomization' }).click();
  await manager.getByRole('button', { name: 'Production' }).click();
  const row = manager.getByTestId('allocation-row').filter({ hasText: enrolled.patientId });
  await expect(row).toContainText(number);
  await expect(row.getByTestId('allocation-arm')).toHaveText(armText);

  // The investigator unblinds in an emergency: password again; the arm is shown to them.
  const investigator = await as('investigator');
  await investigator.goto(`/patients?search=${encodeURIComponent(enrolled.patientId)}`);
  await investigator.locator(`[data-patient-id="${enrolled.patientId}"]`).getByTestId('randomization-open').click();
  const idialog = investigator.getByRole('dialog');
  await expect(idialog.getByTestId('randomization-arm')).toHaveText('Blinded');
  await idialog.getByTestId('unblind-open').click();
  await idialog.getByLabel('Reason').fill('Severe allergic reaction: the treatment must be known');
  await idialog.getByLabel('Your password').fill('not-the-password');
  await idialog.getByTestId('unblind-submit').click();
  await expect(idialog.getByText('The password is not correct; the subject was not unblinded')).toBeVisible();
  await idialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await idialog.getByTestId('unblind-submit').click();
  await expect(idialog.getByTestId('unblinded-arm')).toContainText(armText);
  await expect(idialog.getByTestId('subject-unblinded')).toBeVisible();

  // The coordinator still sees no arm, only that the subject was unblinded.
  await coordinator.reload();
  await expect(coordinator.locator(`[data-patient-id="${enrolled.patientId}"]`).getByTestId('arm-unblinded')).toHaveText('Unblinded in an emergency');
  await coordinator.locator(`[data-patient-id="${enrolled.patientId}"]`).getByTestId('randomization-open').click();
  await expect(coordinator.getByRole('dialog').getByTestId('subject-unblinded')).toBeVisible();
  await expect(coordinator.getByRole('dialog').getByTestId('randomization-arm')).toHaveText('Blinded');

  // The sponsor finds the notification (no arm in it).
  const sponsor = await as('sponsor');
  await sponsor.goto('/notifications');
  const note = sponsor.getByText(`Emergency unblinding of ${enrolled.patientId}`);
  await expect(note.first()).toBeVisible();
  await expect(sponsor.getByRole('main')).not.toContainText(armText);

  if (sponsorAdded !== null) await mutate(manager, 'teams.remove', { studyId, userId: sponsorAdded, reason: 'End of the sponsor\'s follow-up of the blinded study' });
});
