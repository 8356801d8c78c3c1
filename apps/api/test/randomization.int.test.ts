// Randomization schemes (issue 30, first slice) on the seeded demo database: a study manager saves a
// stratified block scheme and a minimization scheme, simulates them (reports kept with the scheme,
// reproducible from the seed), takes production live (the sealed list: balanced blocks, its hash,
// readable by administrators only); the refusals (bad block sizes, arms of another study, unknown
// sites, stale versions, a locked scheme, a too large simulation) and the roles refused; every write
// audited with its reason, and the sealed list absent from the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import type { SchemeSaveInput } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;
let otherStudyId: number;
let arms: { id: number; code: string }[];
let sites: string[];

/** The test's own audit rows of a table (the demo load writes the demo's live scheme too). */
const auditOf = async (table: string) =>
  (
    await sql<{ action: string; reason: string; changes: Record<string, { old: unknown; new: unknown }>; studyId: number | null }>`
      select e.action, e.reason, e.changes, s.study_id as "studyId"
        from audit_events e left join audit_event_scope s on s.event_id = e.id
       where e.table_name = ${table} and e.reason <> 'Demo data load' order by e.id`.execute(t.database.db)
  ).rows;

function blocksScheme(kind: 'test' | 'production', over: Partial<SchemeSaveInput> = {}): SchemeSaveInput {
  return {
    studyId,
    kind,
    reason: 'Scheme agreed with the statistician',
    method: 'blocks',
    arms: [
      { armId: arms[0]!.id, ratio: 2 },
      { armId: arms[1]!.id, ratio: 1 },
    ],
    factors: [
      { key: 'site', label: 'Site', source: 'site', levels: sites.slice(0, 2), weight: 1 },
      { key: 'sex', label: 'Sex', source: 'subject', levels: ['F', 'M'], weight: 1 },
    ],
    blockSizes: [3, 6],
    minimization: null,
    plannedEnrollment: 40,
    marginPercent: 25,
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  const { rows } = await sql<{ studyId: number }>`
    select m.study_id as "studyId" from study_memberships m join users u on u.id = m.user_id
     where u.email = 'study-manager@demo.local' and m.role = 'study-manager'
       and (select count(*) from trial_arms a where a.study_id = m.study_id) >= 2
       and (select count(*) from study_sites s where s.study_id = m.study_id) >= 2
     order by m.study_id limit 1`.execute(t.database.db);
  expect(rows.length).toBe(1);
  studyId = rows[0]!.studyId;
  otherStudyId = (await t.database.db.selectFrom('trialArms').select('studyId').where('studyId', '<>', studyId).executeTakeFirstOrThrow()).studyId;
  const r = await as['study-manager']!.randomization.get({ studyId });
  arms = r.arms;
  sites = r.sites.map((s) => s.siteNumber);
}, 300_000);
afterAll(() => t.cleanup());

