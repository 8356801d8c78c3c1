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
 * Chooses, in a study picker, the first study that is not blinded (the other helper: the first that is):
 * in a blinded study only administrators and the unblinded team see arms, so a data manager's SDTM run of
 * it is a blinded run with DM's arms blank (README, "Blinding"); the specs of full runs pick open-label.
 */
export async function chooseOpenLabelStudy(page: Page, picker: import('@playwright/test').Locator): Promise<number> {
  return chooseStudy(page, picker, (blinding) => !blinding || blinding === 'open_label');
}

/** Chooses, in a study picker, the first double-blind study. */
export async function chooseDoubleBlindStudy(page: Page, picker: import('@playwright/test').Locator): Promise<number> {
  return chooseStudy(page, picker, (blinding) => blinding === 'double_blind');
}

async function chooseStudy(page: Page, picker: import('@playwright/test').Locator, wanted: (blinding: string | undefined) => boolean): Promise<number> {
  const values = () => picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  await expect.poll(async () => (await values()).length).toBeGreaterThan(0);
  for (const value of await values()) {
    const study = await trpcQuery<{ blinding?: string }>(page, 'studies.byId', { id: Number(value) });
    if (wanted(study.blinding)) {
      await picker.selectOption(value);
      return Number(value);
    }
  }
  throw new Error('No study of the blinding wanted in the picker');
}
