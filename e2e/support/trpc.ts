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

/**
 * Chooses, in a study picker, the first study that is not blinded: in a blinded study only administrators
 * and study managers see arms, so a data manager may not generate its SDTM (README, "Blinding").
 */
export async function chooseOpenLabelStudy(page: Page, picker: import('@playwright/test').Locator): Promise<number> {
  const values = () => picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  await expect.poll(async () => (await values()).length).toBeGreaterThan(0);
  for (const value of await values()) {
    const study = await trpcQuery<{ blinding?: string }>(page, 'studies.byId', { id: Number(value) });
    if (!study.blinding || study.blinding === 'open_label') {
      await picker.selectOption(value);
      return Number(value);
    }
  }
  throw new Error('No open-label study in the picker');
}
