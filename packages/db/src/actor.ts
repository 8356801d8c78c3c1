// Every write goes through withActor: one transaction that first tells the database who acts, why
// and from where. The audit trigger (migration 0001) reads these settings and refuses a write to an
// audited table without them, so no code path can change clinical data without an audit record.
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './connect.ts';

export type Tx = Transaction<Database>;

export interface Actor {
  /** The signed-in user; null for the system itself (migrations, demo-data loader, scheduled jobs). */
  userId: number | null;
  reason: string;
  clientIp?: string | null;
}

export async function withActor<T>(db: Db, actor: Actor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (!actor.reason.trim()) throw new Error('A reason for change is required');
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('app.user_id', ${actor.userId === null ? 'system' : String(actor.userId)}, true),
                     set_config('app.reason', ${actor.reason}, true),
                     set_config('app.client_ip', ${actor.clientIp ?? ''}, true)`.execute(tx);
    return work(tx);
  });
}
