// Notifications by e-mail: a periodic job (once per NOTIFICATION_MAIL_SECONDS across all instances) sends
// what notify.ts wrote, so a slow or unreachable mail server never holds up the transaction that raised
// the news, and a notification is sent once even with several instances (rows claimed FOR UPDATE SKIP
// LOCKED). The message carries the notification's title and a link, never its body: a body may quote
// clinical data (a query's text), which does not belong in e-mail; the reader signs in to see it.
import { sql, withActor, type Db } from '@ctp/db';
import { publicUrlOf, type Config } from '../../config.ts';
import { sendMail } from '../../mail/mailer.ts';

export const NOTIFICATION_MAIL_JOB = 'notification-mail';

const BATCH = 50;
/** Batches per pass: a backlog drains over several passes instead of one pass running for ever. */
const BATCHES_PER_PASS = 20;
/** Attempts before a notification's e-mail is given up (its notification stays in the app). */
export const MAIL_ATTEMPTS = 5;
/** News older than this is not e-mailed any more (a mail server down for a day). */
const STALE_HOURS = 24;

export interface MailPassResult {
  sent: number;
  failed: number;
  dropped: number;
}

interface Pending {
  id: number;
  title: string;
  link: string;
  email: string;
  fullName: string;
  isActive: boolean;
  mailAttempts: number;
}

export function notificationEmail(config: Config, n: Pick<Pending, 'title' | 'link' | 'fullName'>) {
  return {
    subject: `[Clinical trial platform] ${n.title}`,
    text:
      `Hello ${n.fullName},\n\n${n.title}\n\nOpen it here (sign-in required):\n${publicUrlOf(config)}${n.link}\n\n` +
      'For confidentiality this message carries no details. You receive it because you are a member of the study team.',
  };
}

/** One pass: sends the pending notifications' e-mails; without a mail server, clears them. */
export async function sendNotificationMail(db: Db, config: Config, onFailure?: (err: unknown) => void): Promise<MailPassResult> {
  const result: MailPassResult = { sent: 0, failed: 0, dropped: 0 };
  const actor = { userId: null, reason: 'Notification e-mail' };
  if (!config.SMTP_URL) {
    // Nothing will ever send them; when a mail server is configured later, old news stays in the app.
    const any = await db.selectFrom('notifications').select('id').where('mailPending', '=', true).limit(1).executeTakeFirst();
    if (!any) return result;
    const cleared = await withActor(db, actor, (tx) => tx.updateTable('notifications').set({ mailPending: false }).where('mailPending', '=', true).executeTakeFirst());
    result.dropped = Number(cleared.numUpdatedRows);
    return result;
  }
  for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
    const claimed = await withActor(db, actor, async (tx) => {
      const stale = await sql`update notifications set mail_pending = false
         where mail_pending and created_at < now() - make_interval(hours => ${STALE_HOURS})`.execute(tx);
      result.dropped += Number(stale.numAffectedRows ?? 0);
      // A failed attempt waits 2, 4, 8, 16 minutes (from the news) before the next one.
      const { rows } = await sql<Pending>`
        select n.id, n.title, n.link, u.email, u.full_name as "fullName", u.is_active as "isActive", n.mail_attempts as "mailAttempts"
          from notifications n join users u on u.id = n.user_id
         where n.mail_pending
           and (n.mail_attempts = 0 or n.created_at + make_interval(mins => power(2, n.mail_attempts)::int) <= now())
         order by n.id limit ${BATCH}
           for update of n skip locked`.execute(tx);
      for (const n of rows) {
        if (!n.isActive) {
          await tx.updateTable('notifications').set({ mailPending: false }).where('id', '=', n.id).execute();
          result.dropped++;
          continue;
        }
        const sent = await sendMail(config, { to: n.email, ...notificationEmail(config, n) }, onFailure);
        if (sent) result.sent++;
        else result.failed++;
        const attempts = n.mailAttempts + 1;
        await tx
          .updateTable('notifications')
          .set(sent ? { mailPending: false, mailedAt: sql<Date>`now()`, mailAttempts: attempts } : { mailPending: attempts < MAIL_ATTEMPTS, mailAttempts: attempts })
          .where('id', '=', n.id)
          .execute();
      }
      return rows.length;
    });
    if (claimed < BATCH) break;
  }
  return result;
}
