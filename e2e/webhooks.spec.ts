// Webhooks end to end: an administrator registers an endpoint on /admin/webhooks (a bad URL and a short
// secret are refused on their fields), a query raised in a study reaches a real receiver as a signed
// POST, the delivery shows as delivered with the receiver's answer, and Replay sends it again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface Delivery {
  signature: string;
  body: string;
}

let server: Server;
let url: string;
const received: Delivery[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-ctp-signature']), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/e2e-hooks`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('an administrator registers a webhook, a raised query arrives signed, and a delivery can be replayed', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin', '/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  // Refused on their fields, nothing created.
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Hospital data warehouse');
  await dialog.getByLabel('URL').fill('ftp://warehouse.example/hooks');
  await dialog.getByLabel('Signing secret').fill('short');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('Enter an http or https URL')).toBeVisible();
  await expect(dialog.getByText('Use a secret of at least 32 characters')).toBeVisible();
  await expect(dialog.getByText('Choose at least one event')).toBeVisible();

  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Generate a new secret' }).click();
  const secret = await dialog.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await dialog.getByLabel('Query raised').check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('webhook-endpoint').filter({ hasText: 'Hospital data warehouse' });
  await expect(row).toContainText('1 event');
  await expect(row).toContainText('Active');

  const subject = (await trpcQuery<{ items: { id: number }[] }>(page, 'patients.list', { limit: 1, status: 'enrolled' })).items[0]!;
  const res = await page.request.post('/trpc/queries.create', { data: { patientId: subject.id, type: 'clarification', description: 'Webhook end-to-end check' } });
  expect(res.ok()).toBe(true);
  const code: string = (await res.json()).result.data.code;

  // The delivery job runs every few seconds.
  await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  const first = received[0]!;
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(first.signature) ?? [];
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex'));
  const payload = JSON.parse(first.body) as { event: string; record: { code: string } };
  expect(payload).toMatchObject({ event: 'query.raised', record: { code } });
  expect(first.body).not.toContain('Webhook end-to-end check');

  await page.getByRole('button', { name: 'Deliveries of Hospital data warehouse' }).click();
  const delivery = page.getByTestId('webhook-delivery').first();
  await expect(delivery).toContainText('query.raised');
  await expect(delivery).toContainText('Delivered', { timeout: 20_000 });
  await expect(delivery).toContainText('HTTP 200');
  await delivery.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByText('The delivery will be sent again')).toBeVisible();
  await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  expect(JSON.parse(received[1]!.body)).toMatchObject({ event: 'query.raised', record: { code } });
});
