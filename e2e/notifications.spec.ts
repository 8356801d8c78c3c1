// Notifications end to end: a monitor raises a query at the coordinator's site; the coordinator's bell
// counts it, opening it from the bell lands on the query and marks it read, and /notifications lists
// it as read; in Japanese its title (written by the server) reads in Japanese.
import { test, expect } from '@playwright/test';
import { loginAs } from './support/auth';
import { trpcQuery } from './support/trpc';
import jaValidation from '../apps/web/src/locales/ja/validation.json' with { type: 'json' };

test('a raised query reaches the site staff through the bell and the notifications page', async ({ browser }) => {
  test.setTimeout(90_000);
  const coordinatorContext = await browser.newContext();
  const coordinator = await coordinatorContext.newPage();
  await loginAs(coordinator, 'coordinator', '/dashboard');
  const subject = (await trpcQuery<{ items: { id: number }[] }>(coordinator, 'patients.list', { limit: 1, status: 'enrolled' })).items[0]!;

  const monitorContext = await browser.newContext();
  const monitor = await monitorContext.newPage();
  await loginAs(monitor, 'monitor', '/dashboard');
  const res = await monitor.request.post('/trpc/queries.create', { data: { patientId: subject.id, type: 'clarification', description: 'E2E notification check' } });
  expect(res.ok()).toBe(true);
  const code: string = (await res.json()).result.data.code;
  expect(code).toBeTruthy();

  await coordinator.reload();
  const bell = coordinator.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const count = bell.getByTestId('notification-count');
  await expect(count).toBeVisible();
  expect(Number((await count.textContent())?.replace('+', ''))).toBeGreaterThanOrEqual(1);

  await bell.click();
  const item = coordinator.getByRole('menuitem').filter({ hasText: code }).first();
  await expect(item).toBeVisible();
  const marked = coordinator.waitForResponse((r) => r.url().includes('/trpc/notifications.markRead') && r.ok());
  await item.click();
  await marked;
  await expect(coordinator).toHaveURL(new RegExp(`/queries\\?q=${code}$`));

  await coordinator.goto('/notifications');
  await expect(coordinator.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const row = coordinator.getByTestId('notification-item').filter({ hasText: code }).first();
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-read', 'true');
  await expect(row).toContainText(`Query ${code} raised`);

  // In Japanese the title the server wrote reads in Japanese (its key and values, migration 0046); the
  // monitor's own words stay as written.
  await coordinator.evaluate(() => localStorage.setItem('ctp.language', 'ja'));
  await coordinator.reload();
  const translated = coordinator.getByTestId('notification-item').filter({ hasText: code }).first();
  await expect(translated).toContainText(jaValidation['Query {{code}} raised'].replace('{{code}}', code));
  await expect(translated).toContainText('E2E notification check');
  await expect(translated).not.toContainText('raised');

  await coordinatorContext.close();
  await monitorContext.close();
});
