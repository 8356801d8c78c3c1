// Import Standards in Chromium: an administrator opens /cdisc-standards, Import Standards, sees the shipped
// standards (SDTMIG 3.4 in use, shipped with the system), is refused a file that is not XML with the
// server's message, uploads the trimmed SDTMIG fixture relabelled 9.9 (apps/api/test/fixtures/cdisc-library)
// and sees the success message with its counts, 9.9 in use and imported by them; the Domains tab's DM card
// then shows SDTMIG 9.9 with its 32 variables.
// An import changes which SDTMIG every screen reads, so this spec runs on its own server and database
// (scripts/e2e-server.mjs on another port) and leaves the suite's shared one on the shipped catalogue.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = readFileSync(path.join(ROOT, 'apps/api/test/fixtures/cdisc-library/sdtmig-9-9-trimmed.xml'));
const PORT = Number(process.env.E2E_PORT ?? 3199) + 100;
const BASE = `http://127.0.0.1:${PORT}`;

let server: ChildProcess | undefined;

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(PORT) }, stdio: 'inherit' });
  const deadline = Date.now() + 170_000;
  for (;;) {
    const ready = await fetch(`${BASE}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`The import spec's server did not start on port ${PORT}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  server.kill('SIGTERM');
  await exited;
});

test('an administrator imports an SDTMIG export and the Domains tab shows its version', async ({ page }) => {
  await loginAs(page, 'admin', '/cdisc-standards');
  await expect(page.getByTestId('cdisc-actions-note')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import Standards' }).click();
  const dialog = page.getByTestId('cdisc-import-dialog');
  await expect(dialog.getByRole('heading', { name: 'Import Standards' })).toBeVisible();
  const shipped = dialog.locator('[data-testid="cdisc-import-standard"][data-code="SDTMIG"][data-version="3.4"]');
  await expect(shipped).toContainText('In use');
  await expect(shipped).toContainText('Shipped with the system');
  await expect(shipped).toContainText('63 datasets, 1,917 variables');

  // A refusal is the server's own message.
  const file = dialog.getByLabel('CDISC Library export (XML)');
  await file.setInputFiles({ name: 'notes.xml', mimeType: 'text/xml', buffer: Buffer.from('not xml at all') });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('cdisc-import-error')).toHaveText("The file's content is not XML");

  await file.setInputFiles({ name: 'sdtmig-9-9-trimmed.xml', mimeType: 'text/xml', buffer: FIXTURE });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('cdisc-import-success')).toHaveText('SDTMIG 9.9 loaded: 3 datasets, 130 variables.');
  await expect(dialog.getByTestId('cdisc-import-error')).toHaveCount(0);
  const imported = dialog.locator('[data-testid="cdisc-import-standard"][data-code="SDTMIG"][data-version="9.9"]');
  await expect(imported).toContainText('In use');
  const me = (await (await page.request.get('/trpc/auth.me')).json()).result.data as { fullName: string };
  await expect(imported).toContainText(me.fullName);
  await expect(shipped).not.toContainText('In use');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toHaveCount(0);

  // The Domains tab reads the current SDTMIG: the DM card is 9.9 with the fixture's 32 variables.
  await page.getByRole('searchbox', { name: 'Search domains by code or name' }).fill('dm');
  const dm = page.getByTestId('cdisc-domain-card').filter({ has: page.getByTestId('cdisc-domain-code').getByText('DM', { exact: true }) });
  await expect(dm).toHaveCount(1);
  await expect(dm.getByTestId('cdisc-domain-version')).toHaveText('SDTMIG 9.9');
  await expect(dm.getByTestId('cdisc-domain-variables')).toHaveText('32');
});
