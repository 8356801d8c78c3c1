// Operators' metrics (issue 29 item 3): /metrics in the Prometheus text format, read with a
// Prometheus text-format parser; its request counters move with requests (per tRPC procedure, per
// REST route with ids folded); it answers only with the token; each answer carries a request id, the
// proxy's when it sends a sane one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { computeInsightSnapshot } from '../src/modules/dashboard/insights.ts';
import { startServer, testConfig, TestClient, type TestServer } from './support/app.ts';

const TOKEN = 'metrics-token-for-the-test-0001';
let t: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database, testConfig({ METRICS_TOKEN: TOKEN }));
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

let lastText = '';
async function scrape(): Promise<MetricFamily[]> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  lastText = await res.text();
  return parsePrometheusTextFormat(lastText);
}
const family = (all: MetricFamily[], name: string) => all.find((f) => f.name === name);
function count(all: MetricFamily[], labels: Record<string, string>): number {
  const requests = family(all, 'ctp_http_requests_total')?.metrics ?? [];
  return requests
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((sum, m) => sum + Number(m.value), 0);
}

describe('/metrics', () => {
  it('is refused without the token, and the token is compared whole', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
  });

  it('parses as Prometheus text, and its counters move with tRPC and REST requests', async () => {
    const before = await scrape();
    const client = new TestClient(server.url);
    expect((await client.login('admin@demo.local')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await client.request('/trpc/studies.list?input=%7B%7D')).status).toBe(200);
    const firstStudy = (await client.getJson('/api/studies')).studies?.[0]?.id ?? (await client.getJson('/api/studies'))[0]?.id;
    expect(firstStudy).toBeTruthy();
    expect((await client.request(`/api/studies/${firstStudy}`)).status).toBe(200);
    expect((await client.request('/trpc/no.suchProcedure')).status).toBe(404);
    const after = await scrape();

    const moved = (labels: Record<string, string>) => count(after, labels) - count(before, labels);
    expect(moved({ kind: 'trpc', route: 'studies.list', status: '200' })).toBe(3);
    expect(moved({ kind: 'trpc', route: 'auth.login', status: '200' })).toBe(1);
    expect(moved({ kind: 'rest', route: '/api/studies/:id', status: '200' })).toBe(1);
    // A path that names no procedure is one bounded series.
    expect(moved({ kind: 'trpc', route: 'unknown' })).toBe(1);
    const histogram = family(after, 'ctp_http_request_duration_seconds')!;
    expect(histogram.type).toBe('HISTOGRAM');
    expect(histogram.metrics.every((m) => m.buckets && Object.keys(m.buckets).includes('+Inf'))).toBe(true);
    // (The parser drops a histogram's labels when "le" comes first, as prom-client writes it: read the count.)
    const studiesCount = /^ctp_http_request_duration_seconds_count\{kind="trpc",route="studies\.list",method="GET"\} (\d+)$/m.exec(lastText);
    expect(Number(studiesCount?.[1])).toBeGreaterThanOrEqual(3);
    const errors = family(after, 'ctp_trpc_errors_total')!.metrics;
    expect(errors.some((m) => m.labels?.code === 'NOT_FOUND')).toBe(true);
  });

  it('reports jobs, the audit chain and the process', async () => {
    const all = await scrape();
    for (const name of ['ctp_jobs_oldest_running_age_seconds', 'ctp_db_pool_max_connections', 'ctp_process_cpu_user_seconds_total', 'ctp_nodejs_eventloop_lag_seconds']) {
      expect(family(all, name), name).toBeTruthy();
    }
    const oldest = family(all, 'ctp_jobs_oldest_running_age_seconds')!.metrics.map((m) => m.labels?.type).sort();
    expect(oldest).toEqual(['sdtm_generation', 'sdtm_validation']);
    // No verification yet: no sample (not a 0 that would read "broken"); after the periodic check, its result.
    expect(family(all, 'ctp_audit_chain_valid')?.metrics ?? []).toEqual([]);
    await computeInsightSnapshot(t.database.db);
    const checked = await scrape();
    expect(family(checked, 'ctp_audit_chain_valid')!.metrics[0]!.value).toBe('1');
    expect(Number(family(checked, 'ctp_audit_chain_rows_verified')!.metrics[0]!.value)).toBeGreaterThan(0);
    expect(Number(family(checked, 'ctp_audit_chain_check_age_seconds')!.metrics[0]!.value)).toBeLessThan(60);
  });
});

describe('request ids', () => {
  it('answers with the proxy’s X-Request-Id when it is sane, and a new one otherwise', async () => {
    const given = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'proxy-7f3a.42' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-7f3a.42');
    const insane = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b <script>' } });
    expect(insane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await fetch(`${server.url}/trpc/studies.list`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
