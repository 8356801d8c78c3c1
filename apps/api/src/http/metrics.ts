// Prometheus metrics for operators' dashboards (prom-client, text format at /metrics): requests by
// tRPC procedure or REST route and status with latency histograms, the PostgreSQL pool (connections in
// use, idle, requests waiting for one), background jobs from the database (running, oldest age and
// totals by type and status, the same figures whichever instance answers; on PostgreSQL also the job
// queue's depth, oldest waiting job and failures by job type, from pg-boss's tables), the audit chain's last
// verification (result, rows, age) and the process (CPU, memory, event-loop lag). Labels are bounded:
// a tRPC path that names no procedure counts as "unknown", and REST paths have their ids replaced.
// Served on the API port behind METRICS_TOKEN (a Bearer token), or on METRICS_PORT (an internal port,
// for a scraper inside the cluster), or not at all.
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql, type DbHandle } from '@ctp/db';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * One read per scrape for the gauges that share it (jobs by status and the oldest job's age; the audit
 * chain's three figures): a read is reused while the scrape that made it is the current one.
 */
function perScrape<T>(currentScrape: () => number, read: () => Promise<T>): () => Promise<T> {
  let last: { scrape: number; value: Promise<T> } | undefined;
  return () => {
    if (last?.scrape !== currentScrape()) last = { scrape: currentScrape(), value: read() };
    return last.value;
  };
}

export interface MetricsOptions {
  database: DbHandle;
  /** Every tRPC procedure's path: anything else in a tRPC URL is counted as "unknown". */
  procedures: ReadonlySet<string>;
}

/** The process's own metrics (CPU, memory, event-loop lag), collected once however many apps a process makes. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'ctp_' });
  }
  return processRegistry;
}

export class Metrics {
  private readonly registry = new Registry();
  /** What /metrics answers: this app's metrics and the process's. */
  readonly output: Registry;
  private readonly requests: Counter<'kind' | 'route' | 'method' | 'status'>;
  private readonly duration: Histogram<'kind' | 'route' | 'method'>;
  private readonly trpcErrors: Counter<'procedure' | 'code'>;
  /** Counts scrapes: the database reads shared by several gauges are made once per scrape. */
  private scrapes = 0;

  constructor(private readonly options: MetricsOptions) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'ctp_http_requests_total',
      help: 'HTTP requests answered, by kind (trpc, rest, web, health), tRPC procedure or REST route, method and status',
      labelNames: ['kind', 'route', 'method', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'ctp_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (a tRPC batch counts for each procedure it calls)',
      labelNames: ['kind', 'route', 'method'],
      buckets: BUCKETS,
      registers,
    });
    this.trpcErrors = new Counter({
      name: 'ctp_trpc_errors_total',
      help: 'tRPC procedure calls that ended in an error, by procedure and tRPC error code',
      labelNames: ['procedure', 'code'],
      registers,
    });
    this.databaseGauges(registers);
    this.jobGauges(registers);
    this.queueGauges(registers);
    this.auditGauges(registers);
    // Merged last: a merged registry holds the metrics registered by then.
    this.output = Registry.merge([processMetrics(), this.registry]);
  }

  /** Counts every request when its answer is finished. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        for (const { kind, route } of this.routesOf(req, res)) {
          this.requests.inc({ kind, route, method: req.method, status: String(res.statusCode) });
          this.duration.observe({ kind, route, method: req.method }, seconds);
        }
      });
      next();
    };
  }

  /** For tRPC's onError: one failed procedure call. */
  trpcError(procedure: string | undefined, code: string) {
    this.trpcErrors.inc({ procedure: this.procedureLabel(procedure ?? ''), code });
  }

  /** The /metrics handler; `token` set: only with `Authorization: Bearer <token>`. */
  handler(token?: string): RequestHandler {
    const expected = token ? Buffer.from(`Bearer ${token}`) : null;
    return async (req: Request, res: Response) => {
      if (expected) {
        const given = Buffer.from(req.get('authorization') ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return void res.status(401).json({ error: 'A metrics token is required' });
        }
      }
      this.scrapes++;
      res.setHeader('Content-Type', this.output.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(await this.output.metrics());
    };
  }

  private procedureLabel(path: string) {
    return this.options.procedures.has(path) ? path : 'unknown';
  }

  private routesOf(req: Request, res: Response): { kind: string; route: string }[] {
    const path = req.originalUrl.split('?')[0] ?? '';
    if (path.startsWith('/trpc/')) {
      return decodeURIComponent(path.slice('/trpc/'.length))
        .split(',')
        .map((p) => ({ kind: 'trpc', route: this.procedureLabel(p) }));
    }
    if (path.startsWith('/api/')) {
      // Ids replaced so that a route is one series; a path no route answered is one series too.
      const route = res.statusCode === 404 ? '/api/(unknown)' : path.replace(/\/\d+(?=\/|$)/g, '/:id');
      return [{ kind: 'rest', route }];
    }
    if (path === '/healthz' || path === '/readyz' || path === '/metrics') return [{ kind: 'health', route: path }];
    if (path.startsWith('/auth/oidc/')) return [{ kind: 'sso', route: path }];
    return [{ kind: 'web', route: path.startsWith('/assets/') ? '/assets' : '/(page)' }];
  }

  private databaseGauges(registers: Registry[]) {
    const { database } = this.options;
    new Gauge({
      name: 'ctp_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in use, idle) and requests waiting for a connection',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = database.poolStats?.();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'ctp_db_pool_max_connections',
      help: 'The PostgreSQL pool size (1 for the embedded database)',
      registers,
      collect() {
        this.set(database.poolStats?.().max ?? 1);
      },
    });
  }

  private jobGauges(registers: Registry[]) {
    const { db } = this.options.database;
    const jobs = perScrape(() => this.scrapes, async () => {
      const rows = await sql<{ type: string; status: string; n: number; oldest: number | null }>`
        select 'sdtm_generation' as type, status, count(*)::int as n,
               case when status = 'running' then extract(epoch from now() - min(started_at))::float8 end as oldest
          from sdtm_runs group by status
        union all
        select 'sdtm_validation', status, count(*)::int,
               case when status = 'running' then extract(epoch from now() - min(run_at))::float8 end
          from sdtm_validation_runs group by status`.execute(db);
      return rows.rows;
    });
    new Gauge({
      name: 'ctp_jobs',
      help: 'Background jobs by type and status (running, done, failed), from the database',
      labelNames: ['type', 'status'],
      registers,
      async collect() {
        this.reset();
        for (const r of await jobs()) this.set({ type: r.type, status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'ctp_jobs_oldest_running_age_seconds',
      help: 'Age of the oldest running job by type (0 when none runs)',
      labelNames: ['type'],
      registers,
      async collect() {
        this.reset();
        const rows = await jobs();
        for (const type of ['sdtm_generation', 'sdtm_validation']) {
          const running = rows.find((r) => r.type === type && r.status === 'running');
          this.set({ type }, Number(running?.oldest ?? 0));
        }
      },
    });
  }

  /** The PostgreSQL job queue (pg-boss's schema, absent on PGlite and before the queue's first start). */
  private queueGauges(registers: Registry[]) {
    const { db } = this.options.database;
    const queue = perScrape(() => this.scrapes, async () => {
      if (this.options.database.kind !== 'postgres') return [];
      const installed = await sql<{ t: string | null }>`select to_regclass('pgboss.archive')::text as t`.execute(db);
      if (!installed.rows[0]?.t) return [];
      const rows = await sql<{ type: string; waiting: number; oldest: number; failed: number }>`
        select name as type,
               count(*) filter (where state in ('created', 'retry'))::int as waiting,
               coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0)::float8 as oldest,
               count(*) filter (where state = 'failed')::int as failed
          from (select name, state, created_on from pgboss.job
                union all select name, state, created_on from pgboss.archive where state = 'failed') j
         where name not like '\_\_pgboss%'
         group by name`.execute(db);
      return rows.rows;
    });
    const gauge = (name: string, help: string, value: (r: { waiting: number; oldest: number; failed: number }) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['type'],
        registers,
        async collect() {
          this.reset();
          for (const r of await queue()) this.set({ type: r.type }, Number(value(r)));
        },
      });
    gauge('ctp_job_queue_depth', 'Jobs waiting in the PostgreSQL job queue (created or waiting to retry), by job type', (r) => r.waiting);
    gauge('ctp_job_queue_oldest_waiting_age_seconds', 'Age of the oldest job waiting in the queue, by job type (0 when none waits)', (r) => r.oldest);
    gauge('ctp_job_queue_failed', 'Jobs that failed after their last retry, kept in the queue tables, by job type', (r) => r.failed);
  }

  private auditGauges(registers: Registry[]) {
    const { db } = this.options.database;
    // Labelled (the check that measured it), so that before the first check there is no sample at all:
    // an unlabelled gauge would read 0, "broken", on a fresh server.
    const labelNames = ['check'];
    const check = { check: 'insights_pass' };
    const latest = perScrape(() => this.scrapes, () =>
      db.selectFrom('insightSnapshots').select(['computedAt', 'auditChainValid', 'auditRowsVerified']).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    );
    new Gauge({
      name: 'ctp_audit_chain_valid',
      labelNames,
      help: 'Whether the audit trail hash chain verified at its last check (1) or not (0); absent before the first check',
      registers,
      async collect() {
        this.reset();
        const snap = await latest();
        if (snap) this.set(check, snap.auditChainValid ? 1 : 0);
      },
    });
    new Gauge({
      name: 'ctp_audit_chain_rows_verified',
      labelNames,
      help: 'Audit rows verified at the last check',
      registers,
      async collect() {
        this.reset();
        const snap = await latest();
        if (snap) this.set(check, Number(snap.auditRowsVerified));
      },
    });
    new Gauge({
      name: 'ctp_audit_chain_check_age_seconds',
      labelNames,
      help: 'Seconds since the audit chain was last verified (by the periodic insights pass)',
      registers,
      async collect() {
        this.reset();
        const snap = await latest();
        if (snap) this.set(check, (Date.now() - new Date(snap.computedAt).getTime()) / 1000);
      },
    });
  }
}
