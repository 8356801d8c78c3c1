// Trial supply (issue 30 item 6) in the demo's double-blind study: the study manager requests a shipment
// of kits to the coordinator's site on the Supply card of the Randomization tab and marks it shipped; the
// coordinator receives it there, then randomizes one of the demo's subjects waiting to be randomized
// and sees the randomization number and the kit number, but no arm and no treatment.
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

async function blindedStudy(page: Page): Promise<number> {
  for (let id = 1; id <= 30; id++) {
    const res = await page.request.get(`/trpc/studies.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`);
    if (res.ok() && (await res.json()).result.data.blinding === 'double_blind') return id;
  }
  throw new Error('No double-blind study');
}

test('a study manager ships kits, the coordinator receives them and randomizes a waiting subject: number and kit, no arm', async ({ browser }) => {
  test.setTimeout(180_000);
  const as = async (role: string) => {
    const page = await (await browser.newContext()).newPage();
    await loginAs(page, role, '/dashboard');
    return page;
  };
  const manager = await as('study-manager');
  const studyId = await blindedStudy(manager);
  const rz = await trpcQuery<{ arms: { code: string; name: string }[] }>(manager, 'randomization.get', { studyId });
  const armText = new RegExp(rz.arms.flatMap((a) => [`\\(${a.code}\\)`, a.name]).join('|'));
  const coordinator = await as('coordinator');
  const own = await trpcQuery<{ items: { id: number; patientId: string; siteId: number; status: string }[] }>(coordinator, 'patients.list', { studyId, status: 'enrolled', limit: 100, offset: 0 });
  const siteId = own.items[0]!.siteId;

  // The manager requests 2 kits of each kit type for the coordinator's site and ships them.
  await manager.goto(`/studies/${studyId}`);
  await manager.getByRole('tab', { name: 'Randomization' }).click();
  const card = manager.getByTestId('supply-card');
  const form = card.getByTestId('supply-new-shipment');
  await form.getByTestId('shipment-site').selectOption(String(siteId));
  await form.getByLabel('Kits of KT-A').fill('2');
  await form.getByLabel('Kits of KT-B').fill('2');
  await form.getByRole('button', { name: 'Request shipment' }).click();
  const requested = card.locator('[data-testid^="shipment-S-"]').filter({ has: manager.getByTestId('shipment-status').getByText('Requested') }).first();
  await expect(requested).toContainText('4 kits');
  const shipmentNumber = (await requested.locator('.font-mono').first().textContent())!;
  await requested.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(card.getByTestId(`shipment-${shipmentNumber}`).getByTestId('shipment-status')).toHaveText('Shipped');
  await expect(card).toContainText('Kit type A');

  // The coordinator sees the site's inventory (kit types and counts, no treatment) and receives the kits.
  await coordinator.goto(`/studies/${studyId}`);
  await coordinator.getByRole('tab', { name: 'Randomization' }).click();
  const site = coordinator.getByTestId('supply-card');
  await expect(site.getByTestId('supply-inventory').locator('tbody tr')).toHaveCount(1);
  const before = Number(await site.getByTestId('supply-available').textContent());
  const shipment = site.getByTestId(`shipment-${shipmentNumber}`);
  await shipment.getByRole('button', { name: 'Receive' }).click();
  await expect(shipment.getByTestId('shipment-status')).toHaveText('Received');
  await expect(site.getByTestId('supply-available')).toHaveText(String(before + 4));
  await expect(site).toContainText('Blinded: kit types and counts only, no treatment.');
  await expect(site).not.toContainText(armText);

  // A waiting subject of the demo is randomized: number and kit, no arm.
  let waiting: { id: number; patientId: string } | null = null;
  for (const p of own.items.filter((x) => x.status === 'enrolled')) {
    const s = await trpcQuery<{ randomized: boolean; canRandomize: boolean }>(coordinator, 'randomization.subject', { patientId: p.id });
    if (!s.randomized && s.canRandomize) {
      waiting = p;
      break;
    }
  }
  expect(waiting).not.toBeNull();
  await coordinator.goto(`/patients?search=${encodeURIComponent(waiting!.patientId)}`);
  await coordinator.locator(`[data-patient-id="${waiting!.patientId}"]`).getByTestId('randomization-open').click();
  const dialog = coordinator.getByRole('dialog');
  const rform = dialog.getByTestId('randomize-form');
  await expect(rform.locator('[data-testid^="criterion-"]')).toHaveCount(5);
  for (const criterion of await rform.locator('[data-testid^="criterion-"]').all()) {
    const inclusion = (await criterion.textContent())?.includes('Inclusion');
    await criterion.getByLabel(inclusion ? 'Applies' : 'Does not apply').check();
  }
  for (const select of await rform.locator('select[id^="stratum-"]').all()) await select.selectOption({ index: 1 });
  await rform.getByTestId('randomize-confirm').check();
  await rform.getByTestId('randomize-submit').click();
  await expect(dialog.getByTestId('randomization-number')).toHaveText(/^R-\d{4}$/);
  await expect(dialog.getByTestId('subject-kit')).toHaveText(/^[A-Z0-9]+-K\d{5}$/);
  await expect(dialog.getByTestId('randomization-arm')).toHaveText('Blinded');
  await expect(dialog).not.toContainText(armText);
  await expect(dialog).not.toContainText(/KT-[AB]/);
});
