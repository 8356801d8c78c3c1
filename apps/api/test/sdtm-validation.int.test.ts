// SDTM validation on the seeded demo database: generate a study's SDTM (awaited), validate it, and the
// result is stored: the run row's counts match its findings, findings carry CORE ids from core-rules.json,
// the score follows the formula; latest pages the findings; a sponsor may not run a validation, and a
// study without a finished SDTM run is told to generate first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { CORE_RULES, complianceScore } from '../src/modules/cdisc/validation/rules.ts';
import { sdtmigRules } from '../src/modules/cdisc/validation/core/load-rules.ts';
import { awaitValidation } from '../src/modules/cdisc/validation/run.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;
let otherStudyId: number;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const s = await sql<{ id: number }>`select id from studies order by id`.execute(t.database.db);
  studyId = s.rows[0]!.id;
  otherStudyId = s.rows[1]!.id;
}, 300_000);
afterAll(async () => {
  await t.cleanup();
});

describe('SDTM validation', () => {
  it('asks for an SDTM run first', async () => {
    await rejects(as['data-manager']!.validation.run({ studyId: otherStudyId }), 'PRECONDITION_FAILED');
    expect(await as.admin!.validation.latest({ studyId: otherStudyId })).toBeNull();
  });

  it('validates the latest finished SDTM run and stores the result', async () => {
    const started = await as['data-manager']!.sdtm.exportSdtm({ studyId });
    await awaitSdtmRun(started.runId);
    const { validationRunId, sdtmRunId, started: job } = await as['data-manager']!.validation.run({ studyId });
    expect(sdtmRunId).toBe(started.runId);
    expect(job).toBe(true);
    // a background job: running with its progress until it ends
    const running = (await as.monitor!.validation.job({ studyId }))!;
    expect(running.id).toBe(validationRunId);
    expect(['running', 'done']).toContain(running.status);
    await awaitValidation(validationRunId);
    const finished = (await as.monitor!.validation.job({ studyId }))!;
    expect(finished).toMatchObject({ id: validationRunId, status: 'done', progress: 100, error: null });
    expect(finished.finishedAt).not.toBeNull();
    const latest = (await as.admin!.validation.latest({ studyId, limit: 200 }))!;
    expect(latest.id).toBe(validationRunId);
    const db = t.database.db;
    const stored = await db.selectFrom('sdtmValidationFindings').select(['kind', 'coreId']).where('validationRunId', '=', validationRunId).execute();
    expect(stored.filter((f) => f.kind === 'error').length).toBe(latest.counts.errors);
    expect(stored.filter((f) => f.kind === 'warning').length).toBe(latest.counts.warnings);
    expect(latest.errors.total).toBe(latest.counts.errors);
    expect(latest.isValid).toBe(latest.counts.errors === 0);
    expect(latest.counts.checkedRules).toBeGreaterThan(CORE_RULES.length);
    expect(latest.counts.recordsChecked).toBeGreaterThan(0);
    expect(latest.score).toBe(complianceScore(latest.counts.checkedRules, latest.counts.failedRules));
    // the hand rules still kept and CDISC's SDTMIG 3.4 rules run by the interpreter
    const known = new Set([...CORE_RULES.map((r) => r.core_id), ...sdtmigRules().map((r) => r.core_id)]);
    for (const f of stored) if (f.coreId) expect(known.has(f.coreId)).toBe(true);
    // some finding carries a CORE id (the demo data has e.g. expected variables it does not fill)
    expect(stored.some((f) => f.coreId)).toBe(true);
    for (const f of [...latest.errors.items, ...latest.warnings.items]) {
      expect(['high', 'medium', 'low']).toContain(f.severity);
      expect(f.dataset).toMatch(/^[A-Z][A-Z0-9]{1,7}$/);
    }
    // paging
    const page = (await as.admin!.validation.latest({ studyId, limit: 1, warningsOffset: 1 }))!;
    expect(page.warnings.items.length).toBe(Math.min(1, Math.max(0, latest.counts.warnings - 1)));
    if (latest.counts.warnings > 1) expect(page.warnings.items[0]!.id).toBe(latest.warnings.items[1]!.id);
  }, 300_000);

  it('records a failed validation with the step it failed at, and keeps the last result', async () => {
    const before = (await as.admin!.validation.latest({ studyId }))!;
    const sdtm = await t.database.db.selectFrom('sdtmRuns').select('id').where('studyId', '=', studyId).where('status', '=', 'done').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // a stored dataset whose file is missing from the blob store
    const dm = await t.database.db.selectFrom('sdtmRunDatasets').select('jsonSha256').where('runId', '=', sdtm.id).where('domain', '=', 'DM').executeTakeFirstOrThrow();
    await t.database.db.updateTable('sdtmRunDatasets').set({ jsonSha256: 'f'.repeat(64) }).where('runId', '=', sdtm.id).where('domain', '=', 'DM').execute();
    try {
      const { validationRunId } = await as['data-manager']!.validation.run({ studyId });
      await awaitValidation(validationRunId);
      const job = (await as.admin!.validation.job({ studyId }))!;
      expect(job).toMatchObject({ id: validationRunId, status: 'failed', step: 'Checking DM' });
      expect(job.error).toBe('The validation failed while checking DM');
      expect((await as.admin!.validation.latest({ studyId }))!.id).toBe(before.id);
    } finally {
      await t.database.db.updateTable('sdtmRunDatasets').set({ jsonSha256: dm.jsonSha256 }).where('runId', '=', sdtm.id).where('domain', '=', 'DM').execute();
    }
  }, 120_000);

  it('may be run by admin and data manager only', async () => {
    await rejects(as.sponsor!.validation.run({ studyId }), 'FORBIDDEN');
    await rejects(as.monitor!.validation.run({ studyId }), 'FORBIDDEN');
  });
});
