// Issue 29: the bulk demo loader (COPY and a bulk-written audit trail, packages/db/src/demo/bulk/) builds
// the same data as the row-by-row loader from the same generator, the app reads it, and its audit chain
// verifies. COPY FROM STDIN needs PostgreSQL: without TEST_DATABASE_URL the test is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_TABLES, bulkSeedDemoData, connect, seedDemoData, sql, verifyAuditChain, withActor, type DbHandle, type SeedSummary } from '@ctp/db';
import { createDatabase } from './support/instances.ts';
import { TEST_PASSWORD, TEST_STORAGE_DIR, TEST_TODAY } from './support/db.ts';
import { callerAs, demoEmail } from './support/app.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const SCALE = 2;
const options = { scale: SCALE, password: TEST_PASSWORD, today: TEST_TODAY, storageDir: TEST_STORAGE_DIR };

let bulk: { url: string; drop(): Promise<void> };
let rows: { url: string; drop(): Promise<void> };
let bulkDb: DbHandle;
let rowsDb: DbHandle;
let bulkSummary: SeedSummary;
let rowsSummary: SeedSummary;

beforeAll(async () => {
  if (!onPostgres) return;
  [bulk, rows] = [await createDatabase(), await createDatabase()];
  bulkSummary = await bulkSeedDemoData(bulk.url, options);
  bulkDb = await connect({ databaseUrl: bulk.url, poolSize: 2 });
  rowsDb = await connect({ databaseUrl: rows.url, poolSize: 2 });
  rowsSummary = await seedDemoData(rowsDb.db, options);
}, 180_000);
afterAll(async () => {
  await bulkDb?.close();
  await rowsDb?.close();
  await bulk?.drop();
  await rows?.drop();
});

const countsOf = async (db: DbHandle) =>
  Object.fromEntries(
    await Promise.all(
      AUDITED_TABLES.map(async (t) => [t, (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db.db)).rows[0]!.n] as const),
    ),
  );

/** A digest of a table's rows (without the load's own timestamps), to compare the two loads. */
const digest = async (db: DbHandle, select: string) =>
  (await sql<{ d: string }>`select md5(string_agg(r::text, ',' order by r::text)) as d from (${sql.raw(select)}) r`.execute(db.db)).rows[0]!.d;

describe.skipIf(!onPostgres)('bulk demo loader (COPY)', () => {
  it('loads what the generator intends: the summary and every table as the row-by-row loader', async () => {
    expect(bulkSummary).toEqual(rowsSummary);
    expect(bulkSummary.patients).toBeGreaterThan(1000);
    const counts = await countsOf(bulkDb);
    expect(counts).toEqual(await countsOf(rowsDb));
    expect(counts.studies).toBe(bulkSummary.studies);
    expect(counts.sites).toBe(bulkSummary.sites);
    expect(counts.patients).toBe(bulkSummary.patients);
    expect(counts.subject_visits).toBe(bulkSummary.visits);
    expect(counts.form_submissions).toBe(bulkSummary.submissions);
    expect(counts.documents).toBe(bulkSummary.documents);
    for (const select of [
      'select id, subject_code, study_id, site_id, status, screening_date, enrollment_date, planned_arm_id from patients',
      'select id, patient_id, visit_definition_id, status, scheduled_date, actual_date from subject_visits',
      'select id, patient_id, form_id, subject_visit_id, data, open_issues from form_submissions',
      'select id, code, status, submission_id, description from queries',
      'select id, study_id, name, status from milestones',
    ]) {
      expect(await digest(bulkDb, select), select).toBe(await digest(rowsDb, select));
    }
    // The statement-level counters kept by triggers follow COPY too.
    const perStudy = 'select study_id as id, status, sum(n)::int as n from patient_counts group by 1, 2';
    expect(await digest(bulkDb, perStudy)).toBe(await digest(rowsDb, perStudy));
  });

  it('writes an intact audit chain with an insert row per loaded row, scoped to its study', async () => {
    const chain = await verifyAuditChain(bulkDb.db);
    const total = (await sql<{ n: number }>`select count(*)::int as n from audit_events`.execute(bulkDb.db)).rows[0]!.n;
    expect(chain).toEqual({ valid: true, rowsVerified: total, firstBroken: null });
    const inserts = async (db: DbHandle) =>
      (await sql<{ t: string; n: number; scoped: number }>`select e.table_name as t, count(*)::int as n, count(s.event_id)::int as scoped
         from audit_events e left join audit_event_scope s on s.event_id = e.id where e.action = 'insert' group by 1 order by 1`.execute(db.db)).rows;
    expect(await inserts(bulkDb)).toEqual(await inserts(rowsDb));
    // The same change content as the trigger's (the load's own timestamps aside).
    const changes = `select id, table_name, record_id, changes - 'created_at' - 'password_changed_at' as c from audit_events
                      where action = 'insert' and table_name in ('patients', 'subject_visits', 'form_submissions', 'users')`;
    const keyed = (db: DbHandle) => sql<{ k: string }>`select md5(string_agg(table_name || record_id || c::text, ',' order by table_name, record_id::int)) as k from (${sql.raw(changes)}) x`.execute(db.db);
    expect((await keyed(bulkDb)).rows[0]!.k).toBe((await keyed(rowsDb)).rows[0]!.k);
    // Secrets are redacted as the trigger does.
    const user = await sql<{ c: any }>`select changes -> 'password_hash' as c from audit_events where table_name = 'users' order by id limit 1`.execute(bulkDb.db);
    expect(user.rows[0]!.c).toEqual({ old: '[redacted]', new: '[redacted]' });
    // A later write through the trigger extends the same chain.
    await withActor(bulkDb.db, { userId: null, reason: 'Test after bulk load' }, (tx) => tx.updateTable('sites').set({ phone: '+1 555 0100' }).where('id', '=', 1).execute());
    expect((await verifyAuditChain(bulkDb.db)).valid).toBe(true);
    // And the audit triggers are enabled again.
    const disabled = await sql<{ n: number }>`select count(*)::int as n from pg_trigger where tgfoid = 'audit_row'::regproc and tgenabled = 'D'`.execute(bulkDb.db);
    expect(disabled.rows[0]!.n).toBe(0);
  });

  it('serves the screens from the loaded data', async () => {
    const admin = await callerAs(bulkDb, demoEmail('admin'));
    const list = await admin.patients.list({ limit: 24, offset: 0 });
    expect(list.total).toBe(bulkSummary.patients);
    const dm = await callerAs(bulkDb, demoEmail('data-manager'));
    const summary = await dm.queries.summary({});
    const rowsDm = await callerAs(rowsDb, demoEmail('data-manager'));
    expect(summary).toEqual(await rowsDm.queries.summary({}));
  });
});
