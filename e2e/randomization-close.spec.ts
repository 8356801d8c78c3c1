// Closing randomization (issue 30): in the demo's last double-blind study, an administrator uploads a
// statistician's list that breaks the rules and sees every offending row named, the scheme staying a
// draft; then the study's database is locked, the administrator requests the planned unblinding of the
// whole study, cannot approve it herself, and a second administrator (invited here through user
// administration) approves it; the unblinding report lists it.
import { test, expect, type Page } from '@playwright/test';
import { loginAs } from './support/auth';

const SECOND_PASSWORD = 'Second-Admin-Pass-2026!';

async function call<T>(page: Page, path: string, input: unknown, method: 'get' | 'post' = 'post'): Promise<T> {
  const res =
    method === 'post'
      ? await page.request.post(`/trpc/${path}`, { data: input })
      : await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).result.data as T;
}

/** The demo's last double-blind study (the first one is randomize.spec's). */
async function lastBlindedStudy(page: Page): Promise<number> {
  let found = 0;
  for (let id = 1; id <= 30; id++) {
    const res = await page.request.get(`/trpc/studies.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`);
    if (res.ok() && (await res.json()).result.data.blinding === 'double_blind') found = id;
  }
  expect(found).toBeGreaterThan(0);
  return found;
}

test('a wrong list is refused with its rows named; two administrators unblind the locked study', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'admin', '/dashboard');
  const studyId = await lastBlindedStudy(page);
  const data = await call<{ arms: { id: number; code: string }[]; production: { version: number; status: string } | null }>(page, 'randomization.get', { studyId }, 'get');
  if (data.production?.status !== 'live') {
    await call(page, 'randomization.save', {
      studyId,
      kind: 'production',
      version: data.production?.version,
      reason: 'The statistician provides the list',
      method: 'blocks',
      arms: data.arms.slice(0, 2).map((a) => ({ armId: a.id, ratio: 1 })),
      factors: [{ key: 'sex', label: 'Sex', source: 'subject', levels: ['F', 'M'], weight: 1 }],
      blockSizes: [2],
      minimization: null,
      plannedEnrollment: 4,
      marginPercent: 0,
    });
    const [a, b] = data.arms;
    // Row 3 repeats number 1001; row 5 names no arm of the study; stratum sex=M has no list.
    const csv = ['randomization_number,stratum,arm', `1001,sex=F,${a!.code}`, `1001,sex=F,${b!.code}`, `1003,sex=F,${a!.code}`, '1004,sex=F,NO-SUCH-ARM'].join('\n');
    await page.goto(`/studies/${studyId}`);
    await page.getByRole('tab', { name: 'Randomization' }).click();
    await page.getByRole('button', { name: 'Production' }).click();
    const upload = page.getByTestId('rz-upload');
    await upload.getByLabel('CSV file').setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.getByLabel('Reason for change').fill('Statistician list v1');
    await upload.getByRole('button', { name: 'Check and go live on this list' }).click();
    const problems = upload.getByTestId('rz-upload-problems');
    await expect(problems).toContainText('Row 3: Randomization number 1001 repeats row 2');
    await expect(problems).toContainText('Row 5: Not an arm or treatment code of the scheme');
    await expect(problems).toContainText('Stratum sex=M has no list');
    await expect(page.getByTestId('rz-status')).toHaveText('Draft');
  }

  // A second administrator, invited through user administration, sets a password.
  const email = `second.admin.${Date.now()}@site.example`;
  const invited = await call<{ link: { path: string } }>(page, 'users.invite', { email, fullName: 'Second Administrator', role: 'admin' });
  const url = invited.link.path;
  expect(url).toMatch(/set-password\?token=/);

  // Database lock, then the request by the first administrator, who cannot approve.
  await call(page, 'casebook.lockStudy', { studyId, reason: 'Database lock for the final analysis', acknowledgeOpenQueries: true });
  await page.goto(`/studies/${studyId}`);
  await page.getByRole('tab', { name: 'Randomization' }).click();
  await page.getByRole('button', { name: 'Production' }).click();
  const card = page.getByTestId('planned-unblinding');
  await expect(card.getByTestId('planned-lock')).toHaveText("The study's database is locked.");
  await card.getByLabel('Reason').fill('Final analysis after database lock');
  await card.getByRole('button', { name: 'Request the unblinding' }).click();
  await expect(card.getByTestId('planned-request')).toContainText('Waiting for another administrator');
  await expect(card.getByRole('button', { name: 'Approve: unblind the study' })).toHaveCount(0);

  const second = await (await browser.newContext()).newPage();
  await second.goto(new URL(url, page.url()).toString());
  await second.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD);
  await second.getByLabel('Repeat the new password').fill(SECOND_PASSWORD);
  await second.getByRole('button', { name: 'Save password' }).click();
  await expect(second).toHaveURL(/\/login\?passwordSet=1/);
  await second.getByLabel('Password').fill(SECOND_PASSWORD);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second).toHaveURL(/\/dashboard$/);
  await second.goto(`/studies/${studyId}`);
  await second.getByRole('tab', { name: 'Randomization' }).click();
  await second.getByRole('button', { name: 'Production' }).click();
  const approval = second.getByTestId('planned-unblinding');
  await expect(approval).toContainText('Waiting for your approval');
  await approval.getByLabel('Your password').fill(SECOND_PASSWORD);
  await approval.getByRole('button', { name: 'Approve: unblind the study' }).click();
  await expect(approval.getByTestId('planned-approved')).toContainText('Approved by Second Administrator');

  // The unblinding report lists the planned unblinding, for the first administrator too.
  await page.reload();
  await page.getByRole('tab', { name: 'Randomization' }).click();
  await page.getByRole('button', { name: 'Production' }).click();
  await expect(page.getByTestId('planned-approved')).toBeVisible();
});
