// Trial supply (issue 30 item 6) on the seeded demo database, in its randomizing double-blind study: the
// demo's kits, depot, shipments and thresholds; kit registration refusals (duplicates, unknown kit type,
// a kit type naming an arm); a shipment's lifecycle with damaged and lost kits quarantined; the resupply
// notification without treatment; dispensing at randomization (arm, site, expiry against the next visit
// window plus the margin, 20 concurrent randomizations never sharing a kit, no kit: nothing allocated),
// at a later visit, and expired kits never dispensed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, withActor } from '@ctp/db';
import { createTestDatabase, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
let studyId: number;
let siteId: number;
let otherSiteId: number;
let arms: { id: number; code: string; name: string }[];
let criteria: { id: number; kind: string }[];
let seq = 0;

const eligible = () => criteria.map((c) => ({ criterionId: c.id, met: c.kind === 'inclusion' }));
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);
const armText = () => new RegExp(arms.flatMap((a) => [a.code, a.name]).join('|'), 'i');

async function subject(visitInDays?: { days: number; code: string }) {
  seq++;
  return withActor(t.database.db, { userId: null, reason: 'Supply test subject' }, async (tx) => {
    const p = await tx
      .insertInto('patients')
      .values({ subjectCode: `SUP-${String(seq).padStart(4, '0')}`, studyId, siteId, status: 'enrolled', yearOfBirth: 1970, sex: 'F', screeningDate: TEST_TODAY, enrollmentDate: TEST_TODAY })
      .returning(['id', 'subjectCode'])
      .executeTakeFirstOrThrow();
    const visits: number[] = [];
    for (const [code, days] of [['D0', 0], ...(visitInDays ? [[visitInDays.code, visitInDays.days]] : [])] as [string, number][]) {
      const def = await tx.selectFrom('visitDefinitions').select('id').where('studyId', '=', studyId).where('code', '=', code).executeTakeFirstOrThrow();
      const v = await tx.insertInto('subjectVisits').values({ patientId: p.id, visitDefinitionId: def.id, status: 'scheduled', scheduledDate: addDays(TEST_TODAY, days) }).returning('id').executeTakeFirstOrThrow();
      visits.push(v.id);
    }
    return { ...p, visits };
  });
}

const randomize = (patientId: number, who = 'coordinator') =>
  as[who]!.randomization.randomize({ patientId, stratumValues: { sex: 'F', age_group: '18-64' }, eligibility: eligible(), confirmed: true });

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const db = t.database.db;
  studyId = (await db.selectFrom('studies').select('id').where('blinding', '=', 'double_blind').orderBy('id').executeTakeFirstOrThrow()).id;
  as = await callersForEveryRole(t.database);
  siteId = (
    await sql<{ siteId: number }>`select m.site_id as "siteId" from study_memberships m join users u on u.id = m.user_id
      where u.email = 'coordinator@demo.local' and m.study_id = ${studyId}`.execute(db)
  ).rows[0]!.siteId;
  otherSiteId = (await db.selectFrom('studySites').select('siteId').where('studyId', '=', studyId).where('siteId', '<>', siteId).orderBy('siteId').executeTakeFirstOrThrow()).siteId;
  arms = await db.selectFrom('trialArms').select(['id', 'code', 'name']).where('studyId', '=', studyId).orderBy('sortOrder').execute();
  criteria = await db.selectFrom('studyEligibilityCriteria').select(['id', 'kind']).where('studyId', '=', studyId).execute();
}, 300_000);
afterAll(() => t.cleanup());

