// Site close-out archive end to end: a data manager asks for a site's archive on the study page's Forms
// tab, watches its progress until it is done, downloads the zip (casebooks, ODM, audit trail, manifest)
// and finds it in the eTMF as the site's 10.02.01 Final Subject Data document. It uses a study other than
// the one ertms.spec.ts links documents from (the first study with a data manager as approver).
import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

interface Listed {
  items: { id: number; studyId: string }[];
}

/** The study ertms.spec.ts takes: the first one (in the study list) with a data manager among its approvers. */
async function ertmsStudy(page: Page, studies: Listed['items']): Promise<number | undefined> {
  for (const s of studies) {
    const approvers = await trpcQuery<{ role: string }[]>(page, 'etmf.approvers', { studyId: s.id });
    if (approvers.some((a) => a.role === 'data-manager')) return s.id;
  }
  return undefined;
}

/** Another study's site with the fewest subjects (at least one): each casebook is a PDF to render. */
async function smallSite(page: Page): Promise<{ study: Listed['items'][number]; siteId: number; siteNumber: string; subjects: number }> {
  const studies = (await trpcQuery<Listed>(page, 'studies.list', { limit: 100 })).items;
  const avoid = await ertmsStudy(page, studies);
  let best: { study: Listed['items'][number]; siteId: number; siteNumber: string; subjects: number } | undefined;
  for (const study of studies.filter((s) => s.id !== avoid)) {
    const sites = await trpcQuery<{ items: { id: number; siteNumber: string }[] }>(page, 'sites.list', { studyId: study.id, limit: 100 });
    for (const site of sites.items) {
      const { total } = await trpcQuery<{ total: number }>(page, 'patients.list', { studyId: study.id, siteId: site.id, limit: 1 });
      if (total > 0 && (!best || total < best.subjects)) best = { study, siteId: site.id, siteNumber: site.siteNumber, subjects: total };
    }
    if (best && best.subjects <= 5) break;
  }
  if (!best) throw new Error('No other study with a site that has subjects');
  return best;
}

function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => (names.push(e.fileName), zip.readEntry()));
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('a data manager runs a site close-out archive, watches it finish, downloads it and finds it in the eTMF', async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'data-manager', '/dashboard');
  const { study, siteId, siteNumber, subjects } = await smallSite(page);

  await page.goto(`/studies/${study.id}`);
  await page.getByRole('tab', { name: 'Forms' }).click();
  const card = page.getByTestId('site-archives');
  await expect(card).toBeVisible();
  await card.getByLabel('Site').selectOption(String(siteId));
  await card.getByRole('button', { name: 'Create site archive' }).click();

  // The newest archive of the site: running, then done with every subject archived.
  const row = card.locator(`[data-testid="site-archive"][data-site="${siteNumber}"]`).first();
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(row.getByTestId('site-archive-progress')).toHaveText(`${subjects} / ${subjects} subjects`);
  const filed = (await row.textContent())!.match(/Filed in the eTMF as (DOC-[A-Z0-9]+-\d{5})/)?.[1];
  expect(filed).toBeTruthy();

  // Downloaded from the card: a zip with the casebooks, the ODM, the audit trail and the manifest.
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download zip' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${study.studyId}-site-.+-close-out-archive-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const names = await zipEntries(await readFile((await file.path())!));
  expect(names.filter((n) => n.startsWith('casebooks/') && n.endsWith('.pdf'))).toHaveLength(subjects);
  expect(names).toEqual(expect.arrayContaining(['audit-trail.csv', 'manifest.json']));
  expect(names.some((n) => /^odm\/.+-clinical-data\.xml$/.test(n))).toBe(true);

  // In the eTMF: the site's Final Subject Data document, current.
  await page.goto(`/etmf?study=${study.id}`);
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(filed!);
  const doc = page.locator(`[data-testid="etmf-row"][data-code="${filed}"]`);
  await expect(doc).toHaveCount(1);
  await expect(doc).toHaveAttribute('data-status', 'current');
  await expect(doc).toContainText('10.02.01');
});
