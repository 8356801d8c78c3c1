// Notifications by e-mail through the mail job, received by a real SMTP server: each pending notification
// is sent once to its recipient with its title and link and never its body; a second pass sends nothing;
// a failed attempt is retried later and given up after the last attempt; deactivated recipients and a
// platform without a mail server clear the flag without sending; and old rows are never pending.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { keyedMessage } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { testConfig } from './support/app.ts';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from './support/smtp.ts';
import { notifyUser } from '../src/modules/notifications/notify.ts';
import { MAIL_ATTEMPTS, sendNotificationMail } from '../src/modules/notifications/mail.ts';

const CONFIDENTIAL = 'Haemoglobin 7.1 g/dL on day 8';

let t: TestDatabase;
let smtp: SmtpReceiver;
let smtpUrl: string;
let received: ReceivedMail[];
let users: { id: number; email: string }[];

async function notify(userId: number, code: string): Promise<number> {
  const study = await t.database.db.selectFrom('studies').select('id').orderBy('id').executeTakeFirstOrThrow();
  await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) =>
    notifyUser(tx, userId, { kind: 'query_raised', studyId: study.id, title: keyedMessage('queryRaisedTitle', { code }), body: CONFIDENTIAL, link: `/queries?q=${code}` }),
  );
  const row = await t.database.db.selectFrom('notifications').select(['id', 'mailPending']).where('userId', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(row.mailPending).toBe(true);
  return row.id;
}

const stateOf = (id: number) =>
  t.database.db.selectFrom('notifications').select(['mailPending', 'mailAttempts', 'mailedAt']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  smtpUrl = smtp.url;
  received = smtp.received;
  t = await createTestDatabase({ seed: true });
  users = await t.database.db.selectFrom('users').select(['id', 'email']).where('isActive', '=', true).orderBy('id').limit(3).execute();
  // Whatever the demo load produced is not this test's business.
  await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) => tx.updateTable('notifications').set({ mailPending: false }).execute());
});

afterAll(async () => {
  await t.cleanup();
  await smtp.close();
});

beforeEach(() => {
  received.length = 0;
});

describe('notification e-mails', () => {
  it('sends each pending notification once, with its title and link but not its body', async () => {
    const a = await notify(users[0]!.id, 'Q-MAIL-1');
    const b = await notify(users[1]!.id, 'Q-MAIL-2');
    const config = testConfig({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://trials.hospital.example' });
    const first = await sendNotificationMail(t.database.db, config);
    expect(first).toMatchObject({ sent: 2, failed: 0 });
    expect(received.map((m) => m.to[0]).sort()).toEqual([users[0]!.email, users[1]!.email].sort());
    const toA = received.find((m) => m.to[0] === users[0]!.email)!.body.replace(/=\r?\n/g, '');
    expect(toA).toContain('Q-MAIL-1');
    expect(toA).toContain('https://trials.hospital.example/queries?q=3DQ-MAIL-1'); // quoted-printable '='
    expect(toA).not.toContain('Haemoglobin');
    for (const id of [a, b]) expect(await stateOf(id)).toMatchObject({ mailPending: false, mailAttempts: 1 });
    expect((await stateOf(a)).mailedAt).not.toBeNull();

    const second = await sendNotificationMail(t.database.db, config);
    expect(second).toMatchObject({ sent: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it('retries a failed e-mail after its back-off and gives up after the last attempt', async () => {
    const id = await notify(users[0]!.id, 'Q-MAIL-3');
    const unreachable = testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(await sendNotificationMail(t.database.db, unreachable)).toMatchObject({ sent: 0, failed: 1 });
    expect(await stateOf(id)).toMatchObject({ mailPending: true, mailAttempts: 1 });
    // Within the back-off (two minutes after the news) nothing is tried again.
    expect(await sendNotificationMail(t.database.db, unreachable)).toMatchObject({ failed: 0 });
    for (let attempt = 2; attempt <= MAIL_ATTEMPTS; attempt++) {
      await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) =>
        sql`update notifications set created_at = now() - interval '20 minutes' where id = ${id}`.execute(tx),
      );
      expect(await sendNotificationMail(t.database.db, unreachable)).toMatchObject({ failed: 1 });
    }
    expect(await stateOf(id)).toMatchObject({ mailPending: false, mailAttempts: MAIL_ATTEMPTS, mailedAt: null });
  });

  it('drops news for a deactivated recipient, stale news, and everything when no mail server is configured', async () => {
    const config = testConfig({ SMTP_URL: smtpUrl });
    const stale = await notify(users[0]!.id, 'Q-MAIL-4');
    await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) => sql`update notifications set created_at = now() - interval '2 days' where id = ${stale}`.execute(tx));
    expect(await sendNotificationMail(t.database.db, config)).toMatchObject({ sent: 0, dropped: 1 });

    const gone = await notify(users[2]!.id, 'Q-MAIL-6');
    await withActor(t.database.db, { userId: null, reason: 'test' }, (tx) => sql`update users set is_active = false, deactivated_at = now() where id = ${users[2]!.id}`.execute(tx));
    expect(await sendNotificationMail(t.database.db, config)).toMatchObject({ sent: 0, dropped: 1 });
    expect(await stateOf(gone)).toMatchObject({ mailPending: false, mailedAt: null });

    const unmailed = await notify(users[1]!.id, 'Q-MAIL-5');
    expect(await sendNotificationMail(t.database.db, testConfig())).toMatchObject({ sent: 0, dropped: 1 });
    expect(await stateOf(unmailed)).toMatchObject({ mailPending: false, mailedAt: null });
    expect(received).toHaveLength(0);
  });
});
