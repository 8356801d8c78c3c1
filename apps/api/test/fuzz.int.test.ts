// Fuzz over the whole API: every tRPC procedure (read from appRouter, no hand-kept list) and every
// REST route (read from the Express routers) gets a fixed, seeded set of malformed inputs, as an admin
// and as the least-privileged role. Nothing may answer 5xx, every 4xx must carry a message, and a
// refused write must leave the audit trail as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { PERMISSIONS, ROLES, type Role } from '@ctp/contracts';
import { BlobStore } from '@ctp/db';
import { createTestDatabase, TEST_STORAGE_DIR, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { leaves, procedureEntries, skeletonOf, withValueAt, type ProcedureEntry } from './support/schema-walk.ts';
import { restRoutes } from '../src/rest.ts';

const SEED = 20261125;

function deeplyNested(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

/** What replaces one field of a plausible input. */
const SPOILT_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  '',
  '\u0000',
  'a\u0000b',
  'a\uD800b',
  '\uDFFF',
  'x'.repeat(10_000),
  1e13,
  -1,
  -2_147_483_649,
  2_147_483_648,
  1.5,
  'NaN',
  '1e400',
  deeplyNested(60),
];

/** Whole inputs that are wrong as a whole. */
const WHOLE_INPUTS: unknown[] = [undefined, null, 'text', 12345, [], [1, 2, 3], {}, deeplyNested(2_000), { ['\u0000']: 1 }];

/** Random JSON values from a fixed seed, a few per procedure beside the fixed set. */
const randomInputs = fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: SEED, numRuns: 12 });

function inputsFor(entry: ProcedureEntry): unknown[] {
  const out = [...WHOLE_INPUTS, ...randomInputs];
  if (!entry.input) return out;
  const skeleton = skeletonOf(entry.input);
  // A union's variants share fields (a form field's code and label in each of twelve types): each
  // path and kind of leaf is spoilt once.
  const seen = new Set<string>();
  for (const leaf of leaves(entry.input)) {
    const key = `${leaf.path.join('.')}:${leaf.type}`;
    if (!leaf.path.length || seen.has(key)) continue;
    seen.add(key);
    for (const value of SPOILT_VALUES) out.push(withValueAt(skeleton, leaf.path, value));
    out.push(withValueAt(skeleton, leaf.path, undefined)); // the field missing
  }
  return out;
}

/** The role with the fewest permissions in the matrix. */
function leastPrivilegedRole(): Role {
  const count = (r: Role) => Object.values(PERMISSIONS).filter((roles) => (roles as readonly Role[]).includes(r)).length;
  return [...ROLES].sort((a, b) => count(a) - count(b))[0]!;
}

interface Finding {
  what: string;
  status: number;
  body: string;
}

let t: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database);
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

