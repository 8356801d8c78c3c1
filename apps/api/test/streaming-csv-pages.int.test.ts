// Streaming exports (issue 33 item 7): the queries, inclusions and audit trail CSVs are read by keyset pages
// and streamed. Each is exported with a page smaller than the study's rows (so it crosses pages) and every
// row must arrive once, in the export's order; the REST stream is byte for byte the screens' tRPC download;
// the same role, scope and blinding rules apply (a blinded reader gets no arm in the audit CSV).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { INCLUSION_CSV_HEADER, inclusionsCsvChunks } from '../src/modules/inclusions/actions.ts';
import { QUERY_CSV_HEADER, queriesCsvChunks } from '../src/modules/queries/export.ts';
import { AUDIT_CSV_HEADER, auditCsvChunks } from '../src/modules/audit/csv.ts';
import { loadScope } from '../src/access.ts';
import { toSessionUser } from '../src/modules/auth/session.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, parseCsv, type Caller } from './support/procedures.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
const clients: Record<string, TestClient> = {};

async function get(role: string | null, path: string) {
  const key = role ?? 'anonymous';
  if (!clients[key]) {
    clients[key] = new TestClient(server.url);
    if (role) await clients[key].login(demoEmail(role));
  }
  const res = await clients[key].request(path);
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
}

/** A demo user as the export functions take it (user and scope), to run them with a small page. */
async function reader(role: string) {
  const row = await t.database.db.selectFrom('users').select(['id', 'email', 'fullName', 'role']).where('email', '=', demoEmail(role)).executeTakeFirstOrThrow();
  const user = toSessionUser(row);
  return { db: t.database.db, user, scope: await loadScope(t.database.db, user) };
}