describe('the demo supply', () => {
  it('has kit types, a depot, stock at the staff site, a site below its threshold and kits dispensed to randomized subjects', async () => {
    const manager = await as['study-manager']!.supply.overview({ studyId });
    expect(manager.kitTypes.map((k) => k.code)).toEqual(['KT-A', 'KT-B']);
    expect(manager.kitTypes.every((k) => k.arm !== null)).toBe(true); // the demo's study manager is the unblinded team
    expect(manager.depots[0]!.free).toBeGreaterThan(0);
    const staff = manager.sites.find((s) => s.siteId === siteId)!;
    expect(staff.byKitType.every((k) => k.available >= 20)).toBe(true);
    expect(manager.sites.filter((s) => s.below).length).toBe(1);
    expect(manager.sites.find((s) => s.below)!.suggestion).toEqual([{ kitTypeId: null, quantity: 12 }]);
    const told = await sql<{ title: string; body: string }>`select title, body from notifications where kind = 'supply_resupply' and study_id = ${studyId}`.execute(t.database.db);
    expect(told.rows.length).toBe(1);
    expect(told.rows[0]!.body).toMatch(/kits available in all, below the threshold of 6/);
    const withArm = await sql<{ n: number; kits: number }>`select count(*)::int as n, count(k.id)::int as kits from patients p
      left join kits k on k.patient_id = p.id where p.study_id = ${studyId} and p.actual_arm_id is not null`.execute(t.database.db);
    expect(withArm.rows[0]!.n).toBeGreaterThan(0);
    expect(withArm.rows[0]!.kits).toBe(withArm.rows[0]!.n);
    const mismatched = await sql<{ n: number }>`select count(*)::int as n from kits k join kit_types t on t.id = k.kit_type_id join patients p on p.id = k.patient_id
      where k.study_id = ${studyId} and t.arm_id <> p.actual_arm_id`.execute(t.database.db);
    expect(mismatched.rows[0]!.n).toBe(0);
  });

  it('shows blinded users kit types and counts, never an arm; site staff only their own site', async () => {
    for (const role of ['coordinator', 'investigator']) {
      const o = await as[role]!.supply.overview({ studyId });
      expect(o.armsShown).toBe(false);
      expect(o.kitTypes.every((k) => k.arm === null)).toBe(true);
      expect(JSON.stringify(o)).not.toMatch(armText());
      expect(JSON.stringify(o)).not.toMatch(new RegExp(`"armId":(${arms.map((a) => a.id).join('|')})\\b`));
    }
    const site = await as.coordinator!.supply.overview({ studyId });
    expect(site.sites.map((s) => s.siteId)).toEqual([siteId]);
    expect(site.canManage).toBe(false);
    for (const role of ['sponsor', 'monitor', 'data-manager']) await rejects(as[role]!.supply.overview({ studyId }), 'FORBIDDEN');
  });
});

describe('registering kits', () => {
  it('registers a range and a CSV at a depot, refusing duplicates and unknown kit types with the rows named, all or nothing', async () => {
    const m = as['study-manager']!;
    const d = await m.supply.addDepot({ studyId, name: 'Test depot', country: 'France' });
    const [kta] = (await m.supply.overview({ studyId })).kitTypes;
    const expiry = addDays(TEST_TODAY, 400);
    expect(await m.supply.registerRange({ studyId, depotId: d.id, kitTypeId: kta!.id, prefix: 'TR-', from: 1, to: 10, lot: 'LT1', expiryDate: expiry })).toEqual({ registered: 10 });
    await rejects(m.supply.registerRange({ studyId, depotId: d.id, kitTypeId: kta!.id, prefix: 'TR-', from: 8, to: 12, lot: 'LT1', expiryDate: expiry }), 'BAD_REQUEST', /row 1: kit number TR-0008 is already registered/);
    const csv = `number,kit type,lot,expiry\nCS-1,KT-A,L9,${expiry}\nCS-2,KT-Z,L9,${expiry}\nCS-1,KT-B,L9,${expiry}\nCS-3,KT-B,L9,2026-02-30\n`;
    const err = await m.supply.registerCsv({ studyId, depotId: d.id, csv }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/row 3: unknown kit type KT-Z/);
    expect((err as Error).message).toMatch(/row 5: the expiry date/);
    const dup = await m.supply.registerCsv({ studyId, depotId: d.id, csv: `number,kit type,lot,expiry\nCS-1,KT-A,L9,${expiry}\ncs-1,KT-B,L9,${expiry}\n` }).catch((e: Error) => e);
    expect((dup as Error).message).toMatch(/row 3: kit number cs-1 repeats row 2/);
    await rejects(m.supply.registerCsv({ studyId, depotId: d.id, csv: 'number,lot\nX,1' }), 'BAD_REQUEST', /missing: kitType, expiry/);
    expect(Number((await sql<{ n: string }>`select count(*) as n from kits where kit_number like 'CS-%' or kit_number like 'cs-%'`.execute(t.database.db)).rows[0]!.n)).toBe(0);
    expect(await m.supply.registerCsv({ studyId, depotId: d.id, csv: `number;kit type;lot;expiry\nCS-1;KT-A;L9;${expiry}\nCS-2;KT-B;L9;${expiry}\n` })).toEqual({ registered: 2 });
    await rejects(m.supply.addKitType({ studyId, code: 'KT-X', name: `${arms[0]!.name} pack`, armId: arms[0]!.id }), 'BAD_REQUEST', /must not name an arm/);
    await rejects(as.coordinator!.supply.registerRange({ studyId, depotId: d.id, kitTypeId: kta!.id, from: 50, to: 51, lot: 'L', expiryDate: expiry }), 'FORBIDDEN');
    await rejects(as.monitor!.supply.addDepot({ studyId, name: 'Nope' }), 'FORBIDDEN');
  });
});

