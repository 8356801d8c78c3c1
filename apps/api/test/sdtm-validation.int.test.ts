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
    const { validationRunId, sdtmRunId } = await as['data-manager']!.validation.run({ studyId });
    expect(sdtmRunId).toBe(started.runId);
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
    const known = new Set(CORE_RULES.map((r) => r.core_id));
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

  it('may be run by admin and data manager only', async () => {
    await rejects(as.sponsor!.validation.run({ studyId }), 'FORBIDDEN');
    await rejects(as.monitor!.validation.run({ studyId }), 'FORBIDDEN');
  });
});
