// WCAG 2.2 AA with axe on every route of the app (issue 27): the public pages signed out, every screen of
// the shell as an administrator, each with the demo's first record where the route takes an id. A page
// fails on any serious or critical violation, and unless it has exactly one h1 and one main landmark and
// its browser tab is titled after its h1.
import { test, expect, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PUBLIC_PAGES = ['/', '/login', '/forgot-password', '/set-password', '/no-such-page'];

type Items<T> = { items: T[] };

/** The shell's routes (apps/web/src/routes.tsx), ids filled with the demo's first records. */
async function shellRoutes(page: Page): Promise<string[]> {
  const study = (await trpcQuery<Items<{ id: number }>>(page, 'studies.list', { limit: 1 })).items[0]!;
  const site = (await trpcQuery<Items<{ id: number }>>(page, 'sites.list', { limit: 1, offset: 0 })).items[0]!;
  const patient = (await trpcQuery<Items<{ id: number }>>(page, 'patients.list', { status: 'enrolled', limit: 1 })).items[0]!;
  const trial = (await trpcQuery<Items<{ trialId: string }>>(page, 'trials.list', { limit: 1 })).items[0]!;
  const form = (await trpcQuery<Items<{ id: number }>>(page, 'forms.list', { limit: 1 })).items[0]!;
  const user = (await trpcQuery<Items<{ id: number }>>(page, 'users.list', { limit: 1 })).items[0]!;
  return [
    '/dashboard',
    '/studies',
    `/studies/${study.id}`,
    '/sites',
    `/sites/${site.id}`,
    '/patients',
    '/inclusions',
    '/queries',
    '/cdisc-standards',
    '/forms',
    `/forms/${form.id}/edit`,
    '/data-entry',
    '/coding',
    `/casebook/${patient.id}`,
    '/monitoring',
    '/analytics',
    '/compliance',
    '/notifications',
    '/etmf',
    '/ertms',
    '/ctms',
    `/trials/${trial.trialId}`,
    '/profile',
    '/admin/users',
    `/admin/users/${user.id}`,
  ];
}

/** Opens a page and waits until its data has loaded: no request running, no skeleton, nothing busy. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Serious and critical axe violations on the page, one line each: rule, target, page. */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} at ${n.target.join(' ')} on ${path}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`));
}

/** The browser tab names the screen by its h1 (WCAG 2.4.2): "<h1 text> · ClinicalAI". */
async function titleProblem(page: Page, path: string): Promise<string | null> {
  const title = await page.title();
  const name = title.replace(/ · ClinicalAI$/, '');
  const h1 = ((await page.locator('h1').first().textContent()) ?? '').trim();
  return title.endsWith(' · ClinicalAI') && name && h1.includes(name) ? null : `title "${title}" does not name ${path} (h1 "${h1}")`;
}

async function checkPage(page: Page, path: string) {
  await open(page, path);
  await expect(page.locator('h1'), `one h1 on ${path}`).toHaveCount(1);
  await expect(page.getByRole('main'), `one main landmark on ${path}`).toHaveCount(1);
  // The landing page keeps the product's own title.
  if (path !== '/') expect(await titleProblem(page, path)).toBeNull();
  const found = await seriousViolations(page, path);
  expect(found, found.join('\n')).toEqual([]);
}

test.describe('signed out', () => {
  for (const path of PUBLIC_PAGES) {
    test(`axe, one h1 and one main on ${path}`, async ({ page }) => {
      await checkPage(page, path);
    });
  }
});

test.describe('as an administrator', () => {
  // One browser context and one log-in for every screen of the shell.
  let page: Page;
  let routes: string[] = [];
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    page = await (await browser.newContext()).newPage();
    await loginAs(page, 'admin');
    routes = await shellRoutes(page);
  });
  test.afterAll(async () => page.context().close());

  test('axe, one h1 and one main on every screen of the shell', async () => {
    test.setTimeout(25 * 20_000);
    const failures: string[] = [];
    for (const path of routes) {
      await test.step(path, async () => {
        await open(page, path);
        const h1 = await page.locator('h1').count();
        const main = await page.getByRole('main').count();
        if (h1 !== 1) failures.push(`${h1} h1 elements on ${path}`);
        if (main !== 1) failures.push(`${main} main landmarks on ${path}`);
        const title = await titleProblem(page, path);
        if (title) failures.push(title);
        failures.push(...(await seriousViolations(page, path)));
      });
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

/** What a screen shows after a click: its dialogs and tabs, each checked by axe as it is shown. */
const SECOND_VIEWS: { path: string; name: string; open: (page: Page) => Promise<void> }[] = [
  { path: '/studies', name: 'New Study dialog', open: (p) => p.getByRole('button', { name: 'New Study' }).first().click() },
  { path: '/sites', name: 'Add New Site dialog', open: (p) => p.getByRole('button', { name: 'Add New Site' }).first().click() },
  { path: '/etmf', name: 'Upload Document dialog', open: (p) => p.getByRole('button', { name: 'Upload Document' }).first().click() },
  { path: '/admin/users', name: 'Invite User dialog', open: (p) => p.getByRole('button', { name: 'Invite User' }).first().click() },
  { path: '/queries', name: 'query details', open: (p) => p.getByTestId('query-row').first().getByRole('rowheader').getByRole('button').click() },
  { path: '/coding', name: 'coding decision dialog', open: (p) => p.getByTestId('coding-row').first().getByRole('button', { name: 'Pick another term' }).click() },
  ...['Enrollment', 'Sites', 'Forms', 'Team'].map((tab) => ({
    path: 'study',
    name: `study ${tab} tab`,
    open: (p: Page) => p.getByRole('tab', { name: tab }).click(),
  })),
];

test('axe on the dialogs and tabs a screen opens, as an administrator', async ({ page }) => {
  test.setTimeout(SECOND_VIEWS.length * 20_000);
  await loginAs(page, 'admin');
  const study = (await trpcQuery<Items<{ id: number }>>(page, 'studies.list', { limit: 1 })).items[0]!;
  const failures: string[] = [];
  for (const view of SECOND_VIEWS) {
    const path = view.path === 'study' ? `/studies/${study.id}` : view.path;
    await test.step(`${view.name} on ${path}`, async () => {
      await open(page, path);
      await view.open(page);
      const dialog = page.getByRole('dialog');
      if (view.path !== 'study') await expect(dialog).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      failures.push(...(await seriousViolations(page, `${path} (${view.name})`)));
    });
  }
  expect(failures, failures.join('\n')).toEqual([]);
});

test("a dialog's close button is named in the reader's language", async ({ page }) => {
  await loginAs(page, 'monitor', '/queries');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByTestId('query-row').first().getByRole('rowheader').getByRole('button').click();
  // The corner button (named by its label; the dialog's own footer button is a text one).
  await expect(page.getByRole('dialog').getByLabel('Schließen', { exact: true })).toBeVisible();
  // Back to English for the tests that follow (the choice is remembered).
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sprache' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
