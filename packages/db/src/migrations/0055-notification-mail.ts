// Notifications by e-mail, sent by a background job (issue 29: notifications that need sending become
// jobs). A notification written from now on waits for the mail job (mail_pending); rows that existed
// before this migration never do (the column is added with false, then its default becomes true, so no
// table rewrite and no flood of old news). The job clears the flag when it sends, gives up after five
// failed attempts, and clears it without sending when no mail server is configured.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE notifications ADD COLUMN mail_pending boolean NOT NULL DEFAULT false`,
  `ALTER TABLE notifications ALTER COLUMN mail_pending SET DEFAULT true`,
  `ALTER TABLE notifications ADD COLUMN mail_attempts integer NOT NULL DEFAULT 0 CHECK (mail_attempts BETWEEN 0 AND 100)`,
  `ALTER TABLE notifications ADD COLUMN mailed_at timestamptz`,
  `CREATE INDEX notifications_mail_pending_idx ON notifications (id) WHERE mail_pending`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
