// Site close-out archives (issue 33 item 4) against a real database: the job on the queue writes a zip
// with every subject's casebook PDF, the ODM clinical data with audit and signatures, the site's audit
// trail CSV and a manifest whose sha256 sums and sizes match the files (listed and read with yauzl); the
// zip is filed in the eTMF as the site's 10.02.01 Final Subject Data, which the completeness report then
// counts as present; every step is audited; roles and scopes that may not archive are refused.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from './support/unzip.ts';
import { sql } from '@ctp/db';
import { SITE_ARCHIVE_ARTIFACT } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, codeOf, parseCsv, type Caller } from './support/procedures.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { awaitSiteArchive } from '../src/modules/site-archives/job.ts';
import { AUDIT_CSV_HEADER } from '../src/modules/audit/csv.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let siteId: number;
let subjects: string[];

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  // A site of a study the data manager belongs to, with a few subjects (each casebook is a PDF).
  const { rows } = await sql<{ studyId: number; siteId: number; n: number }>`
    select p.study_id, p.site_id, count(*)::int as n from patients p
      join study_memberships m on m.study_id = p.study_id and m.ended_at is null
      join users u on u.id = m.user_id and u.email = 'data-manager@demo.local'
      join study_sites ss on ss.study_id = p.study_id and ss.site_id = p.site_id and ss.status = 'active'
     group by p.study_id, p.site_id having count(*) >= 2 order by n, p.study_id, p.site_id limit 1`.execute(t.database.db);
  expect(rows.length).toBe(1);
  expect(rows[0]!.n).toBeLessThan(40);
  ({ studyId, siteId } = rows[0]!);
  subjects = (await t.database.db.selectFrom('patients').select('subjectCode').where('studyId', '=', studyId).where('siteId', '=', siteId).orderBy('subjectCode').execute()).map((p) => p.subjectCode);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('a site close-out archive', () => {
  it('is written by the job, filed in the eTMF as Final Subject Data and counted by the completeness report', async () => {
    const dm = as['data-manager']!;
    const gap = (r: Awaited<ReturnType<typeof dm.etmf.completeness>>) => r.gaps.find((g) => g.artifactNumber === SITE_ARCHIVE_ARTIFACT && g.siteId === siteId);
    const before = await dm.etmf.completeness({ studyId });
    expect(gap(before)?.state).toBe('missing');

    const started = await dm.siteArchives.create({ studyId, siteId });
    expect(started.started).toBe(true);
    await awaitSiteArchive(started.id);
    const archive = await dm.siteArchives.byId({ id: started.id });
    expect(archive).toMatchObject({ status: 'done', siteId, subjectsTotal: subjects.length, subjectsDone: subjects.length, step: 'Done' });
    expect((await dm.siteArchives.list({ studyId })).map((a) => a.id)).toContain(started.id);

    // The eTMF document: the site's 10.02.01, current, the zip's hash.
    const doc = await t.database.db
      .selectFrom('documents as d')
      .innerJoin('documentVersions as v', 'v.id', 'd.currentVersionId')
      .select(['d.id', 'd.siteId', 'd.artifactNumber', 'd.status', 'v.sha256', 'v.sizeBytes', 'v.contentType', 'v.fileName'])
      .where('d.id', '=', archive.documentId!)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ siteId, artifactNumber: SITE_ARCHIVE_ARTIFACT, status: 'current', sha256: archive.sha256, contentType: 'application/zip', fileName: archive.fileName });
    const after = await dm.etmf.completeness({ studyId });
    expect(gap(after)).toBeUndefined();
    expect(after.present).toBe(before.present + 1);

    // Downloaded as that document: the manifest lists every other file with its sha256 and size.
    const client = new TestClient(server.url);
    await client.login(demoEmail('data-manager'));
    const res = await client.request(`/api/etmf-documents/${doc.id}/file`);
    expect(res.status).toBe(200);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(zip).digest('hex')).toBe(archive.sha256);
    const files = await unzip(zip);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as { files: { path: string; sha256: string; size: number }[]; subjects: number };
    expect(manifest.subjects).toBe(subjects.length);
    expect(manifest.files.map((f) => f.path).sort()).toEqual([...files.keys()].filter((k) => k !== 'manifest.json').sort());
    for (const f of manifest.files) {
      const content = files.get(f.path)!;
      expect(createHash('sha256').update(content).digest('hex'), f.path).toBe(f.sha256);
      expect(content.length, f.path).toBe(f.size);
    }
    const casebooks = [...files.keys()].filter((k) => k.startsWith('casebooks/'));
    expect(casebooks.sort()).toEqual(subjects.map((s) => `casebooks/${s.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`).sort());
    for (const c of casebooks) expect(files.get(c)!.subarray(0, 5).toString()).toBe('%PDF-');
    const odmName = [...files.keys()].find((k) => k.startsWith('odm/'))!;
    const odm = files.get(odmName)!.toString('utf8');
    expect(odm).toContain('<ODM');
    for (const s of subjects) expect(odm).toContain(`SubjectKey="${s}"`);
    const csv = parseCsv(files.get('audit-trail.csv')!.toString('utf8'));
    expect(csv[0]).toEqual(AUDIT_CSV_HEADER);
    // the site's part of the trail: its subjects' records, and none of another site's subjects
    const ids = (await t.database.db.selectFrom('patients').select('id').where('studyId', '=', studyId).where('siteId', '=', siteId).execute()).map((p) => String(p.id));
    const patientRows = csv.slice(1).filter((r) => r[4] === 'patients');
    expect(patientRows.length).toBeGreaterThan(0);
    expect(patientRows.every((r) => ids.includes(r[5]!))).toBe(true);

    // Audited: requested, progress, filed, each by the data manager with a reason.
    const { rows: audit } = await sql<{ reason: string }>`
      select reason from audit_events where table_name = 'site_archives' and record_id = ${String(started.id)} order by id`.execute(t.database.db);
    expect(audit.map((a) => a.reason)).toEqual(expect.arrayContaining(['Site close-out archive requested', 'Site close-out archive filed in the trial master file']));
  }, 120_000);

  it('is refused to roles that may not archive and outside the user scope', async () => {
    for (const role of ['investigator', 'coordinator', 'monitor', 'study-manager', 'sponsor']) {
      expect(await codeOf(as[role]!.siteArchives.create({ studyId, siteId })), role).toBe('FORBIDDEN');
      expect(await codeOf(as[role]!.siteArchives.list({ studyId })), role).toBe('FORBIDDEN');
    }
    // A study the data manager is not a member of does not exist for them; nor a site outside the study.
    const { rows: other } = await sql<{ id: number }>`
      select s.id from studies s where not exists (select 1 from study_memberships m join users u on u.id = m.user_id
        where m.study_id = s.id and u.email = 'data-manager@demo.local' and m.ended_at is null) order by s.id limit 1`.execute(t.database.db);
    if (other[0]) {
      expect(await codeOf(as['data-manager']!.siteArchives.create({ studyId: other[0].id }))).toBe('NOT_FOUND');
      expect(await codeOf(as['data-manager']!.siteArchives.list({ studyId: other[0].id }))).toBe('NOT_FOUND');
    }
    const { rows: foreign } = await sql<{ id: number }>`select id from sites where id not in (select site_id from study_sites where study_id = ${studyId}) order by id limit 1`.execute(t.database.db);
    expect(foreign.length).toBe(1);
    expect(await codeOf(as['data-manager']!.siteArchives.create({ studyId, siteId: foreign[0]!.id }))).toBe('NOT_FOUND');
    const mine = (await as['data-manager']!.siteArchives.list({ studyId }))[0]!;
    // An archive outside the admin-less scope is not found by id either.
    expect(await codeOf(as.investigator!.siteArchives.byId({ id: mine.id }))).toBe('FORBIDDEN');
  });
});