describe('randomization schemes', () => {
  it('starts without schemes and offers the design arms and the study sites', async () => {
    const r = await as['study-manager']!.randomization.get({ studyId });
    expect(r.test).toBeNull();
    expect(r.production).toBeNull();
    expect(r.arms.length).toBeGreaterThanOrEqual(2);
    expect(r.sites.length).toBeGreaterThanOrEqual(2);
  });

  it('saves a stratified block scheme with its content hash, audited with the reason', async () => {
    const saved = await as['study-manager']!.randomization.save(blocksScheme('test'));
    expect(saved).toMatchObject({ kind: 'test', status: 'draft', method: 'blocks', blockSizes: [3, 6], plannedEnrollment: 40, version: 1 });
    expect(saved.arms.map((a) => [a.code, a.ratio])).toEqual([
      [arms[0]!.code, 2],
      [arms[1]!.code, 1],
    ]);
    expect(saved.contentHash).toMatch(/^[0-9a-f]{64}$/);
    // the same content gives the same hash; another content another
    const again = await as['study-manager']!.randomization.save({ ...blocksScheme('test'), version: 1 });
    expect(again.contentHash).toBe(saved.contentHash);
    expect(again.version).toBe(2);
    const changed = await as['study-manager']!.randomization.save({ ...blocksScheme('test', { blockSizes: [3] }), version: 2 });
    expect(changed.contentHash).not.toBe(saved.contentHash);
    const audit = await auditOf('randomization_schemes');
    expect(audit[0]).toMatchObject({ action: 'insert', reason: 'Scheme agreed with the statistician', studyId });
    // the same content saved again changes only bookkeeping columns, which the trail leaves out
    expect(audit.map((a) => a.action)).toEqual(['insert', 'update']);
    expect(Object.keys(audit[1]!.changes)).toEqual(expect.arrayContaining(['blockSizes', 'contentHash']));
  });

  it('refuses bad content with clear messages', async () => {
    const sm = as['study-manager']!.randomization;
    await rejects(sm.save(blocksScheme('production', { blockSizes: [4] })), 'BAD_REQUEST', /Block size 4 is not a multiple of the ratio's sum \(3\)/);
    await rejects(sm.save(blocksScheme('production', { blockSizes: [] })), 'BAD_REQUEST', /Give at least one block size/);
    await rejects(sm.save(blocksScheme('production', { arms: [{ armId: arms[0]!.id, ratio: 1 }] })), 'BAD_REQUEST', /at least two arms/);
    await rejects(
      sm.save(blocksScheme('production', { factors: [{ key: 'sex', label: 'Sex', source: 'subject', levels: ['F'], weight: 1 }] })),
      'BAD_REQUEST',
      /at least two levels/,
    );
    await rejects(sm.save(blocksScheme('production', { method: 'minimization', minimization: null })), 'BAD_REQUEST', /Give the minimization settings/);
    await rejects(
      sm.save(blocksScheme('production', { factors: [{ key: 'site', label: 'Site', source: 'site', levels: ['NOPE-1', sites[0]!], weight: 1 }] })),
      'BAD_REQUEST',
      /Not a site of this study: NOPE-1/,
    );
    const foreignArm = (await t.database.db.selectFrom('trialArms').select('id').where('studyId', '=', otherStudyId).executeTakeFirstOrThrow()).id;
    await rejects(
      sm.save(blocksScheme('production', { arms: [{ armId: arms[0]!.id, ratio: 1 }, { armId: foreignArm, ratio: 1 }], blockSizes: [2, 4] })),
      'BAD_REQUEST',
      /not one of the study design's arms/,
    );
    // a stale version, and a version given for a scheme that does not exist yet
    await rejects(sm.save({ ...blocksScheme('test'), version: 1 }), 'CONFLICT');
    await rejects(sm.save({ ...blocksScheme('production'), version: 3 }), 'CONFLICT');
    expect((await sm.get({ studyId })).production).toBeNull();
  });

  it('refuses other roles (FORBIDDEN) and studies outside the scope (NOT_FOUND)', async () => {
    for (const role of ['data-manager', 'investigator', 'coordinator', 'monitor', 'sponsor']) {
      await rejects(as[role]!.randomization.get({ studyId }), 'FORBIDDEN');
      await rejects(as[role]!.randomization.save(blocksScheme('test')), 'FORBIDDEN');
      await rejects(as[role]!.randomization.simulate({ studyId, kind: 'test', trials: 10, proportions: [] }), 'FORBIDDEN');
      await rejects(as[role]!.randomization.goLive({ studyId, version: 1, reason: 'Go live' }), 'FORBIDDEN');
    }
    await rejects(as['study-manager']!.randomization.sealedList({ studyId }), 'FORBIDDEN');
    // a study manager who is not a member of the study does not see it
    const adminId = (await t.database.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow()).id;
    await withActor(t.database.db, { userId: adminId, reason: 'A manager without studies' }, (tx) =>
      tx.insertInto('users').values({ email: 'lonely-manager@test.local', fullName: 'Lonely Manager', role: 'study-manager', passwordHash: 'x' }).execute(),
    );
    const lonely = await callerAs(t.database, 'lonely-manager@test.local');
    await rejects(lonely.randomization.get({ studyId }), 'NOT_FOUND', 'Study not found');
    await rejects(lonely.randomization.save(blocksScheme('test')), 'NOT_FOUND', 'Study not found');
    await rejects(lonely.randomization.simulate({ studyId, kind: 'test', trials: 10, proportions: [] }), 'NOT_FOUND', 'Study not found');
  });

  it('simulates the saved scheme, keeps the report with it, and repeats it from the seed', async () => {
    const sm = as['study-manager']!.randomization;
    await rejects(sm.simulate({ studyId, kind: 'production', trials: 10, proportions: [] }), 'NOT_FOUND', /Save the scheme/);
    const sim = await sm.simulate({ studyId, kind: 'test', trials: 200, proportions: [{ factor: 'sex', shares: [3, 1] }] });
    const current = (await sm.get({ studyId })).test!;
    expect(sim.schemeHash).toBe(current.contentHash);
    expect(sim.report.trials).toBe(200);
    expect(sim.report.enrollment).toBe(40);
    expect(sim.report.strata).toHaveLength(4);
    expect(sim.report.factorLevels.map((l) => `${l.factor}=${l.level}`)).toEqual([...sites.slice(0, 2).map((s) => `site=${s}`), 'sex=F', 'sex=M']);
    // blocks of 3 (2:1): a stratum is never more than one block's worth out of balance
    for (const s of sim.report.strata) expect(s.max).toBeLessThanOrEqual(1);
    expect(sim.report.histogram.reduce((n, b) => n + b.trials, 0)).toBe(200);
    expect(sim.report.predictability.mean).toBeGreaterThan(0.5);
    const repeat = await sm.simulate({ studyId, kind: 'test', trials: 200, seed: sim.seed, proportions: [{ factor: 'sex', shares: [3, 1] }] });
    expect(repeat.report).toEqual(sim.report);
    expect(repeat.id).not.toBe(sim.id);
    const list = await sm.simulations({ studyId, kind: 'test' });
    expect(list.map((s) => s.id)).toEqual([repeat.id, sim.id]);
    const audit = await auditOf('randomization_simulations');
    expect(audit.map((a) => a.reason)).toEqual(['Simulation of the randomization scheme', 'Simulation of the randomization scheme']);
    expect(audit[0]!.studyId).toBe(studyId);
  });

  it('refuses bad simulation input', async () => {
    const sm = as['study-manager']!.randomization;
    await rejects(sm.simulate({ studyId, kind: 'test', trials: 10_001, proportions: [] }), 'BAD_REQUEST', /at most 10000/);
    await rejects(sm.simulate({ studyId, kind: 'test', trials: 10, proportions: [{ factor: 'age', shares: [1, 1] }] }), 'BAD_REQUEST', /No factor age/);
    await rejects(sm.simulate({ studyId, kind: 'test', trials: 10, proportions: [{ factor: 'sex', shares: [1] }] }), 'BAD_REQUEST', /one share per level of Sex/);
    await rejects(sm.simulate({ studyId, kind: 'test', trials: 10, seed: 'xyz', proportions: [] }), 'BAD_REQUEST', /64 hexadecimal/);
    const big = await sm.save({ ...blocksScheme('test', { plannedEnrollment: 1000, factors: [] }), version: 3 });
    await rejects(sm.simulate({ studyId, kind: 'test', trials: 10_000, proportions: [] }), 'BAD_REQUEST', /too large to run at once/);
    await sm.save({ ...blocksScheme('test', { blockSizes: [3] }), version: big.version });
  });

  it('takes a production block scheme live with a sealed, balanced list, readable by administrators only', async () => {
    const sm = as['study-manager']!.randomization;
    const saved = await sm.save(blocksScheme('production'));
    await rejects(sm.goLive({ studyId, version: saved.version + 1, reason: 'Go live' }), 'CONFLICT');
    const live = await sm.goLive({ studyId, version: saved.version, reason: 'First subject expected' });
    expect(live).toMatchObject({ status: 'live', lockedAt: null });
    expect(live.liveAt).not.toBeNull();
    expect(live.listHash).toMatch(/^[0-9a-f]{64}$/);
    await rejects(sm.goLive({ studyId, version: live.version, reason: 'Again' }), 'PRECONDITION_FAILED', /already live/);
    const r = await sm.get({ studyId });
    expect(r.production!.list).toEqual({ strata: 4, entriesPerStratum: expect.any(Number) });
    expect(JSON.stringify(r)).not.toMatch(/"armId":\d+,"position"/);

    const list = await as.admin!.randomization.sealedList({ studyId, limit: 1000 });
    expect(list.listHash).toBe(live.listHash);
    expect(list.strata).toEqual([`site=${sites[0]}|sex=F`, `site=${sites[0]}|sex=M`, `site=${sites[1]}|sex=F`, `site=${sites[1]}|sex=M`]);
    // 40 planned + 25% = 50, rounded up to whole blocks: balanced 2:1 at every block end
    expect(list.entries.length).toBeGreaterThanOrEqual(50);
    const counts: Record<string, number> = {};
    list.entries.forEach((e, i) => {
      counts[e.armCode] = (counts[e.armCode] ?? 0) + 1;
      if (list.entries[i + 1]?.block !== e.block) expect(counts[arms[0]!.code]).toBe(2 * (counts[arms[1]!.code] ?? 0));
    });
    expect(new Set(list.entries.map((e) => e.blockSize)).size).toBeLessThanOrEqual(2);
    // the list (and its seed) is not in the audit trail: only the scheme's row points at it
    const audit = await auditOf('randomization_schemes');
    expect(audit.at(-1)).toMatchObject({ action: 'update', reason: 'First subject expected' });
    expect(Object.keys(audit.at(-1)!.changes)).toEqual(expect.arrayContaining(['status', 'listHash', 'liveAt']));
    const seed = (await t.database.db.selectFrom('randomizationLists').select('seed').executeTakeFirstOrThrow()).seed;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_events where changes::text like ${'%' + seed + '%'}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
    // lists are append-only
    const adminId = (await t.database.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow()).id;
    await expect(
      withActor(t.database.db, { userId: adminId, reason: 'Tamper' }, (tx) => tx.updateTable('randomizationListEntries').set({ block: 99 }).execute()),
    ).rejects.toThrow(/append-only/);
  });

  it('takes a live unlocked scheme back to draft when edited, and refuses any change once locked', async () => {
    const sm = as['study-manager']!.randomization;
    const live = (await sm.get({ studyId })).production!;
    const minimization = await sm.save({
      ...blocksScheme('production', { method: 'minimization', blockSizes: null, minimization: { measure: 'range', probability: 0.8, initialRandom: 2 } }),
      version: live.version,
    });
    expect(minimization).toMatchObject({ status: 'draft', listHash: null, liveAt: null, method: 'minimization', blockSizes: null });
    const again = await sm.goLive({ studyId, version: minimization.version, reason: 'Minimization agreed' });
    expect(again).toMatchObject({ status: 'live', listHash: null });
    const sim = await sm.simulate({ studyId, kind: 'production', trials: 100, proportions: [] });
    expect(sim.report.method).toBe('minimization');
    // the first allocation locks it (allocations come in a later slice: set the lock as they will)
    const adminId = (await t.database.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow()).id;
    await withActor(t.database.db, { userId: adminId, reason: 'First allocation' }, (tx) =>
      tx.updateTable('randomizationSchemes').set({ lockedAt: new Date() }).where('id', '=', again.id).execute(),
    );
    const locked = (await sm.get({ studyId })).production!;
    await rejects(sm.save({ ...blocksScheme('production'), version: locked.version }), 'PRECONDITION_FAILED', /locked/);
    await rejects(sm.goLive({ studyId, version: locked.version, reason: 'Again' }), 'PRECONDITION_FAILED', /locked/);
    // the database refuses it too
    await expect(
      withActor(t.database.db, { userId: adminId, reason: 'Tamper' }, (tx) =>
        tx.updateTable('randomizationSchemes').set({ plannedEnrollment: 99 }).where('id', '=', again.id).execute(),
      ),
    ).rejects.toThrow(/locked/);
  });

  it('runs 1,000 simulated trials of a 500-subject minimization scheme in the request (time printed)', async () => {
    const sm = as['study-manager']!.randomization;
    const current = (await sm.get({ studyId })).test!;
    await sm.save({
      ...blocksScheme('test', { method: 'minimization', blockSizes: null, minimization: { measure: 'range', probability: 0.8, initialRandom: 2 }, plannedEnrollment: 500 }),
      version: current.version,
    });
    const started = performance.now();
    // A fixed seed: the imbalance bound below is a property of this seed's run, not of every run.
    const sim = await sm.simulate({ studyId, kind: 'test', trials: 1000, proportions: [{ factor: 'sex', shares: [1, 1] }], seed: '5eed'.repeat(16) });
    console.warn(`randomization.simulate: 1000 trials x 500 subjects by minimization: ${sim.durationMs} ms simulating, ${Math.round(performance.now() - started)} ms for the whole request`);
    expect(sim.report).toMatchObject({ trials: 1000, enrollment: 500, method: 'minimization' });
    expect(sim.durationMs).toBeGreaterThan(0);
    // Minimization keeps 95 % of trials within a few subjects; simple randomization of 500 would give about 44.
    expect(sim.report.total.p95).toBeLessThanOrEqual(8);
  });
});
