// Keyboard-only journeys (WCAG 2.1.1, 2.4.7, issue 27): signing in and answering a query with Tab,
// Shift+Tab, Enter, Space and the arrow keys, never the mouse. Every control the focus lands on on the
// way must show a focus indicator drawn in the primary colour (an outline or a ring).
import { test, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support/auth';
import { trpcQuery } from './support/trpc';

const PRIMARY = 'rgb(37, 99, 235)';

/** Whether the focused element draws a focus indicator in the primary colour (outline or ring). */
function focusIndicatorMissing(page: Page): Promise<string | null> {
  return page.evaluate(async (primary) => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    // Controls with a transition draw their ring over a few frames.
    await Promise.all(el.getAnimations().map((a) => a.finished));
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && s.outlineColor === primary;
    const ring = s.boxShadow.includes(primary);
    if (outline || ring) return null;
    return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  }, PRIMARY);
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, checking the focus indicator of every
 * control passed on the way.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const missing: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const without = await focusIndicatorMissing(page);
    if (without) missing.push(without);
    if (await target.evaluate((el) => el === document.activeElement)) {
      expect(missing, `controls without a visible focus indicator: ${missing.join(', ')}`).toEqual([]);
      return;
    }
  }
  throw new Error(`${target} not reached in ${max} presses of Tab`);
}

async function signInByKeyboard(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

test('log in with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  // Shift+Tab from the password back to the email works too; the button submits on Space.
  await tabTo(page, page.getByLabel('Password'), { max: 10 });
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, page.getByLabel('Email'), { back: true, max: 5 });
  await page.keyboard.type('admin@demo.local');
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }), { max: 5 });
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the first Tab in the shell offers to skip to the main content', async ({ page }) => {
  await signInByKeyboard(page, 'admin@demo.local', '/dashboard');
  await page.goto('/dashboard');
  await expect(page.getByTestId('data-quality-score')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands inside the screen, not in the side bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('answer a query with the keyboard alone: /queries, open the query, write a response, send', async ({ page }) => {
  test.setTimeout(90_000);
  await signInByKeyboard(page, 'coordinator@demo.local', '/queries');
  const open = (await trpcQuery<{ items: { queryId: string }[] }>(page, 'queries.list', { status: 'open', limit: 1, offset: 0 })).items[0]!;
  const row = page.locator(`[data-testid="query-row"][data-query-id="${open.queryId}"]`);

  // Find the query with the search box.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search queries' }));
  await page.keyboard.type(open.queryId);
  await expect(page.getByTestId('query-row')).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'open');

  // Open it: its details first, closed again with Escape.
  await tabTo(page, row.getByRole('button', { name: open.queryId, exact: true }), { max: 20 });
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog');
  await expect(details).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  // The focus is back on the control that opened the dialog (WCAG 2.4.3).
  await expect(row.getByRole('button', { name: open.queryId, exact: true })).toBeFocused();

  // The row's menu: Enter opens it, the arrow keys move to Add Response.
  await tabTo(page, page.getByRole('button', { name: `Actions for ${open.queryId}` }), { max: 20 });
  await page.keyboard.press('Enter');
  const addResponse = page.getByRole('menuitem', { name: 'Add Response' });
  for (let i = 0; i < 6 && !(await addResponse.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(addResponse).toBeFocused();
  await page.keyboard.press('Enter');

  const respond = page.getByRole('dialog', { name: 'Add Response' });
  await expect(respond.getByLabel('Response')).toBeFocused();
  await page.keyboard.type('Checked against the source document: the value stands.');
  await tabTo(page, respond.getByRole('button', { name: 'Send response' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(respond).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'answered');
  // Chosen from the row's menu, the dialog gives the focus back to the menu's button.
  await expect(page.getByRole('button', { name: `Actions for ${open.queryId}` })).toBeFocused();
});
