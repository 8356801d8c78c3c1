// The blinding walk (issue 30 item 4): in the demo's double-blind study, with arms renamed to tokens no
// other text contains, subjects randomized through REST (POST /api/patients/{id}/randomize) and one
// unblinded in an emergency, every blinded role (site staff, monitor, sponsor, data manager) signs in and
// calls EVERY tRPC query of the router (read from appRouter, no hand-kept list) and every REST GET path
// (read from the Express routers), with the study's, the subject's and the site's ids filled in. No
// answer may contain an arm's code or name, or the arm's id under an arm key. Mutations are not walked
// (they would change the data under the walk); their answers are tested one by one (randomize, unblind).
// Before the walk an administrator also corrects one allocation (documented correction: its arms sit in
// the audit trail) and requests a planned unblinding of the study after database lock, not approved: the
// unblinding report, its CSV and the planned unblinding status must stay closed or armless.
// The study design's arm catalogue (the Design tab: which arms the protocol has) is not an allocation
// and is the only place the tokens may appear: design.byStudy, and the same design exported as USDM
// (usdm.export, GET /api/studies/{id}/usdm: arms, epochs and cells, no subject). The unblinded team sees the
// arm through REST.
// SDTM: an administrator's run (arms in DM) and the data manager's blinded run (DM's arms blank) exist
// during the walk; every download of both (each dataset's XPT, CSV and Dataset-JSON, the zip read entry
// by entry, define.xml) is fetched by every blinded role: the administrator's run is refused, the blinded
// run carries no token outside TA, the trial design dataset of the protocol's arms (like design.byStudy).
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStore, sql, withActor } from '@ctp/db';
import { createTestDatabase, TEST_PASSWORD, TEST_STORAGE_DIR, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import { procedureEntries, skeletonOf } from './support/schema-walk.ts';
import { restRoutes } from '../src/rest.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { unzip } from './support/unzip.ts';

const BLINDED_ROLES = ['coordinator', 'investigator', 'monitor', 'sponsor', 'data-manager'] as const;
const TOKENS = [
  { code: 'QZXARMA', name: 'Qzx Arm Alpha' },
  { code: 'QZXARMB', name: 'Qzx Arm Beta' },
];
/** Procedures whose answer is the study design's arm catalogue, not a subject's allocation. */
const DESIGN_CATALOGUE = new Set(['design.byStudy', 'usdm.export']);
const DESIGN_CATALOGUE_REST = new Set(['/studies/:id/usdm']);

let t: TestDatabase;
let server: TestServer;
let studyId: number;
let siteId: number;
let walked: { id: number; code: string };
let armIds: number[];
/** The administrator's SDTM run (arms in DM) and the data manager's blinded one. */
let sdtmRuns: { full: number; blinded: number };

const LEAK = new RegExp(TOKENS.flatMap((a) => [a.code, a.name]).join('|'), 'i');

/** An answer that names an arm, or carries an arm id under an arm key. */
function leaks(text: string): boolean {
  if (LEAK.test(text)) return true;
  const armKey = new RegExp(`"(armId|plannedArmId|actualArmId|planned_arm_id|actual_arm_id|arm_id|fromArmId|toArmId|from_arm_id|to_arm_id)"\\s*:\\s*(${armIds.join('|')})\\b`);
  return armKey.test(text);
}

/**
 * A study's audit trail CSV without the rows about the trial's arms themselves (the design catalogue every
 * member reads on the Design tab; this walk's set-up renames them to its tokens): what is left must not
 * name an arm.
 */
function withoutDesignRows(csv: string): string {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  const table = header!.indexOf('Table');
  return rows.filter((r) => !/^(trial_arms|trial arms?)$/i.test(r[table] ?? '')).map((r) => r.join(',')).join('\n');
}

async function newSubject(code: string) {
  return withActor(t.database.db, { userId: null, reason: 'Blinding walk subject' }, (tx) =>
    tx
      .insertInto('patients')
      .values({ subjectCode: code, studyId, siteId, status: 'enrolled', yearOfBirth: 1980, sex: 'M', screeningDate: TEST_TODAY, enrollmentDate: TEST_TODAY })
      .returning(['id', 'subjectCode as code'])
      .executeTakeFirstOrThrow(),
  );
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database);
  const db = t.database.db;
  studyId = (await db.selectFrom('studies').select('id').where('blinding', '=', 'double_blind').orderBy('id').executeTakeFirstOrThrow()).id;
  const arms = await db.selectFrom('trialArms').select('id').where('studyId', '=', studyId).orderBy('sortOrder').execute();
  armIds = arms.map((a) => a.id);
  const sponsor = await db.selectFrom('users').select('id').where('email', '=', 'sponsor@demo.local').executeTakeFirstOrThrow();
  await withActor(db, { userId: null, reason: 'Blinding walk set-up' }, async (tx) => {
    for (const [k, arm] of arms.entries()) {
      await tx.updateTable('trialArms').set({ code: TOKENS[k]?.code ?? `QZXARM${k}`, name: TOKENS[k]?.name ?? `Qzx Arm ${k}` }).where('id', '=', arm.id).execute();
    }
    const member = await tx.selectFrom('studyMemberships').select('id').where('userId', '=', sponsor.id).where('studyId', '=', studyId).executeTakeFirst();
    if (!member) await tx.insertInto('studyMemberships').values({ userId: sponsor.id, studyId, role: 'sponsor', siteId: null }).execute();
  });
  siteId = (
    await sql<{ siteId: number }>`select m.site_id as "siteId" from study_memberships m join users u on u.id = m.user_id
      where u.email = 'coordinator@demo.local' and m.study_id = ${studyId}`.execute(db)
  ).rows[0]!.siteId;
  // The demo's earlier subjects got arms by hand: the walk must not find those either.
  const manager = await callerAs(t.database, demoEmail('study-manager'));
  // The demo's live scheme (no allocation yet) is replaced by one with the first allocations by the coin.
  const live = await manager.randomization.get({ studyId });
  const saved = await manager.randomization.save({
    studyId,
    kind: 'production',
    version: live.production?.version,
    reason: 'Scheme agreed with the statistician',
    method: 'minimization',
    arms: armIds.slice(0, 2).map((armId) => ({ armId, ratio: 1 })),
    factors: [{ key: 'sex', label: 'Sex', source: 'subject', levels: ['F', 'M'], weight: 1 }],
    blockSizes: null,
    minimization: { measure: 'range', probability: 0.8, initialRandom: 0 },
    plannedEnrollment: 50,
    marginPercent: 0,
  });
  await manager.randomization.goLive({ studyId, version: saved.version, reason: 'Go-live approved' });
}, 300_000);
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

