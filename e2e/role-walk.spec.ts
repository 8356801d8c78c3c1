// Every screen as every role: each demo account opens every screen of the shell, a study with each of
// its tabs, a site, a trial and a casebook it may read. Nothing may throw in the page, answer 5xx, or
// end on the router's error screen; each screen shows its heading. A screen a role may not use must say
// so, not break. (Screens' own journeys are tested elsewhere; this catches what no journey visits.)
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';

const ROLES = ['admin', 'study-manager', 'data-manager', 'investigator', 'coordinator', 'monitor', 'sponsor', 'dual-role'];

const SCREENS = [
  '/dashboard',
  '/studies',
  '/sites',
  '/patients',
  '/inclusions',
  '/queries',
  '/forms',
  '/data-entry',
  '/coding',
  '/monitoring',
  '/analytics',
  '/compliance',
  '/notifications',
  '/etmf',
  '/ertms',
  '/ctms',
  '/cdisc-standards',
  '/profile',
  '/admin/users',
  '/admin/webhooks',
];

interface Trouble {
  where: string;
  what: string;
}

/** Collects what goes wrong while the page is used: uncaught errors and 5xx answers. */
function watch(page: Page, troubles: Trouble[]) {
  let where = '';
  page.on('pageerror', (err) => troubles.push({ where, what: `page error: ${err.message.slice(0, 200)}` }));
  page.on('response', async (res) => {
    const path = new URL(res.url()).pathname;
    if (res.status() >= 500) troubles.push({ where, what: `${res.status()} ${res.request().method()} ${path}` });
    // A tRPC batch answers 207 when its calls end differently: a 500 hides inside.
    if (res.status() === 207 && path.startsWith('/trpc/')) {
      const answers = (await res.json().catch(() => [])) as { error?: { data?: { httpStatus?: number; path?: string } } }[];
      for (const a of answers) {
        const data = a.error?.data;
        if ((data?.httpStatus ?? 0) >= 500) troubles.push({ where, what: `${data!.httpStatus} in a batch: ${data!.path}` });
      }
    }
  });
  return (at: string) => {
    where = at;
  };
}

/** The screen has rendered: a heading, and no request still loading its first data. */
async function settled(page: Page, at: string) {
  await expect(page.getByRole('heading', { level: 1 }).first(), `heading on ${at}`).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByText('Unexpected Application Error'), `router error screen on ${at}`).toHaveCount(0);
}

/** The first link on the page whose address matches, as a path. */
async function firstLink(page: Page, pattern: RegExp): Promise<string | null> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((h) => pattern.test(h)) ?? null;
}

for (const role of ROLES) {
  test(`${role} opens every screen, a study's tabs, a site, a trial and a casebook without an error`, async ({ page }) => {
    test.setTimeout(240_000);
    const troubles: Trouble[] = [];
    const at = watch(page, troubles);
    at('/login');
    await loginAs(page, role);

    for (const path of SCREENS) {
      at(path);
      await page.goto(path);
      await settled(page, path);
    }

    // A study it reads, with every tab it is shown.
    at('/studies');
    await page.goto('/studies');
    await settled(page, '/studies');
    const study = await firstLink(page, /^\/studies\/\d+$/);
    if (study) {
      at(study);
      await page.goto(study);
      await settled(page, study);
      const tabs = page.getByRole('tab');
      const names = await tabs.allInnerTexts();
      for (const name of names) {
        at(`${study} tab ${name}`);
        await page.getByRole('tab', { name, exact: true }).click();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      }
    }

    for (const [list, pattern] of [
      ['/sites', /^\/sites\/\d+$/],
      ['/ctms', /^\/trials\/\d+$/],
      ['/patients', /^\/casebook\/\d+$/],
    ] as const) {
      at(list);
      await page.goto(list);
      await settled(page, list);
      const target = await firstLink(page, pattern);
      if (!target) continue;
      at(target);
      await page.goto(target);
      await settled(page, target);
    }

    expect(troubles, troubles.map((t) => `${t.where}: ${t.what}`).join('\n')).toEqual([]);
  });
}
