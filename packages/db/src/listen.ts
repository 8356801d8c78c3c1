// A dedicated PostgreSQL connection that LISTENs on one channel for as long as the process lives:
// it reconnects after a lost connection (a database restart, a dropped network, a terminated backend),
// and says so, since notifications sent while it was away are lost for good. A heartbeat query finds a
// connection that died without a word (a dropped network sends no reset) within seconds.
import pg from 'pg';

export interface ListenOptions {
  databaseUrl: string;
  channel: string;
  onMessage(payload: string): void;
  /** Listening (again): `first` is false after a reconnection, when messages may have been missed. */
  onListening(first: boolean): void;
  /** The connection is lost; listening resumes with onListening(false). */
  onLost(err: Error): void;
  /** Reconnection waits 0.5 s, doubling up to this (default 10 s). */
  maxRetryMs?: number;
  /** A query every heartbeatMs (default 5 s) must answer within as long, or the connection is given up. */
  heartbeatMs?: number;
}

export interface Listening {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export function listen(opts: ListenOptions): Listening {
  const maxRetryMs = opts.maxRetryMs ?? 10_000;
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  let client: pg.Client | null = null;
  let closed = false;
  let listenedOnce = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (closed) return;
    retryTimer = setTimeout(() => void open(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const lose = (c: pg.Client, err: Error) => {
    if (client !== c) return;
    client = null;
    clearInterval(heartbeat);
    c.end().catch(() => {});
    opts.onLost(err);
    schedule();
  };

  async function open() {
    const c = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'ctp-cache-listener', connectionTimeoutMillis: 5_000, keepAlive: true });
    // Kept for the client's whole life: an 'error' without a handler would end the process.
    c.on('error', (err) => lose(c, err));
    c.on('end', () => lose(c, new Error('connection ended')));
    c.on('notification', (n) => {
      if (n.channel === opts.channel && n.payload) opts.onMessage(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(opts.channel)}`);
    } catch {
      c.removeAllListeners('end');
      c.end().catch(() => {});
      return schedule();
    }
    if (closed) return void c.end().catch(() => {});
    client = c;
    retryMs = 500;
    heartbeat = setInterval(() => {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('heartbeat unanswered')), heartbeatMs).unref());
      Promise.race([c.query('select 1'), timeout]).catch((err: Error) => lose(c, err));
    }, heartbeatMs);
    heartbeat.unref();
    opts.onListening(!listenedOnce);
    listenedOnce = true;
  }

  void open();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}
