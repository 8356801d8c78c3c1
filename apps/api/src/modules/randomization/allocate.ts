// randomization.randomize: allocates a subject with the study's live production scheme, exactly once.
// Site staff (investigators, coordinators) of the subject's site only. Refused, with nothing allocated:
// a subject not enrolled (screening, completed, withdrawn), archived, already randomized or given an
// arm by hand; no live scheme; an ineligible subject; stratum values outside the levels; a stratum
// whose sealed list has run out (the study manager must extend it, never a silent fallback).
// Exactly once: the subject's row and then the production scheme's row are locked FOR UPDATE, so
// requests for one subject, and allocations of one study (list slots, minimization counts, numbers),
// run one after another; unique constraints on the subject, the list slot and the number stand behind.
// The subject's planned and actual arm are set (the Arm card and SDTM DM stay consistent; blinded
// readers see them masked). The answer carries the arm only for a caller who sees arms, and the numbers
// of the kits dispensed in the same transaction (supply/dispense.ts; no matching kit refuses it all).
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Tx } from '@ctp/db';
import type { RandomizeInput } from '@ctp/contracts';
import { canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf } from '../../trpc.ts';
import { armsVisible } from '../design/blinding.ts';
import { dispenseAtRandomization } from '../supply/dispense.ts';
import { checkEligibility } from './eligibility.ts';
import { Minimizer, newSeed, RandomStream, stratumKey, type SubjectLevels } from './engine/index.ts';
import { engineScheme, fromJson, studyArms, type StudyArm } from './scheme-content.ts';
import { rowContent } from './scheme-read.ts';
import { subjectLevels, subjectSite } from './stratum-values.ts';

const SUBJECT_NOT_FOUND = 'Subject not found';

export async function randomizeSubject(ctx: ProcedureCtx, input: RandomizeInput) {
  const result = await withActor(ctx.db, actorOf(ctx, 'Subject randomized'), async (tx) => {
    const p = await tx
      .selectFrom('patients')
      .select(['id', 'subjectCode', 'studyId', 'siteId', 'status', 'archivedAt', 'plannedArmId'])
      .where('id', '=', input.patientId)
      .forUpdate()
      .executeTakeFirst();
    if (!p || !canSeeStudySite(ctx.scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: SUBJECT_NOT_FOUND });
    const done = await tx.selectFrom('randomizationAllocations').select('randomizationNumber').where('patientId', '=', p.id).executeTakeFirst();
    if (done) throw new TRPCError({ code: 'CONFLICT', message: `${p.subjectCode} is already randomized (${done.randomizationNumber}); a randomization is never repeated` });
    if (p.archivedAt) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `${p.subjectCode} is archived and cannot be randomized` });
    if (p.status === 'withdrawn') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `${p.subjectCode} is withdrawn and cannot be randomized` });
    if (p.status !== 'enrolled') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `Only an enrolled subject can be randomized (${p.subjectCode} is ${p.status})` });
    if (p.plannedArmId !== null) throw new TRPCError({ code: 'CONFLICT', message: `${p.subjectCode} already has an arm assigned by hand and cannot be randomized` });
    const scheme = await tx
      .selectFrom('randomizationSchemes')
      .selectAll()
      .where('studyId', '=', p.studyId)
      .where('kind', '=', 'production')
      .forUpdate()
      .executeTakeFirst();
    if (!scheme || scheme.status !== 'live') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'This study has no live randomization scheme yet' });
    const eligibility = await checkEligibility(tx, p.studyId, input.eligibility);
    const content = rowContent(scheme);
    const levels = subjectLevels(content.factors, await subjectSite(tx, p.siteId), input.stratumValues);
    const stratum = stratumKey(content.factors, levels);
    const arms = await studyArms(tx, p.studyId);
    const choice =
      content.method === 'blocks'
        ? await nextListSlot(tx, scheme.listId!, stratum)
        : await minimizationChoice(tx, scheme.id, content, arms, levels);
    const number = choice.number ?? (await nextNumber(tx, p.studyId));
    const allocation = await tx
      .insertInto('randomizationAllocations')
      .values({
        studyId: p.studyId,
        patientId: p.id,
        schemeId: scheme.id,
        schemeHash: scheme.contentHash,
        method: content.method,
        randomizationNumber: number,
        listId: content.method === 'blocks' ? scheme.listId : null,
        stratum,
        listPosition: choice.position,
        minimizationState: choice.state ? JSON.stringify(choice.state) : null,
        armId: choice.armId,
        stratumValues: JSON.stringify(levels),
        eligibility: JSON.stringify(eligibility),
        allocatedBy: ctx.user.id,
      })
      .returning(['id', 'randomizationNumber', 'allocatedAt'])
      .executeTakeFirstOrThrow();
    if (!scheme.lockedAt) await tx.updateTable('randomizationSchemes').set({ lockedAt: sql<Date>`now()` }).where('id', '=', scheme.id).execute();
    await tx
      .updateTable('patients')
      .set({ plannedArmId: choice.armId, actualArmId: choice.armId, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', p.id)
      .execute();
    // The subject's first kit, of its arm at its site, in this transaction: no kit, no allocation.
    const kits = await dispenseAtRandomization(tx, p, choice.armId, ctx.user.id);
    const arm = arms.find((a) => a.id === choice.armId)!;
    return { patient: p, allocation, levels, arm, kits };
  }).catch((err: unknown) => {
    // The unique constraints behind the locks: a second allocation of the subject or the slot.
    if ((err as { code?: string }).code === '23505') throw new TRPCError({ code: 'CONFLICT', message: 'The subject is already randomized; a randomization is never repeated' });
    throw err;
  });
  const shown = await armsVisible(ctx.db, ctx.user, ctx.scope, result.patient.studyId);
  return {
    patientId: result.patient.id,
    subjectCode: result.patient.subjectCode,
    randomizationNumber: result.allocation.randomizationNumber,
    allocatedAt: new Date(result.allocation.allocatedAt).toISOString(),
    stratumValues: result.levels,
    armsHidden: !shown,
    arm: shown ? { id: result.arm.id, code: result.arm.code, name: result.arm.name } : null,
    kits: result.kits,
  };
}