/** Joins the chunks and counts them (the header is the first chunk, then one per page). */
async function paged(chunks: AsyncIterable<string>) {
  let n = 0;
  let text = '';
  for await (const c of chunks) {
    n += 1;
    text += c;
  }
  return { chunks: n, records: parseCsv(text), text };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('the queries CSV', () => {
  it('crosses keyset pages with every query once, newest first, as the list reads them', async () => {
    const admin = await reader('admin');
    const expected = (await sql<{ code: string }>`select code from queries order by id desc`.execute(t.database.db)).rows.map((r) => r.code);
    expect(expected.length).toBeGreaterThan(20);
    const out = await paged(queriesCsvChunks(admin.db, admin.scope, {}, { page: 7 }));
    expect(out.chunks).toBeGreaterThan(3);
    expect(out.records[0]).toEqual(QUERY_CSV_HEADER);
    expect(out.records.slice(1).map((r) => r[0])).toEqual(expected);
    // the cap still holds across pages
    const capped = await paged(queriesCsvChunks(admin.db, admin.scope, {}, { page: 7, max: 10 }));
    expect(capped.records.slice(1).map((r) => r[0])).toEqual(expected.slice(0, 10));
  });

  it('is streamed over REST with the filters, byte for byte the screen download, in the reader\'s scope', async () => {
    const { studyId } = await t.database.db.selectFrom('queries').select('studyId').groupBy('studyId').orderBy(sql`count(*)`, 'desc').executeTakeFirstOrThrow();
    const res = await get('data-manager', `/api/queries/export.csv?studyId=${studyId}&priority=high`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv/);
    expect(res.disposition).toMatch(/queries-\d{4}-\d{2}-\d{2}\.csv/);
    const file = await as['data-manager']!.queries.exportCsv({ studyId, priority: 'high' });
    expect(res.text).toBe(file.content);
    const list = await as['data-manager']!.queries.list({ studyId, priority: 'high', limit: 100 });
    expect(file.rows).toBe(list.total);
    expect(parseCsv(res.text).slice(1).map((r) => r[0])).toEqual(list.items.map((q) => q.queryId).slice(0, file.rows));
    // site staff: their own sites' queries only, as on the list
    const coordinator = parseCsv((await get('coordinator', '/api/queries/export.csv')).text).slice(1);
    expect(coordinator.length).toBe((await as.coordinator!.queries.list({ limit: 100 })).total);
    expect((await get(null, '/api/queries/export.csv')).status).toBe(401);
    expect((await get('data-manager', '/api/queries/export.csv?priority=urgent')).status).toBe(400);
  });
});

describe('the inclusions CSV', () => {
  it('crosses keyset pages with every subject once, by subject code', async () => {
    const { studyId } = await t.database.db.selectFrom('patients').select('studyId').groupBy('studyId').orderBy(sql`count(*)`, 'desc').executeTakeFirstOrThrow();
    const admin = await reader('admin');
    const expected = (await sql<{ code: string }>`select subject_code as code from patients where study_id = ${studyId} and archived_at is null order by subject_code, id`.execute(t.database.db)).rows.map((r) => r.code);
    expect(expected.length).toBeGreaterThan(20);
    const out = await paged(inclusionsCsvChunks(admin.db, admin.scope, { studyId, archived: false, selection: { all: true } }, { page: 7 }));
    expect(out.chunks).toBeGreaterThan(3);
    expect(out.records[0]).toEqual(INCLUSION_CSV_HEADER);
    expect(out.records.slice(1).map((r) => r[0])).toEqual(expected);
    const res = await get('admin', `/api/studies/${studyId}/inclusions.csv`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(out.text);
    expect(res.text).toBe((await as.admin!.inclusions.exportCsv({ studyId, archived: false, selection: { all: true } })).content);
  });

  it('exports the ticked subjects and the search over REST, within the reader\'s sites', async () => {
    const { studyId } = await t.database.db.selectFrom('patients').select('studyId').groupBy('studyId').orderBy(sql`count(*)`, 'desc').executeTakeFirstOrThrow();
    const two = await t.database.db.selectFrom('patients').select(['id', 'subjectCode']).where('studyId', '=', studyId).where('archivedAt', 'is', null).orderBy('subjectCode', 'desc').limit(2).execute();
    const ticked = parseCsv((await get('admin', `/api/studies/${studyId}/inclusions.csv?ids=${two.map((p) => p.id).join(',')}`)).text).slice(1);
    expect(ticked.map((r) => r[0])).toEqual(two.map((p) => p.subjectCode).reverse());
    const searched = parseCsv((await get('admin', `/api/studies/${studyId}/inclusions.csv?search=${encodeURIComponent(two[0]!.subjectCode)}`)).text).slice(1);
    expect(searched.map((r) => r[0])).toContain(two[0]!.subjectCode);
    // the coordinator's study: only the rows of the coordinator's own sites, as the list shows
    const member = await sql<{ studyId: number }>`
      select m.study_id as "studyId" from study_memberships m join users u on u.id = m.user_id where u.email = 'coordinator@demo.local' and m.site_id is not null limit 1`.execute(t.database.db);
    const coordStudy = member.rows[0]!.studyId;
    const rows = parseCsv((await get('coordinator', `/api/studies/${coordStudy}/inclusions.csv`)).text).slice(1);
    const list = await as.coordinator!.inclusions.list({ studyId: coordStudy, limit: 10 });
    expect(rows.length).toBe(list.total);
    expect((await get(null, `/api/studies/${studyId}/inclusions.csv`)).status).toBe(401);
    expect((await get('admin', '/api/studies/999999/inclusions.csv')).status).toBe(404);
  });
});

describe('the audit trail CSV', () => {
  let blindStudy: number;
  beforeAll(async () => {
    blindStudy = (await t.database.db.selectFrom('studies').select('id').where('blinding', '=', 'double_blind').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  it('is streamed over REST as the compliance page downloads it; a blinded reader gets no arm', async () => {
    const res = await get('study-manager', `/api/studies/${blindStudy}/audit-trail.csv`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/csv/);
    const download = await as['study-manager']!.compliance.download({ kind: 'audit-trail', studyId: blindStudy });
    expect(res.text).toBe(download.content);
    const armRows = (text: string) => parseCsv(text).slice(1).filter((r) => r[4] === 'patients' && /_arm_id$/.test(r[6]!));
    const unblinded = armRows(res.text);
    expect(unblinded.some((r) => /^\d+$/.test(r[8]!))).toBe(true);
    const monitor = await get('monitor', `/api/studies/${blindStudy}/audit-trail.csv`);
    expect(monitor.status).toBe(200);
    const blinded = armRows(monitor.text);
    expect(blinded.length).toBe(unblinded.length);
    expect(blinded.every((r) => ['', '[redacted]'].includes(r[7]!) && ['', '[redacted]'].includes(r[8]!))).toBe(true);
    for (const role of ['investigator', 'coordinator']) expect((await get(role, `/api/studies/${blindStudy}/audit-trail.csv`)).status, role).toBe(403);
    expect((await get(null, `/api/studies/${blindStudy}/audit-trail.csv`)).status).toBe(401);
    expect((await get('admin', '/api/studies/abc/audit-trail.csv')).status).toBe(400);
  });

  it('crosses keyset pages with every entry once, newest first (one site\'s part, as the site archive writes it)', async () => {
    const admin = await reader('admin');
    const { siteId } = await t.database.db.selectFrom('patients').select('siteId').where('studyId', '=', blindStudy).orderBy('id').executeTakeFirstOrThrow();
    const small = await paged(auditCsvChunks(admin, { studyId: blindStudy, siteId }, { page: 7 }));
    const large = await paged(auditCsvChunks(admin, { studyId: blindStudy, siteId }, { page: 100 }));
    expect(small.records.length).toBeGreaterThan(50);
    expect(small.chunks).toBeGreaterThan(large.chunks);
    expect(small.records[0]).toEqual(AUDIT_CSV_HEADER);
    // Same entries in the same order whatever the page, each once, timestamps never increasing.
    expect(small.text).toBe(large.text);
    const entries = small.records.slice(1).map((r) => r[0]);
    expect(new Set(entries).size).toBe(entries.length);
    const times = small.records.slice(1).map((r) => Date.parse(r[1]!));
    expect(times.every((x, i) => i === 0 || x <= times[i - 1]!)).toBe(true);
    // and the whole study's first page is audit.trail's first page
    const study = await paged(auditCsvChunks(admin, { studyId: blindStudy }, { page: 7, max: 7 }));
    const first = await as.admin!.audit.trail({ studyId: blindStudy, limit: 7 });
    expect(study.records.slice(1).map((r) => r[0])).toEqual(first.items.map((e) => String(e.id)));
  });
});
