// Issue 29: the bulk demo loader (COPY and a bulk-written audit trail, packages/db/src/demo/bulk/) builds
// the same data as the row-by-row loader from the same generator, the app reads it, and its audit chain
// verifies. COPY FROM STDIN needs PostgreSQL: without TEST_DATABASE_URL the test is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_TABLES, BULK_FIELD, bulkSeedDemoData, connect, seedDemoData, sql, verifyAuditChain, withActor, type DbHandle, type SeedSummary } from '@ctp/db';
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

  it('writes one chained audit record per table and study, which audit:verify re-checks against the rows', async () => {
    const total = (await sql<{ n: number }>`select count(*)::int as n from audit_events`.execute(bulkDb.db)).rows[0]!.n;
    // Every audit row of the load is a bulk record (the migrations' own reference rows come before).
    const load = (await sql<{ n: number; bulk: number }>`select count(*)::int as n, count(*) filter (where changes ? ${BULK_FIELD})::int as bulk
       from audit_events where reason = 'Demo data load'`.execute(bulkDb.db)).rows[0]!;
    expect(load.bulk).toBe(load.n);
    const records = load.n;
    expect(records).toBeGreaterThan(total - 10);
    const chain = await verifyAuditChain(bulkDb.db);
    expect(chain).toEqual({ valid: true, rowsVerified: total, bulkRecordsVerified: records, firstBroken: null });
    // Far fewer audit rows than loaded rows, and together they account for every loaded row, table by table.
    const counts = await countsOf(bulkDb);
    const loaded = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total * 20).toBeLessThan(loaded);
    const attested = await sql<{ t: string; n: number }>`select table_name as t, sum((changes -> ${BULK_FIELD} -> 'new' ->> 'rows')::int)::int as n
       from audit_events where changes ? ${BULK_FIELD} group by 1`.execute(bulkDb.db);
    const byTable = Object.fromEntries(attested.rows.map((r) => [r.t, r.n]));
    for (const t of ['users', 'sites', 'studies', 'study_sites', 'patients', 'subject_visits', 'form_submissions', 'queries', 'documents']) {
      expect(byTable[t], t).toBe(counts[t]);
    }
    // The patients' records are scoped to their study: the data manager's trail shows them.
    const patients = await sql<{ n: number; scoped: number }>`select count(*)::int as n, count(s.event_id)::int as scoped
       from audit_events e left join audit_event_scope s on s.event_id = e.id where e.table_name = 'patients'`.execute(bulkDb.db);
    expect(patients.rows[0]!.scoped).toBe(patients.rows[0]!.n);
    expect(patients.rows[0]!.n).toBeGreaterThan(0);
    expect(patients.rows[0]!.n).toBeLessThanOrEqual(bulkSummary.studies);

    // A later write through the trigger extends the same chain and explains the change: still verifies.
    const patientId = (await sql<{ id: number }>`select min(id)::int as id from patients`.execute(bulkDb.db)).rows[0]!.id;
    await withActor(bulkDb.db, { userId: null, reason: 'Test after bulk load' }, async (tx) => {
      await tx.updateTable('sites').set({ phone: '+1 555 0100' }).where('id', '=', 1).execute();
      await sql`update patients set ethnicity = 'ZZ' where id = ${patientId}`.execute(tx);
      await sql`update patients set ethnicity = 'YY' where id = ${patientId}`.execute(tx);
      await sql`delete from query_messages where id = (select max(id) from query_messages)`.execute(tx);
    });
    expect(await verifyAuditChain(bulkDb.db)).toMatchObject({ valid: true, bulkRecordsVerified: records });
    // And the audit triggers are enabled again.
    const disabled = await sql<{ n: number }>`select count(*)::int as n from pg_trigger where tgfoid = 'audit_row'::regproc and tgenabled = 'D'`.execute(bulkDb.db);
    expect(disabled.rows[0]!.n).toBe(0);

    // A change made with the audit trigger disabled is reported at the record of the row's table and study.
    const victim = (await sql<{ id: number }>`select max(id)::int as id from subject_visits`.execute(bulkDb.db)).rows[0]!.id;
    const record = (await sql<{ id: string }>`select id::text from audit_events where table_name = 'subject_visits' and changes ? ${BULK_FIELD}
        and ${victim} between (changes -> ${BULK_FIELD} -> 'new' ->> 'first_id')::int and (changes -> ${BULK_FIELD} -> 'new' ->> 'last_id')::int`.execute(bulkDb.db)).rows[0]!.id;
    await withActor(bulkDb.db, { userId: null, reason: 'Tampering test' }, async (tx) => {
      await sql`alter table subject_visits disable trigger user`.execute(tx);
      await sql`update subject_visits set scheduled_date = scheduled_date + 1 where id = ${victim}`.execute(tx);
      await sql`alter table subject_visits enable trigger user`.execute(tx);
    });
    const tampered = await verifyAuditChain(bulkDb.db);
    expect(tampered.valid).toBe(false);
    expect(tampered.firstBroken).toEqual({ id: Number(record), problem: 'bulk-rows-differ' });
    // Undone, it verifies again; a row removed without trace is reported too.
    await withActor(bulkDb.db, { userId: null, reason: 'Tampering test' }, async (tx) => {
      await sql`alter table subject_visits disable trigger user`.execute(tx);
      await sql`update subject_visits set scheduled_date = scheduled_date - 1 where id = ${victim}`.execute(tx);
      await sql`alter table subject_visits enable trigger user`.execute(tx);
    });
    expect((await verifyAuditChain(bulkDb.db)).valid).toBe(true);
  });

  it('shows a bulk record in the audit trail as one entry', async () => {
    const admin = await callerAs(bulkDb, demoEmail('admin'));
    const trail = await admin.audit.trail({ table: 'patients', limit: 5 });
    const entry = trail.items.find((e) => e.action === 'bulk_loaded')!;
    expect(entry.field).toBe(BULK_FIELD);
    expect(entry.newValue).toMatchObject({ rows: expect.any(Number), first_id: Number(entry.recordId) });
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