describe('shipments', () => {
  it('are requested, shipped and received with each kit\'s condition; damaged and lost kits are quarantined', async () => {
    const m = as['study-manager']!;
    const o = await m.supply.overview({ studyId });
    const depot = o.depots.find((d) => d.name === 'Test depot')!;
    const kta = o.kitTypes.find((k) => k.code === 'KT-A')!;
    await rejects(m.supply.createShipment({ studyId, depotId: depot.id, siteId, items: [{ kitTypeId: kta.id, quantity: 500 }] }), 'PRECONDITION_FAILED', /holds 11 kits of kit type KT-A free to ship/);
    const s = await m.supply.createShipment({ studyId, depotId: depot.id, siteId, items: [{ kitTypeId: kta.id, quantity: 4 }] });
    expect(s).toMatchObject({ status: 'requested', kitCount: 4 });
    await rejects(as.coordinator!.supply.receive({ shipmentId: s.id }), 'PRECONDITION_FAILED', /not been shipped/);
    await rejects(as.coordinator!.supply.ship({ shipmentId: s.id }), 'FORBIDDEN');
    await m.supply.ship({ shipmentId: s.id });
    const kits = (await m.supply.overview({ studyId })).shipments.find((x) => x.id === s.id)!.kits;
    expect(kits.length).toBe(4);
    const before = (await as.coordinator!.supply.overview({ studyId })).sites[0]!.available;
    const received = await as.coordinator!.supply.receive({ shipmentId: s.id, conditions: [{ kitId: kits[0]!.id, condition: 'damaged' }, { kitId: kits[1]!.id, condition: 'lost' }] });
    expect(received).toMatchObject({ status: 'received', ok: 2, damaged: 1, lost: 1 });
    const after = (await as.coordinator!.supply.overview({ studyId })).sites[0]!;
    expect(after.available).toBe(before + 2);
    const rows = await t.database.db.selectFrom('kits').select(['kitNumber', 'status', 'quarantineReason', 'siteId']).where('shipmentId', '=', s.id).orderBy('kitNumber').execute();
    expect(rows.map((r) => [r.status, r.quarantineReason])).toEqual([['quarantined', 'damaged'], ['quarantined', 'lost'], ['available', null], ['available', null]]);
    await rejects(as.coordinator!.supply.receive({ shipmentId: s.id }), 'PRECONDITION_FAILED', /already received/);
    // A shipment to another site is not the coordinator's to receive.
    const other = await m.supply.createShipment({ studyId, depotId: depot.id, siteId: otherSiteId, items: [{ kitTypeId: kta.id, quantity: 1 }] });
    await m.supply.ship({ shipmentId: other.id });
    await rejects(as.coordinator!.supply.receive({ shipmentId: other.id }), 'FORBIDDEN');
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_events where table_name = 'kits' and reason = 'Shipment received'`.execute(t.database.db);
    expect(audit.rows[0]!.n).toBeGreaterThanOrEqual(4);
  });
});

describe('resupply', () => {
  it('notifies the unblinded team and study managers once when a site falls below its threshold, naming no treatment', async () => {
    const m = as['study-manager']!;
    const kta = (await m.supply.overview({ studyId })).kitTypes.find((k) => k.code === 'KT-A')!;
    const available = (await m.supply.overview({ studyId })).sites.find((s) => s.siteId === siteId)!.byKitType.find((k) => k.kitTypeId === kta.id)!.available;
    const notes = () => sql<{ email: string; title: string; body: string }>`select u.email, n.title, n.body from notifications n join users u on u.id = n.user_id where n.kind = 'supply_resupply' and n.study_id = ${studyId} order by n.id`.execute(t.database.db);
    const before = (await notes()).rows.length; // the demo's
    await m.supply.setThreshold({ studyId, siteId, kitTypeId: kta.id, threshold: available + 1, resupplyQuantity: 10 });
    const first = (await notes()).rows.slice(before);
    expect(first.map((n) => n.email)).toEqual(['study-manager@demo.local']);
    expect(first[0]!.body).toMatch(/kit type KT-A available, below the threshold/);
    expect(JSON.stringify(first)).not.toMatch(armText());
    const site = (await m.supply.overview({ studyId })).sites.find((s) => s.siteId === siteId)!;
    expect(site.below).toBe(true);
    expect(site.suggestion).toContainEqual({ kitTypeId: kta.id, quantity: 10 });
    // Checked again on every change of stock, but told once.
    await m.supply.setThreshold({ studyId, siteId, kitTypeId: kta.id, threshold: 0, resupplyQuantity: 10 });
    expect((await notes()).rows.length).toBe(before + 1);
  });
});

describe('dispensing', () => {
  it('gives each of 20 concurrent randomizations at one site its own kit of its arm', async () => {
    const subjects = [];
    for (let k = 0; k < 20; k++) subjects.push(await subject());
    const results = await Promise.all(subjects.map((s, k) => randomize(s.id, k % 2 ? 'coordinator' : 'investigator')));
    const numbers = results.flatMap((r) => r.kits);
    expect(numbers.length).toBe(20);
    expect(new Set(numbers).size).toBe(20);
    expect(JSON.stringify(results)).not.toMatch(armText());
    const rows = await sql<{ kitArm: number; subjectArm: number; siteId: number; patientSite: number; status: string }>`
      select t.arm_id as "kitArm", p.actual_arm_id as "subjectArm", k.site_id as "siteId", p.site_id as "patientSite", k.status
        from kits k join kit_types t on t.id = k.kit_type_id join patients p on p.id = k.patient_id where k.kit_number in (${sql.join(numbers)})`.execute(t.database.db);
    expect(rows.rows.length).toBe(20);
    for (const r of rows.rows) expect(r).toMatchObject({ kitArm: r.subjectArm, siteId: r.patientSite, status: 'dispensed' });
  });

  it('picks a kit that outlasts the next visit window plus the margin, and refuses with nothing allocated when none does', async () => {
    const db = t.database.db;
    // Every kit available at the site now expires the day after the next visit's window plus the margin,
    // but for one kit of each kit type that lasts a day longer.
    const s = await subject({ days: 3, code: 'D3' }); // D3: window 1 day -> until today + 4 + 7
    const until = addDays(TEST_TODAY, 4 + 7);
    const kitTypes = await db.selectFrom('kitTypes').select('id').where('studyId', '=', studyId).execute();
    await withActor(db, { userId: null, reason: 'Supply test: expiries' }, async (tx) => {
      await tx.updateTable('kits').set({ expiryDate: until }).where('studyId', '=', studyId).where('siteId', '=', siteId).where('status', '=', 'available').execute();
      for (const k of kitTypes) {
        await sql`update kits set expiry_date = ${addDays(until, 1)}::date where id = (select id from kits where study_id = ${studyId} and site_id = ${siteId}
          and status = 'available' and kit_type_id = ${k.id} order by kit_number limit 1)`.execute(tx);
      }
    });
    const answer = await randomize(s.id);
    const kit = await db.selectFrom('kits').select(['expiryDate', 'subjectVisitId']).where('kitNumber', '=', answer.kits[0]!).where('studyId', '=', studyId).executeTakeFirstOrThrow();
    expect(String(kit.expiryDate).slice(0, 10)).toBe(addDays(until, 1));
    expect(kit.subjectVisitId).toBe(s.visits[0]);
    // A margin of 30 days: no kit lasts; the randomization is refused and nothing is allocated.
    await as['study-manager']!.supply.setMargin({ studyId, expiryMarginDays: 30 });
    const s2 = await subject({ days: 3, code: 'D3' });
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from randomization_allocations where study_id = ${studyId}`.execute(db)).rows[0]!.n);
    const n = await count();
    await rejects(randomize(s2.id), 'PRECONDITION_FAILED', /No kit available at the subject's site .* the study manager must ship kits to the site; nothing was allocated/);
    expect(await count()).toBe(n);
    expect((await db.selectFrom('patients').select('actualArmId').where('id', '=', s2.id).executeTakeFirstOrThrow()).actualArmId).toBeNull();
    await as['study-manager']!.supply.setMargin({ studyId, expiryMarginDays: 0 });
    // At a later visit: a kit of the same arm; never twice for one visit.
    expect((await as.coordinator!.supply.dispensableVisits({ patientId: s.id })).map((v) => v.subjectVisitId)).toEqual([s.visits[1]]);
    expect(await as.monitor!.supply.dispensableVisits({ patientId: s.id })).toEqual([]);
    const later = await as.coordinator!.supply.dispense({ patientId: s.id, subjectVisitId: s.visits[1]! });
    const types = await sql<{ armId: number }>`select t.arm_id as "armId" from kits k join kit_types t on t.id = k.kit_type_id where k.study_id = ${studyId} and k.kit_number in (${answer.kits[0]!}, ${later.kits[0]!})`.execute(db);
    expect(new Set(types.rows.map((r) => r.armId)).size).toBe(1);
    await rejects(as.coordinator!.supply.dispense({ patientId: s.id, subjectVisitId: s.visits[1]! }), 'CONFLICT', /already dispensed at visit D3/);
    expect(await as.coordinator!.supply.dispensableVisits({ patientId: s.id })).toEqual([]);
    await rejects(as.monitor!.supply.dispense({ patientId: s.id, subjectVisitId: s.visits[1]! }), 'FORBIDDEN');
    expect((await as.monitor!.supply.subjectKits({ patientId: s.id })).map((k) => k.kitNumber)).toEqual([answer.kits[0], later.kits[0]]);
  });

  it('marks kits past their expiry expired when the supply is read, and never dispenses them', async () => {
    const db = t.database.db;
    await withActor(db, { userId: null, reason: 'Supply test: kits expire' }, (tx) =>
      tx.updateTable('kits').set({ expiryDate: addDays(TEST_TODAY, -1) }).where('studyId', '=', studyId).where('siteId', '=', siteId).where('status', '=', 'available').execute(),
    );
    const o = await as.coordinator!.supply.overview({ studyId });
    expect(o.sites[0]!.available).toBe(0);
    expect(o.sites[0]!.expired).toBeGreaterThan(0);
    const s = await subject();
    await rejects(randomize(s.id), 'PRECONDITION_FAILED', /No kit available/);
  });
});
