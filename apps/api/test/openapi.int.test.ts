// The OpenAPI document (/api/openapi.json) on the seeded demo database: valid OpenAPI 3.1 for a maintained
// validator; every Express REST route described and nothing described that does not exist; and real
// answers of the REST paths, as an administrator and as a data manager, conform to the schemas it gives
// (JSON Schema 2020-12, checked with ajv), refusals included. The reference page is served from here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { BlobStore } from '@ctp/db';
import { createTestDatabase, TEST_STORAGE_DIR, type TestDatabase } from './support/db.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { restRoutes } from '../src/rest.ts';

let t: TestDatabase;
let server: TestServer;
let doc: any;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database);
  doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
}, 240_000);
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

/** Every REST route as OpenAPI names it (/studies/{id}), read from the routers restRoutes builds. */
function expressRoutes(): string[] {
  const out: string[] = [];
  const walk = (stack: any[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) out.push(`${method} ${String(layer.route.path).replace(/:([A-Za-z]+)/g, '{$1}')}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((restRoutes((() => ({})) as any, new BlobStore(TEST_STORAGE_DIR), 1) as any).stack);
  return out.sort();
}

function answerSchema(path: string, method: string, status: number): object {
  const response = doc.paths[path][method].responses[String(status)];
  if (response.$ref) return doc.components.schemas.Error;
  return response.content['application/json'].schema;
}

async function conforms(res: Response, path: string, method = 'get'): Promise<any> {
  const body = await res.json();
  const validate = ajv.compile(answerSchema(path, method, res.status));
  const ok = validate(body);
  expect(ok, `${method.toUpperCase()} ${path} ${res.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  return body;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1, public, and describes exactly the REST routes the server has', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m} ${path}`)).sort();
    expect(described).toEqual(expressRoutes());
    expect(doc.components.securitySchemes.bearerToken.scheme).toBe('bearer');
    // Paged lists say how to page.
    expect(doc.paths['/patients'].get.responses['200'].headers['X-Total-Count']).toBeTruthy();
    expect(doc.paths['/patients'].get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['studyId', 'siteId', 'status', 'search', 'limit', 'offset']));
  });

  it('serves the reference page and its assets from this server', async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    expect((await fetch(`${server.url}/api/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/docs/start.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${server.url}/api/docs`, { redirect: 'manual' })).status).toBe(301);
  });
});

describe.each(['admin', 'data-manager'])('answers conform to the document as %s', (role) => {
  const client = () => clients[role]!;
  const clients: Record<string, TestClient> = {};
  beforeAll(async () => {
    const c = new TestClient(server.url);
    expect((await c.login(demoEmail(role))).status).toBe(200);
    clients[role] = c;
  });

  it('the lists and figures', async () => {
    for (const path of ['/dashboard/overview', '/dashboard/insights', '/quality-insights', '/compliance-status', '/studies', '/sites', '/patients', '/forms', '/queries', '/audit-trail', '/etmf-documents', '/regulatory-submissions']) {
      const res = await client().request(`/api${path}${path === '/audit-trail' ? '?limit=100' : ''}`);
      if (res.status === 403) {
        await conforms(res, path);
        continue;
      }
      expect(res.status, path).toBe(200);
      const body = await conforms(res, path);
      if (Array.isArray(body) && !['/regulatory-submissions'].includes(path)) expect(body.length, path).toBeGreaterThan(0);
    }
  });

  it('a study, a form’s mappings, a coding suggestion and the refusals', async () => {
    const studies = await client().getJson('/api/studies?limit=1');
    await conforms(await client().request(`/api/studies/${studies[0].id}`), '/studies/{id}');
    const forms = await client().getJson(`/api/forms?studyId=${studies[0].id}&limit=1`);
    const mapping = await client().request('/api/cdisc/generate-mappings', { method: 'POST', json: { formId: forms[0].id, useAI: false } });
    if (mapping.status !== 403) expect(mapping.status).toBe(200);
    await conforms(mapping, '/cdisc/generate-mappings', 'post');
    const coding = await client().request('/api/medical-coding', { method: 'POST', json: { description: 'severe headache since this morning' } });
    await conforms(coding, '/medical-coding', 'post');

    // Refusals carry the Error shape.
    const missing = await client().request('/api/studies/99999999');
    expect(missing.status).toBe(404);
    await conforms(missing, '/studies/{id}');
    const invalid = await client().request('/api/patients?limit=abc');
    expect(invalid.status).toBe(400);
    const body: any = await conforms(invalid, "/patients");
    expect(body.fieldErrors.limit).toBeTruthy();
    const signedOut = await fetch(`${server.url}/api/studies`);
    expect(signedOut.status).toBe(401);
    await conforms(signedOut, '/studies');
  });
});

describe('the integrators’ REST paths', () => {
  const login = async (role: string) => {
    const c = new TestClient(server.url);
    expect((await c.login(demoEmail(role))).status).toBe(200);
    return c;
  };

  it('read a subject’s casebook, and raise, answer and close a query over REST', async () => {
    const [dm, coordinator] = await Promise.all([login('data-manager'), login('coordinator')]);
    const [subject] = await coordinator.getJson('/api/patients?status=enrolled&limit=1');
    const casebook = await conforms(await coordinator.request(`/api/patients/${subject.id}/casebook`), '/patients/{id}/casebook');
    expect(JSON.stringify(casebook)).toContain(subject.subjectId ?? subject.subjectCode ?? String(subject.id));
    expect((await coordinator.request('/api/patients/99999999/casebook')).status).toBe(404);

    const raised = await dm.request('/api/queries', { method: 'POST', json: { patientId: subject.id, type: 'clarification', description: 'Please confirm the visit date over REST' } });
    expect(raised.status).toBe(201);
    const query = await conforms(raised, '/queries', 'post');
    const bad = await dm.request('/api/queries', { method: 'POST', json: { patientId: subject.id, type: 'clarification', description: '' } });
    expect(bad.status).toBe(400);
    await conforms(bad, '/queries', 'post');

    const answered = await coordinator.request(`/api/queries/${query.id}/respond`, { method: 'POST', json: { version: query.version, body: 'Confirmed against the source' } });
    expect(answered.status).toBe(200);
    const after = await conforms(answered, '/queries/{id}/respond', 'post');
    expect(after).toMatchObject({ id: query.id, status: 'answered' });
    // The version read before the answer is stale now.
    const stale = await dm.request(`/api/queries/${query.id}/close`, { method: 'POST', json: { version: query.version, body: 'Resolved' } });
    expect(stale.status).toBe(409);
    await conforms(stale, '/queries/{id}/close', 'post');
    // Site staff answer queries; they do not close one a data manager raised.
    expect((await coordinator.request(`/api/queries/${query.id}/close`, { method: 'POST', json: { version: after.version, body: 'Resolved' } })).status).toBe(403);
    const closed = await dm.request(`/api/queries/${query.id}/close`, { method: 'POST', json: { version: after.version, body: 'Resolved with the site' } });
    expect(closed.status).toBe(200);
    expect(await conforms(closed, '/queries/{id}/close', 'post')).toMatchObject({ status: 'closed' });
  });
});