interface Choice {
  armId: number;
  position: number | null;
  state: Record<string, unknown> | null;
  /** An uploaded list's own randomization number for the slot. */
  number?: string | null;
}

/** The stratum's first slot not yet allocated (allocations of a study run one at a time under the scheme's lock). */
async function nextListSlot(tx: Tx, listId: number, stratum: string): Promise<Choice> {
  const used = await tx
    .selectFrom('randomizationAllocations')
    .select((eb) => eb.fn.max('listPosition').as('last'))
    .where('listId', '=', listId)
    .where('stratum', '=', stratum)
    .executeTakeFirst();
  const slot = await tx
    .selectFrom('randomizationListEntries')
    .select(['position', 'armId', 'randomizationNumber'])
    .where('listId', '=', listId)
    .where('stratum', '=', stratum)
    .where('position', '>', Number(used?.last ?? 0))
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  if (!slot) {
    throw new TRPCError({
      code: 'PRECONDITION_FAILED',
      message: 'The randomization list of this stratum has run out: the study manager must extend it before more subjects can be randomized; nothing was allocated',
    });
  }
  return { armId: slot.armId, position: slot.position, state: null, number: slot.randomizationNumber };
}

/** Pocock–Simon on the counts of every earlier allocation of the scheme, with a fresh random draw. */
async function minimizationChoice(
  tx: Tx,
  schemeId: number,
  content: ReturnType<typeof rowContent>,
  arms: StudyArm[],
  levels: SubjectLevels,
): Promise<Choice> {
  const scheme = engineScheme(content, arms);
  if (scheme.method !== 'minimization') throw new Error('not a minimization scheme');
  const minimizer = new Minimizer(scheme.arms, scheme.factors, scheme, new RandomStream(newSeed()));
  const codes = new Map(arms.map((a) => [a.id, a.code]));
  // As text: the rows' camel-casing would otherwise rename factor keys inside the JSON (age_group -> ageGroup).
  const earlier = await tx
    .selectFrom('randomizationAllocations')
    .select([sql<string>`stratum_values::text`.as('stratumValues'), 'armId'])
    .where('schemeId', '=', schemeId)
    .orderBy('id')
    .execute();
  for (const e of earlier) minimizer.replay(fromJson<SubjectLevels>(e.stratumValues), codes.get(e.armId) ?? `#${e.armId}`);
  const counts = Object.fromEntries(scheme.factors.map((f) => [f.key, minimizer.levelCounts(f.key, levels[f.key]!)]));
  const picked = minimizer.allocate(levels);
  const arm = arms.find((a) => a.code === picked.arm);
  if (!arm) throw new Error('minimization chose an arm that is not in the study');
  return { armId: arm.id, position: null, state: { allocatedBefore: earlier.length, counts, preferred: picked.preferred, how: picked.how } };
}

/** R-0001, R-0002, … per study. */
async function nextNumber(tx: Tx, studyId: number): Promise<string> {
  const row = await tx.selectFrom('randomizationAllocations').select((eb) => eb.fn.countAll<string>().as('n')).where('studyId', '=', studyId).executeTakeFirstOrThrow();
  return `R-${String(Number(row.n) + 1).padStart(4, '0')}`;
}