/** The newest audit row's id: a write after a refusal would move it (the primary key answers at once). */
async function auditCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from audit_events`.execute(t.database.db);
  return rows[0]!.n;
}

/** Waits (at most 60 s) until no background job (SDTM generation or validation, site archive) is running. */
async function backgroundJobsIdle(): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const { rows } = await sql<{ n: number }>`select ((select count(*) from sdtm_runs where status = 'running') +
      (select count(*) from sdtm_validation_runs where status = 'running') +
      (select count(*) from site_archives where status = 'running'))::int as n`.execute(t.database.db);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One request's verdict: a finding when it answered 5xx, or 4xx without a message. */
async function judge(what: string, res: Response): Promise<Finding | null> {
  const body = await res.text();
  // 431: Node's HTTP server refuses a request line over its header limit before the app sees it.
  if (res.status === 431) return null;
  if (res.status >= 500) return { what, status: res.status, body: body.slice(0, 300) };
  if (res.status >= 400) {
    let message: unknown;
    try {
      const json = JSON.parse(body);
      message = json?.error?.message ?? json?.error ?? json?.message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || !message.trim()) return { what, status: res.status, body: body.slice(0, 300) };
  }
  return null;
}

async function fuzzProcedures(client: TestClient): Promise<{ findings: Finding[]; requests: number; writesAfterRefusal: string[] }> {
  const findings: Finding[] = [];
  const writesAfterRefusal: string[] = [];
  let requests = 0;
  for (const entry of procedureEntries()) {
    // A mutation without input has nothing to spoil (auth.logout would end the fuzzing session).
    if (entry.type === 'mutation' && !entry.input) continue;
    for (const input of inputsFor(entry)) {
      const what = `${entry.path} ${JSON.stringify(input)?.slice(0, 80)}`;
      requests++;
      if (entry.type === 'query') {
        const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
        const finding = await judge(what, await client.request(`/trpc/${entry.path}${qs}`));
        if (finding) findings.push(finding);
      } else {
        // A background job (SDTM generation or validation, a site archive) started by an earlier call writes its own
        // audit rows when it ends: let it end first, so only this request's writes can move the count.
        await backgroundJobsIdle();
        const before = await auditCount();
        const res = await client.request(`/trpc/${entry.path}`, { method: 'POST', json: input ?? null });
        const finding = await judge(what, res);
        if (finding) findings.push(finding);
        if (res.status >= 400 && (await auditCount()) !== before) writesAfterRefusal.push(what);
      }
    }
    // Transport: broken JSON, a wrong content type, the wrong method.
    const transport: [string, RequestInit][] =
      entry.type === 'query'
        ? [
            [`/trpc/${entry.path}?input=%7B%22a%22%3A`, {}],
            [`/trpc/${entry.path}?input=%00`, {}],
            [`/trpc/${entry.path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: client.baseUrl }, body: '{}' }],
          ]
        : [
            [`/trpc/${entry.path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: client.baseUrl }, body: '{"a":' }],
            [`/trpc/${entry.path}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: client.baseUrl }, body: '{}' }],
            [`/trpc/${entry.path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: client.baseUrl }, body: 'a=1' }],
            [`/trpc/${entry.path}`, {}],
          ];
    for (const [path, init] of transport) {
      requests++;
      const finding = await judge(`${entry.path} transport ${init.method ?? 'GET'} ${path.slice(-20)}`, await client.request(path, init));
      if (finding) findings.push(finding);
    }
  }
  return { findings, requests, writesAfterRefusal };
}

/** Every REST route with its methods, read from the routers restRoutes builds. */
function restEndpoints(): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const walk = (stack: any[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) out.push({ method: method.toUpperCase(), path: `/api${layer.route.path}` });
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((restRoutes((() => ({})) as any, new BlobStore(TEST_STORAGE_DIR), 1) as any).stack);
  return out;
}

const PARAM_VALUES = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', '%F0%28', encodeURIComponent('\uFFFD'), 'x'.repeat(3000)];
const QUERY_STRINGS = [
  'limit=-1',
  'limit=abc',
  'offset=1000000000000',
  'offset=-5',
  'search=%00',
  `search=${'x'.repeat(5000)}`,
  'studyId=1e99',
  'siteId=-3',
  'status=%00',
  'format=%00',
  'search[a]=1',
  'limit=1&limit=2',
];

async function fuzzRest(client: TestClient): Promise<{ findings: Finding[]; requests: number }> {
  const findings: Finding[] = [];
  let requests = 0;
  for (const { method, path } of restEndpoints()) {
    const paths = path.includes(':') ? PARAM_VALUES.map((v) => path.replace(/:[A-Za-z]+/g, v)) : [path];
    const realPath = path.replace(/:[A-Za-z]+/g, '1');
    const urls = [...paths, ...QUERY_STRINGS.map((q) => `${realPath}?${q}`)];
    for (const url of urls) {
      const init: RequestInit = method === 'GET' ? {} : { method, headers: { 'content-type': 'application/json', origin: client.baseUrl }, body: '{}' };
      requests++;
      const finding = await judge(`${method} ${url.slice(0, 80)}`, await client.request(url, init));
      if (finding) findings.push(finding);
    }
    if (method !== 'GET') {
      for (const [type, body] of [
        ['application/json', '{"patientId":'],
        ['text/plain', 'hello'],
        ['application/json', JSON.stringify(deeplyNested(3_000))],
        ['application/json', JSON.stringify({ patientId: '\u0000', visitDate: 'x'.repeat(10_000), formData: deeplyNested(100) })],
      ] as const) {
        requests++;
        const finding = await judge(`${method} ${realPath} ${type} ${body.slice(0, 20)}`, await client.request(realPath, { method, headers: { 'content-type': type, origin: client.baseUrl }, body }));
        if (finding) findings.push(finding);
      }
    }
  }
  return { findings, requests };
}

describe.each(['admin', leastPrivilegedRole()])('fuzz as %s', (role) => {
  let client: TestClient;
  beforeAll(async () => {
    client = new TestClient(server.url);
    const login = await client.login(demoEmail(role));
    expect(login.status).toBe(200);
  });

  it('tRPC procedures: no 5xx, every 4xx with a message, no write after a refusal', async () => {
    const auditBefore = await auditCount();
    const { findings, requests, writesAfterRefusal } = await fuzzProcedures(client);
    console.warn(`fuzz ${role}: ${requests} tRPC requests`);
    expect(requests).toBeGreaterThan(1_000);
    expect(findings).toEqual([]);
    expect(writesAfterRefusal).toEqual([]);
    // The session is still the fuzzing user's (nothing logged it out or replaced it).
    expect((await client.getJson('/trpc/auth.me')).result.data.email).toBe(demoEmail(role));
    expect(await auditCount()).toBeGreaterThanOrEqual(auditBefore);
    // Every procedure of every module is walked: a few minutes on a loaded two-core machine is not a finding.
  }, 600_000);

  it('REST routes: no 5xx, every 4xx with a message', async () => {
    const endpoints = restEndpoints();
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toContain('GET /api/patients');
    const { findings, requests } = await fuzzRest(client);
    console.warn(`fuzz ${role}: ${requests} REST requests over ${endpoints.length} routes`);
    expect(findings).toEqual([]);
  });
});

describe('the bad-input probe findings (issue 18)', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = new TestClient(server.url);
    expect((await client.login(demoEmail('admin'))).status).toBe(200);
  });

  it.each(['studies.list', 'trials.list', 'sites.list', 'sites.summary', 'patients.list', 'patients.summary', 'patients.exportCsv'])(
    '%s: a NUL in the search term answers 400 with a clear message',
    async (procedure) => {
      const res = await client.request(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ search: 'ab\u0000c' }))}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error.message).toBe('Remove the control or invalid characters from this text');
      expect(body.error.data.fieldErrors).toEqual({ search: ['Remove the control or invalid characters from this text'] });
    },
  );

  it('patients.list with offset 1000000000000 answers 400 with a clear message', async () => {
    const res = await client.request(`/trpc/patients.list?input=${encodeURIComponent(JSON.stringify({ offset: 1_000_000_000_000 }))}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toBe('This page is too far');
    const rest = await client.request('/api/patients?offset=1000000000000');
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ error: 'Invalid input', fieldErrors: { offset: ['This page is too far'] } });
  });
});
