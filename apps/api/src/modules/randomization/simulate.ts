// randomization.simulate: runs the saved scheme on N seeded simulated trials with its planned
// enrollment, inside the request (a 1,000 × 500 minimization run takes about two seconds), and keeps
// the report with the scheme, naming the scheme's content hash and the seed (a given seed repeats it).
import { TRPCError } from '@trpc/server';
import { withActor, type Actor, type Db } from '@ctp/db';
import type { SimulationInput } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { isoOrNull } from '../../sql-helpers.ts';
import { fieldError } from '../../trpc.ts';
import { assertStudyInScope } from '../design/scope.ts';
import { newSeed, simulate, type SimulationReport } from './engine/index.ts';
import { engineScheme, fromJson, studyArms } from './scheme-content.ts';
import { rowContent, schemeRow } from './scheme-read.ts';

/** Simulated subjects one request may run (trials × planned enrollment): about 20 s at most. */
export const MAX_SIMULATED_SUBJECTS = 5_000_000;
export const SIMULATION_REASON = 'Simulation of the randomization scheme';

export async function simulateScheme(db: Db, actor: Actor, scope: StudyScope, input: SimulationInput) {
  await assertStudyInScope(db, scope, input.studyId);
  const row = await schemeRow(db, input.studyId, input.kind);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Save the scheme before simulating it' });
  const content = rowContent(row);
  if (input.trials * content.plannedEnrollment > MAX_SIMULATED_SUBJECTS) {
    throw fieldError('trials', `${input.trials} trials of ${content.plannedEnrollment} subjects is too large to run at once; simulate at most ${MAX_SIMULATED_SUBJECTS.toLocaleString('en')} subjects in all`);
  }
  const proportions: Record<string, number[]> = {};
  for (const p of input.proportions) {
    const factor = content.factors.find((f) => f.key === p.factor);
    if (!factor) throw fieldError('proportions', `No factor ${p.factor} in this scheme`);
    if (p.shares.length !== factor.levels.length) throw fieldError('proportions', `Give one share per level of ${factor.label} (${factor.levels.length})`);
    if (p.shares.every((s) => s === 0)) throw fieldError('proportions', `The shares of ${factor.label} cannot all be zero`);
    proportions[p.factor] = p.shares;
  }
  const arms = await studyArms(db, input.studyId);
  const seed = input.seed ? Buffer.from(input.seed, 'hex') : newSeed();
  const started = performance.now();
  const report = simulate({ scheme: engineScheme(content, arms), seed, trials: input.trials, enrollment: content.plannedEnrollment, proportions });
  const durationMs = Math.round(performance.now() - started);
  const saved = await withActor(db, actor, (tx) =>
    tx
      .insertInto('randomizationSimulations')
      .values({
        schemeId: row.id,
        studyId: input.studyId,
        schemeHash: row.contentHash,
        seed: seed.toString('hex'),
        trials: input.trials,
        enrollment: content.plannedEnrollment,
        proportions: JSON.stringify(proportions),
        report: JSON.stringify(report),
        durationMs,
        createdBy: actor.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return simulationView(saved);
}

export function simulationView(row: {
  id: number;
  schemeHash: string;
  seed: string;
  trials: number;
  enrollment: number;
  proportions: unknown;
  report: unknown;
  durationMs: number;
  createdAt: Date;
}) {
  return {
    id: row.id,
    schemeHash: row.schemeHash,
    seed: row.seed,
    trials: row.trials,
    enrollment: row.enrollment,
    proportions: fromJson<Record<string, number[]>>(row.proportions),
    report: fromJson<SimulationReport>(row.report),
    durationMs: row.durationMs,
    createdAt: isoOrNull(row.createdAt)!,
  };
}

export async function listSimulations(db: Db, scope: StudyScope, studyId: number, kind: 'test' | 'production') {
  await assertStudyInScope(db, scope, studyId);
  const rows = await db
    .selectFrom('randomizationSimulations as s')
    .innerJoin('randomizationSchemes as r', 'r.id', 's.schemeId')
    .select(['s.id', 's.schemeHash', 's.seed', 's.trials', 's.enrollment', 's.proportions', 's.report', 's.durationMs', 's.createdAt'])
    .where('r.studyId', '=', studyId)
    .where('r.kind', '=', kind)
    .orderBy('s.id', 'desc')
    .limit(10)
    .execute();
  return rows.map(simulationView);
}