/** Every REST GET path, read from the routers restRoutes builds. */
function restGetPaths(): string[] {
  const out: string[] = [];
  const walk = (stack: any[]) => {
    for (const layer of stack) {
      if (layer.route?.methods?.get && !DESIGN_CATALOGUE_REST.has(String(layer.route.path))) out.push(String(layer.route.path));
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((restRoutes((() => ({})) as any, new BlobStore(TEST_STORAGE_DIR), 1) as any).stack);
  return out;
}

/** The skeleton input with every id the walk knows filled in (id: the study's or the subject's). */
function filled(value: unknown, id: number): unknown {
  if (Array.isArray(value)) return value.map((v) => filled(v, id));
  if (!value || typeof value !== 'object') return value;
  const ids: Record<string, number> = { studyId, patientId: walked.id, siteId, id };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k in ids ? ids[k] : filled(v, id)]));
}

describe('the blinding walk', () => {
  it('randomizes through REST: the coordinator gets a number and no arm, the unblinded team reads the arm', async () => {
    const coordinator = new TestClient(server.url);
    expect((await coordinator.login(demoEmail('coordinator'))).status).toBe(200);
    const criteria = await t.database.db.selectFrom('studyEligibilityCriteria').select(['id', 'kind']).where('studyId', '=', studyId).execute();
    const eligibility = criteria.map((c) => ({ criterionId: c.id, met: c.kind === 'inclusion' }));
    walked = await newSubject('WALK-001');
    const other = await newSubject('WALK-002');
    for (const s of [walked, other]) {
      const res = await coordinator.request(`/api/patients/${s.id}/randomize`, { method: 'POST', json: { stratumValues: { sex: 'M' }, eligibility, confirmed: true } });
      const text = await res.text();
      expect(res.status, text).toBe(201);
      expect(JSON.parse(text)).toMatchObject({ subjectCode: s.code, armsHidden: true, arm: null, randomizationNumber: expect.stringMatching(/^R-\d{4}$/) });
      expect(leaks(text)).toBe(false);
    }
    const again = await coordinator.request(`/api/patients/${walked.id}/randomize`, { method: 'POST', json: { stratumValues: { sex: 'M' }, eligibility, confirmed: true } });
    expect(again.status).toBe(409);
    expect((await coordinator.request(`/api/randomization/allocations?studyId=${studyId}`)).status).toBe(403);
    const managerClient = new TestClient(server.url);
    await managerClient.login(demoEmail('study-manager'));
    const list = await managerClient.getJson(`/api/randomization/allocations?studyId=${studyId}`);
    expect(list.map((a: { subjectCode: string }) => a.subjectCode)).toEqual(['WALK-001', 'WALK-002']);
    expect(TOKENS.map((a) => a.code)).toContain(list[0].arm.code);
    // One emergency unblinding (of the other subject), so notifications and flags exist during the walk.
    const investigator = await callerAs(t.database, demoEmail('investigator'));
    const unblinded = await investigator.randomization.emergencyUnblind({ patientId: other.id, reason: 'Anaphylaxis: the treatment must be known', password: TEST_PASSWORD });
    expect(TOKENS.map((a) => a.code)).toContain(unblinded.arm.code);
    // A documented correction of the walked subject's allocation (its arms in the audit trail), and a
    // planned unblinding requested after database lock but not approved: the study stays blinded.
    const admin = await callerAs(t.database, demoEmail('admin'));
    const current = list.find((a: { subjectCode: string }) => a.subjectCode === 'WALK-001').arm.id as number;
    const corrected = await admin.randomization.correct({ patientId: walked.id, armId: armIds.find((id) => id !== current)!, reason: 'Kit of the other arm given by mistake', password: TEST_PASSWORD });
    expect(TOKENS.map((a) => a.code)).toContain(corrected.arm.code);
    await (await callerAs(t.database, demoEmail('data-manager'))).casebook.lockStudy({ studyId, reason: 'Database lock', acknowledgeOpenQueries: true });
    await admin.randomization.requestUnblinding({ studyId, reason: 'Final analysis after database lock' });
    // SDTM through REST: the administrator's run and the data manager's (blinded) one
    const generate = async (role: 'admin' | 'data-manager') => {
      const client = new TestClient(server.url);
      await client.login(demoEmail(role));
      const res = await client.request('/api/cdisc/export-sdtm', { method: 'POST', json: { studyId } });
      expect(res.status).toBe(202);
      const { runId } = (await res.json()) as { runId: number };
      await awaitSdtmRun(runId);
      return runId;
    };
    sdtmRuns = { full: await generate('admin'), blinded: await generate('data-manager') };
    const kinds = await t.database.db.selectFrom('sdtmRuns').select(['id', 'blinded', 'status']).where('id', 'in', [sdtmRuns.full, sdtmRuns.blinded]).orderBy('id').execute();
    expect(kinds).toEqual([
      { id: sdtmRuns.full, blinded: false, status: 'done' },
      { id: sdtmRuns.blinded, blinded: true, status: 'done' },
    ]);
  });

  it('finds no arm in any tRPC query or REST GET answer of a blinded role', async () => {
    const entries = procedureEntries().filter((e) => e.type === 'query' && !DESIGN_CATALOGUE.has(e.path));
    const paths = restGetPaths();
    const found: string[] = [];
    let answered = 0;
    for (const role of BLINDED_ROLES) {
      const client = new TestClient(server.url);
      expect((await client.login(demoEmail(role))).status).toBe(200);
      for (const entry of entries) {
        const inputs = entry.input ? [filled(skeletonOf(entry.input), studyId), filled(skeletonOf(entry.input), walked.id)] : [undefined];
        for (const input of inputs) {
          const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
          const res = await client.request(`/trpc/${entry.path}${qs}`);
          const text = await res.text();
          if (res.status === 200) answered++;
          if (leaks(text)) found.push(`${role} ${entry.path} ${JSON.stringify(input)}`);
        }
      }
      for (const path of paths) {
        for (const id of [studyId, walked.id]) {
          const url = `/api${path.replace(/:[A-Za-z]+/g, String(id))}?studyId=${studyId}&patientId=${walked.id}`;
          const res = await client.request(url);
          const text = await res.text();
          if (res.status === 200) answered++;
          if (leaks(res.status === 200 && path === '/studies/:id/audit-trail.csv' ? withoutDesignRows(text) : text)) found.push(`${role} GET ${url}`);
        }
      }
    }
    expect(found).toEqual([]);
    // The walk reached real answers, not only refusals.
    expect(answered).toBeGreaterThan(BLINDED_ROLES.length * 40);
  }, 600_000);

  it('finds no arm in any SDTM download of a blinded role; the administrator\'s run is refused to them', async () => {
    const db = t.database.db;
    const downloads = async (runId: number) => {
      const domains = await db.selectFrom('sdtmRunDatasets').select('domain').where('runId', '=', runId).execute();
      expect(domains.map((d) => d.domain)).toContain('DM');
      return [...domains.flatMap((d) => ['xpt', 'csv', 'json'].map((f) => `${d.domain.toLowerCase()}.${f}`)), 'all.zip', 'define.xml'];
    };
    const found: string[] = [];
    let read = 0;
    for (const role of BLINDED_ROLES) {
      const client = new TestClient(server.url);
      expect((await client.login(demoEmail(role))).status).toBe(200);
      for (const file of await downloads(sdtmRuns.full)) {
        const res = await client.request(`/api/cdisc/sdtm/${sdtmRuns.full}/${file}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status === 200) found.push(`${role} read the administrator's ${file}`);
        if (leaks(body.toString('latin1'))) found.push(`${role} ${sdtmRuns.full}/${file} (${res.status})`);
      }
      for (const file of await downloads(sdtmRuns.blinded)) {
        const res = await client.request(`/api/cdisc/sdtm/${sdtmRuns.blinded}/${file}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) {
          if (leaks(body.toString('latin1'))) found.push(`${role} ${sdtmRuns.blinded}/${file} (${res.status})`);
          continue;
        }
        read++;
        // TA is the protocol's arm catalogue (the walk's one allowed place); every other file is scanned
        const parts = file === 'all.zip' ? [...(await unzip(body)).entries()] : [[file, body] as const];
        for (const [name, bytes] of parts) if (!name.startsWith('ta.') && leaks(bytes.toString('latin1'))) found.push(`${role} ${sdtmRuns.blinded}/${file}:${name}`);
      }
    }
    expect(found).toEqual([]);
    // the data manager (at least) read every file of the blinded run
    expect(read).toBeGreaterThanOrEqual((await downloads(sdtmRuns.blinded)).length);
    // the scan can fail: the administrator's DM names the arms, and the blinded run's TA does too
    const admin = new TestClient(server.url);
    await admin.login(demoEmail('admin'));
    expect(leaks(await (await admin.request(`/api/cdisc/sdtm/${sdtmRuns.full}/dm.csv`)).text())).toBe(true);
    expect(leaks(await (await admin.request(`/api/cdisc/sdtm/${sdtmRuns.blinded}/ta.csv`)).text())).toBe(true);
    expect(leaks(await (await admin.request(`/api/cdisc/sdtm/${sdtmRuns.blinded}/dm.csv`)).text())).toBe(false);
  });

  it('the tokens are found where arms are allowed (the walk can fail)', async () => {
    const manager = new TestClient(server.url);
    await manager.login(demoEmail('study-manager'));
    const card = await manager.request(`/trpc/randomization.subject?input=${encodeURIComponent(JSON.stringify({ patientId: walked.id }))}`);
    expect(leaks(await card.text())).toBe(true);
    const design = await manager.request(`/trpc/design.subjectArm?input=${encodeURIComponent(JSON.stringify({ patientId: walked.id }))}`);
    expect(leaks(await design.text())).toBe(true);
    // A blinded role's real answer where the tokens are allowed: the design catalogue (the walk skips only it).
    const coordinator = new TestClient(server.url);
    await coordinator.login(demoEmail('coordinator'));
    const catalogue = await coordinator.request(`/trpc/design.byStudy?input=${encodeURIComponent(JSON.stringify({ studyId }))}`);
    expect(catalogue.status).toBe(200);
    expect(leaks(await catalogue.text())).toBe(true);
  });
});
