// Sending the deliveries the outbox trigger wrote: a periodic job (once per WEBHOOK_DELIVERY_SECONDS
// across all instances). A batch is leased (next_attempt_at moved ahead, FOR UPDATE SKIP LOCKED) in a
// short transaction, sent outside it, and its answer recorded: a process that dies mid-send leaves the
// lease to expire and another instance sends again, so a receiver may see a delivery twice (it
// dedupes by X-CTP-Delivery) but never loses one. Per endpoint and record, a delivery waits until the
// earlier ones are settled, so a receiver gets a record's events in order.
import { sql, withActor, type Db } from '@ctp/db';
import { WEBHOOK_MAX_ATTEMPTS } from '@ctp/contracts';
import { signatureHeader } from './sign.ts';
import { APP_VERSION } from '../../version.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

const BATCH = 20;
const BATCHES_PER_PASS = 10;
/** How long a leased delivery is left to its sender before another instance may send it. */
const LEASE_SECONDS = 120;
const TIMEOUT_MS = 10_000;
/** The receiver's answer kept in the log, in characters. */
const ANSWER_KEPT = 1000;

export interface DeliveryPassResult {
  delivered: number;
  retrying: number;
  failed: number;
}

interface Leased {
  id: number;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
}

/** The wait before attempt n+1 after n failed ones: 30 s, 1, 2, 4 ... minutes, at most 6 hours. */
export function backoffSeconds(failedAttempts: number): number {
  return Math.min(30 * 2 ** (failedAttempts - 1), 6 * 3600);
}

async function lease(db: Db): Promise<Leased[]> {
  return withActor(db, { userId: null, reason: 'Webhook delivery' }, async (tx) => {
    const { rows } = await sql<Leased>`
      with due as (
        select d.id from webhook_deliveries d
         where d.status = 'pending' and d.next_attempt_at <= now()
           and not exists (select 1 from webhook_deliveries e
                            where e.endpoint_id = d.endpoint_id and e.record_key = d.record_key
                              and e.status = 'pending' and e.id < d.id)
         order by d.id limit ${BATCH}
           for update of d skip locked
      )
      update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
        from due, webhook_endpoints w, webhook_secrets s
       where d.id = due.id and w.id = d.endpoint_id and s.endpoint_id = w.id
      returning d.id, d.event, d.payload, d.attempts, w.url, s.secret`.execute(tx);
    return rows.map((r) => ({ ...r, id: Number(r.id), payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
  });
}

interface Answer {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
}

async function send(d: Leased): Promise<Answer> {
  const body = JSON.stringify({ id: d.id, ...d.payload });
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(d.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': `clinical-trial-platform-webhooks/${APP_VERSION}`,
        'x-ctp-event': d.event,
        'x-ctp-delivery': String(d.id),
        'x-ctp-signature': signatureHeader(d.secret, timestamp, body),
      },
      body,
    });
    const text = (await res.text().catch(() => '')).slice(0, ANSWER_KEPT);
    return { ok: res.status >= 200 && res.status < 300, status: res.status, body: text, error: null };
  } catch (err) {
    // The error's name and code only (a message could echo the address's credentials).
    const e = err as { name?: string; cause?: { code?: string } };
    return { ok: false, status: null, body: null, error: [e.name, e.cause?.code].filter(Boolean).join(': ') || 'Error' };
  }
}

async function record(db: Db, d: Leased, a: Answer): Promise<'delivered' | 'retrying' | 'failed'> {
  const attempts = d.attempts + 1;
  const outcome = a.ok ? 'delivered' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'retrying';
  await withActor(db, { userId: null, reason: 'Webhook delivery' }, (tx) =>
    tx
      .updateTable('webhookDeliveries')
      .set({
        attempts,
        lastAttemptAt: sql<Date>`now()`,
        responseStatus: a.status,
        responseBody: a.body,
        error: a.error,
        status: outcome === 'retrying' ? 'pending' : outcome,
        nextAttemptAt: sql<Date>`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
        deliveredAt: a.ok ? sql<Date>`now()` : null,
      })
      .where('id', '=', d.id)
      .execute(),
  );
  return outcome;
}

/** One pass: sends what is due, a batch at a time; deliveries of one batch go out in parallel. */
export async function deliverWebhooks(db: Db): Promise<DeliveryPassResult> {
  const result: DeliveryPassResult = { delivered: 0, retrying: 0, failed: 0 };
  for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
    const leased = await lease(db);
    // Two deliveries of one record never share a batch (the lease takes only the earliest pending one).
    const outcomes = await Promise.all(leased.map(async (d) => record(db, d, await send(d))));
    for (const o of outcomes) result[o]++;
    if (leased.length < BATCH) break;
  }
  return result;
}
