// The randomize call of `npm run bench` (issue 30, Performance): POST /api/patients/{id}/randomize as the
// demo coordinator, each request a different subject, with its kit dispensing. The study is the first
// one with a live production scheme whose site the coordinator works at and which keeps kits (the demo's
// double-blind study; at any scale). Before measuring, the bench adds the subjects it will randomize
// (enrolled, eligible, waiting) and an available kit of every kit type per subject at that site, in one
// audited transaction (withActor, the system with a reason), so every request allocates and dispenses.
// After measuring, the database is asked how many subjects got an allocation and a kit: the figures are
// for requests that did the whole work.
import autocannon from 'autocannon';
import { connect, withActor } from '@ctp/db';

export interface RandomizeRow {
  call: string;
  user: string;
  requests: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  allocated: number;
  kitsDispensed: number;
}

interface Fixture {
  studyId: number;
  subjectIds: number[];
  body: string;
}

const COORDINATOR = 'coordinator@demo.local';

/** Adds `count` subjects waiting to be randomized at the coordinator's site, and their kits. */
async function prepare(databaseUrl: string, count: number): Promise<Fixture> {
  const handle = await connect({ databaseUrl, poolSize: 2 });
  try {
    const { db } = handle;
    const target = await db
      .selectFrom('randomizationSchemes as rs')
      .innerJoin('studyMemberships as m', 'm.studyId', 'rs.studyId')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select(['rs.studyId', 'm.siteId', 'rs.factors'])
      .where('rs.kind', '=', 'production')
      .where('rs.status', '=', 'live')
      .where('u.email', '=', COORDINATOR)
      .where('m.role', '=', 'coordinator')
      .where('m.siteId', 'is not', null)
      .where('m.endedAt', 'is', null)
      .where((eb) => eb.exists(eb.selectFrom('kitTypes as kt').select('kt.id').whereRef('kt.studyId', '=', 'rs.studyId')))
      .orderBy('rs.studyId')
      .executeTakeFirst();
    if (!target?.siteId) throw new Error('randomize: no live production scheme with kit types at a site of the demo coordinator');
    const { studyId, siteId } = target;
    const kitTypes = await db.selectFrom('kitTypes').select(['id', 'code']).where('studyId', '=', studyId).orderBy('id').execute();
    const criteria = await db.selectFrom('studyEligibilityCriteria').select(['id', 'kind']).where('studyId', '=', studyId).execute();
    const factors = (typeof target.factors === 'string' ? JSON.parse(target.factors) : target.factors) as { key: string; source: string; levels: string[] }[];
    const tag = Date.now().toString(36).toUpperCase();
    const today = new Date().toISOString().slice(0, 10);
    const expiry = `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`;
    const subjectIds = await withActor(db, { userId: null, reason: 'Benchmark: subjects waiting to be randomized and their kits' }, async (tx) => {
      const ids: number[] = [];
      // in chunks: one statement per 1,000 rows keeps the parameters under PostgreSQL's limit
      for (let from = 0; from < count; from += 1000) {
        const n = Math.min(1000, count - from);
        const rows = await tx
          .insertInto('patients')
          .values(
            Array.from({ length: n }, (_, k) => ({
              subjectCode: `BR-${tag}-${String(from + k + 1).padStart(5, '0')}`,
              studyId,
              siteId,
              status: 'enrolled' as const,
              yearOfBirth: 1950 + ((from + k) % 50),
              sex: (from + k) % 2 ? 'F' : 'M',
              screeningDate: today,
              enrollmentDate: today,
            })),
          )
          .returning('id')
          .execute();
        ids.push(...rows.map((r) => r.id));
        await tx
          .insertInto('kits')
          .values(
            kitTypes.flatMap((kt) =>
              Array.from({ length: n }, (_, k) => ({
                studyId,
                kitNumber: `BR-${tag}-${kt.code}-${String(from + k + 1).padStart(5, '0')}`,
                kitTypeId: kt.id,
                lot: `BENCH-${tag}`,
                expiryDate: expiry,
                status: 'available' as const,
                siteId,
              })),
            ),
          )
          .execute();
      }
      return ids;
    });
    // the values entered at randomization: each factor's first level (site and country are the site's own)
    const stratumValues = Object.fromEntries(factors.filter((f) => f.source === 'subject').map((f) => [f.key, f.levels[0]!]));
    const eligibility = criteria.map((c) => ({ criterionId: c.id, met: c.kind === 'inclusion' }));
    return { studyId, subjectIds, body: JSON.stringify({ stratumValues, eligibility, confirmed: true }) };
  } finally {
    await handle.close();
  }
}

/** How many of the subjects were allocated, and how many kits they were dispensed. */
async function outcome(databaseUrl: string, subjectIds: number[]): Promise<{ allocated: number; kitsDispensed: number }> {
  const handle = await connect({ databaseUrl, poolSize: 1 });
  try {
    const { db } = handle;
    const allocated = await db.selectFrom('randomizationAllocations').select((eb) => eb.fn.countAll<number>().as('n')).where('patientId', 'in', subjectIds).executeTakeFirstOrThrow();
    const kits = await db.selectFrom('kits').select((eb) => eb.fn.countAll<number>().as('n')).where('patientId', 'in', subjectIds).where('status', '=', 'dispensed').executeTakeFirstOrThrow();
    return { allocated: Number(allocated.n), kitsDispensed: Number(kits.n) };
  } finally {
    await handle.close();
  }
}

/**
 * Measures `count` randomizations (with `connections` at once), each of its own waiting subject; a first
 * tenth (at least 10) warms up and is not counted.
 */
export async function benchRandomize(o: { base: string; databaseUrl: string; count: number; connections: number; login: (email: string) => Promise<string> }): Promise<RandomizeRow> {
  const warm = Math.max(10, Math.round(o.count / 10));
  const fixture = await prepare(o.databaseUrl, warm + o.count);
  const cookie = await o.login(COORDINATOR);
  const queue = [...fixture.subjectIds];
  const run = (amount: number) =>
    autocannon({
      url: o.base,
      connections: o.connections,
      amount,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: o.base },
      body: fixture.body,
      // each request takes the next waiting subject
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/patients/${queue.shift()}/randomize` }) }],
    });
  await run(warm);
  const measured = fixture.subjectIds.slice(warm);
  const r = await run(o.count);
  const done = await outcome(o.databaseUrl, measured);
  return {
    call: 'POST /api/patients/{id}/randomize',
    user: 'coordinator',
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: Math.round(r.requests.average),
    errors: r.errors + r.non2xx,
    ...done,
  };
}
