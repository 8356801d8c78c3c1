// tRPC calls as the signed-in user, through the API the page uses (plain JSON, as the web app sends).
import { expect, type Page } from '@playwright/test';

/** Calls a tRPC query and returns its data. */
export async function trpcQuery<T>(page: Page, path: string, input: unknown): Promise<T> {
  const res = await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).result.data as T;
}

/** Calls a tRPC mutation; it must succeed. */
export async function trpcMutation(page: Page, path: string, input: unknown): Promise<void> {
  const res = await page.request.post(`/trpc/${path}`, { data: input });
  expect(res.ok()).toBe(true);
}
