// Streaming exports (issue 33 item 7): GET /api/patients/export.csv streams the same bytes the tRPC export
// gives (the rows of the list, in its order), and GET /api/studies/{id}/form-entries.csv streams every
// submitted entry's field values, one row each, for the roles that may export clinical data, in scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, parseCsv, type Caller } from './support/procedures.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { FORM_ENTRY_CSV_HEADER } from '../src/modules/clinical-data/form-entries-csv.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let studyCode: string;
const clients: Record<string, TestClient> = {};

async function get(role: string, path: string) {
  if (!clients[role]) {
    clients[role] = new TestClient(server.url);
    await clients[role].login(demoEmail(role));
  }
  const res = await clients[role].request(path);
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const { rows } = await sql<{ id: number; code: string }>`
    select s.id, s.code from studies s where exists (select 1 from form_submissions f where f.study_id = s.id and f.status <> 'draft')
     order by s.id limit 1`.execute(t.database.db);
  ({ id: studyId, code: studyCode } = rows[0]!);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('the patients CSV, streamed', () => {
  it('is byte for byte the export the screen downloads, the list rows in order', async () => {
    const res = await get('data-manager', `/api/patients/export.csv?studyId=${studyId}`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv/);
    const file = await as['data-manager']!.patients.exportCsv({ studyId });
    expect(res.text).toBe(file.content);
    const records = parseCsv(res.text);
    const list = await as['data-manager']!.patients.list({ studyId, limit: 100 });
    expect(records.length - 1).toBe(list.total);
    expect(records.slice(1, 1 + list.items.length).map((r) => r[0])).toEqual(list.items.map((p) => p.patientId));
  });
});

describe('the form entries CSV', () => {
  it('has one row per field value of every submitted entry, streamed', async () => {
    const res = await get('data-manager', `/api/studies/${studyId}/form-entries.csv`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv/);
    expect(res.disposition).toContain(`${studyCode}-form-entries.csv`);
    const records = parseCsv(res.text);
    expect(records[0]).toEqual(FORM_ENTRY_CSV_HEADER);
    const { rows } = await sql<{ n: number; entries: number }>`
      select coalesce(sum((select count(*) from jsonb_object_keys(data))), 0)::int as n, count(*)::int as entries
        from form_submissions where study_id = ${studyId} and status <> 'draft'`.execute(t.database.db);
    expect(records.length - 1).toBe(rows[0]!.n);
    expect(new Set(records.slice(1).map((r) => r[7])).size).toBeLessThanOrEqual(rows[0]!.entries);
    // One value checked against the database.
    const one = await t.database.db.selectFrom('formSubmissions').select(['id', 'data']).where('studyId', '=', studyId).where('status', '<>', 'draft').orderBy('id').executeTakeFirstOrThrow();
    const [field, value] = Object.entries(one.data as Record<string, unknown>).find(([, v]) => typeof v === 'string' || typeof v === 'number')!;
    const row = records.find((r) => r[7] === String(one.id) && r[9] === field)!;
    expect(row[10]).toBe(String(value).replace(/^([=+\-@\t\r])/, "'$1"));
    expect(row[0]).toBe(studyCode);
  });

  it('narrows to one site, and is refused to roles that may not export and outside the scope', async () => {
    const site = await t.database.db.selectFrom('formSubmissions').innerJoin('sites', 'sites.id', 'formSubmissions.siteId').select(['sites.id', 'sites.siteNumber']).where('formSubmissions.studyId', '=', studyId).executeTakeFirstOrThrow();
    const res = await get('monitor', `/api/studies/${studyId}/form-entries.csv?siteId=${site.id}`);
    if (res.status === 200) {
      const records = parseCsv(res.text).slice(1);
      expect(records.length).toBeGreaterThan(0);
      expect(records.every((r) => r[1] === site.siteNumber)).toBe(true);
    } else {
      expect(res.status).toBe(404); // the monitor is not a member of this study
    }
    for (const role of ['investigator', 'coordinator', 'sponsor', 'study-manager']) {
      expect((await get(role, `/api/studies/${studyId}/form-entries.csv`)).status, role).toBe(403);
    }
    expect((await get('data-manager', `/api/studies/999999/form-entries.csv`)).status).toBe(404);
    expect((await get('data-manager', `/api/studies/${studyId}/form-entries.csv?siteId=abc`)).status).toBe(400);
    const foreign = await sql<{ id: number }>`select id from sites where id not in (select site_id from study_sites where study_id = ${studyId}) limit 1`.execute(t.database.db);
    expect((await get('data-manager', `/api/studies/${studyId}/form-entries.csv?siteId=${foreign.rows[0]!.id}`)).status).toBe(404);
  });
});
