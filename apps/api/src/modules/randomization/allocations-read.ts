// Reading allocations:
// - randomization.subject: a subject's randomization card (number, time, stratum values, whether it was
//   unblinded, and what the Randomize dialog needs: the criteria and the factors entered by hand). The
//   arm only for a reader who sees arms, or for the investigator who unblinded this subject.
// - randomization.allocations (and GET /api/randomization/allocations): a study's allocations with arms,
//   for administrators and the study's unblinded team only.
// - randomization.unblindings: the unblinding report (unblinding-report.ts), for the same readers.
import { TRPCError } from '@trpc/server';
import { sql, type Db } from '@ctp/db';
import { assertStudyVisible, canInStudy, canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { isoOrNull } from '../../sql-helpers.ts';
import { armsVisible, assertArmsVisible, inUnblindedTeam } from '../design/blinding.ts';
import { studyCriteria } from './eligibility.ts';
import { fromJson } from './scheme-content.ts';
import { rowContent, schemeRow } from './scheme-read.ts';
import { knownLevels, subjectSite } from './stratum-values.ts';

export async function subjectRandomization(ctx: ProcedureCtx, patientId: number) {
  const p = await ctx.db
    .selectFrom('patients')
    .select(['id', 'subjectCode', 'studyId', 'siteId', 'status', 'archivedAt', 'plannedArmId'])
    .where('id', '=', patientId)
    .executeTakeFirst();
  if (!p || !canSeeStudySite(ctx.scope, p.studyId, p.siteId)) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subject not found' });
  const [study, scheme, allocation, events, shown, correction] = await Promise.all([
    ctx.db.selectFrom('studies').select('blinding').where('id', '=', p.studyId).executeTakeFirstOrThrow(),
    schemeRow(ctx.db, p.studyId, 'production'),
    ctx.db
      .selectFrom('randomizationAllocations as a')
      .innerJoin('trialArms as t', 't.id', 'a.armId')
      .leftJoin('users as u', 'u.id', 'a.allocatedBy')
      // As text: the rows' camel-casing would rename factor keys inside the JSON (age_group -> ageGroup).
      .select(['a.id', 'a.randomizationNumber', 'a.allocatedAt', sql<string>`a.stratum_values::text`.as('stratumValues'), 'u.fullName as allocatedByName', 't.id as armId', 't.code as armCode', 't.name as armName'])
      .where('a.patientId', '=', p.id)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('unblindingEvents as e')
      .innerJoin('users as u', 'u.id', 'e.userId')
      .select(['e.id', 'e.userId', 'e.occurredAt', 'u.fullName as userName'])
      .where('e.patientId', '=', p.id)
      .orderBy('e.id')
      .execute(),
    armsVisible(ctx.db, ctx.user, ctx.scope, p.studyId),
    latestCorrection(ctx.db, p.id),
  ]);
  const unblindedByMe = events.some((e) => e.userId === ctx.user.id);
  const armShown = allocation && (shown || unblindedByMe);
  const live = scheme?.status === 'live';
  const content = scheme ? rowContent(scheme) : null;
  const canRandomize = canInStudy(ctx.user, ctx.scope, p.studyId, 'randomization.randomize');
  const base = {
    patientId: p.id,
    subjectCode: p.subjectCode,
    studyId: p.studyId,
    blinded: study.blinding !== 'open_label',
    schemeLive: live,
    randomized: !!allocation,
    randomizationNumber: allocation?.randomizationNumber ?? null,
    allocatedAt: allocation ? isoOrNull(allocation.allocatedAt) : null,
    allocatedBy: allocation?.allocatedByName ?? null,
    stratumValues: allocation ? fromJson<Record<string, string>>(allocation.stratumValues) : null,
    armsHidden: !shown,
    arm: armShown ? (correction?.arm ?? { id: allocation.armId, code: allocation.armCode, name: allocation.armName }) : null,
    /** A documented correction changed the subject's arm (which arms: only with the arm above). */
    corrected: !!correction,
    correctedAt: correction ? isoOrNull(correction.correctedAt) : null,
    unblinded: events.length > 0,
    unblindings: events.map((e) => ({ id: e.id, userName: e.userName, occurredAt: isoOrNull(e.occurredAt)! })),
    /** Whether this reader may randomize the subject now (the server checks everything again). */
    canRandomize: canRandomize && live && !allocation && p.status === 'enrolled' && !p.archivedAt && p.plannedArmId === null,
    canUnblind: !!allocation && study.blinding !== 'open_label' && canInStudy(ctx.user, ctx.scope, p.studyId, 'randomization.unblind'),
    canCorrect:
      !!allocation &&
      canInStudy(ctx.user, ctx.scope, p.studyId, 'randomization.correct') &&
      (study.blinding === 'open_label' || (await inUnblindedTeam(ctx.db, ctx.user, ctx.scope, p.studyId))),
  };
  // The factors (their labels name the stratum values); the criteria and the site's own levels only
  // when the reader may randomize now.
  const known = base.canRandomize && content ? knownLevels(content.factors, await subjectSite(ctx.db, p.siteId)) : {};
  return {
    ...base,
    criteria: base.canRandomize ? (await studyCriteria(ctx.db, p.studyId)).map((c) => ({ id: c.id, kind: c.kind, code: c.code, text: c.text })) : [],
    factors: (content?.factors ?? []).map((f) => ({ key: f.key, label: f.label, source: f.source, levels: f.levels, value: known[f.key] ?? null })),
  };
}

/** The subject's latest documented correction and the arm it gave (correction.ts). */
async function latestCorrection(db: Db, patientId: number) {
  const row = await db
    .selectFrom('randomizationCorrections as c')
    .innerJoin('trialArms as t', 't.id', 'c.toArmId')
    .select(['c.correctedAt', 't.id', 't.code', 't.name'])
    .where('c.patientId', '=', patientId)
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { correctedAt: row.correctedAt, arm: { id: row.id, code: row.code, name: row.name } } : null;
}

export async function studyAllocations(ctx: ProcedureCtx, studyId: number) {
  assertStudyVisible(ctx.scope, studyId);
  await assertArmsVisible(ctx.db, ctx.user, ctx.scope, studyId);
  const rows = await allocationRows(ctx.db, studyId);
  return rows.map((r) => ({
    id: r.id,
    randomizationNumber: r.randomizationNumber,
    patientId: r.patientId,
    subjectCode: r.subjectCode,
    siteNumber: r.siteNumber,
    stratum: r.stratum,
    stratumValues: fromJson<Record<string, string>>(r.stratumValues),
    method: r.method,
    listPosition: r.listPosition,
    schemeHash: r.schemeHash,
    arm: { id: r.armId, code: r.armCode, name: r.armName },
    allocatedAt: isoOrNull(r.allocatedAt)!,
    allocatedBy: r.allocatedByName,
    unblinded: Number(r.unblindings) > 0,
  }));
}

function allocationRows(db: Db, studyId: number) {
  return db
    .selectFrom('randomizationAllocations as a')
    .innerJoin('patients as p', 'p.id', 'a.patientId')
    .innerJoin('sites as s', 's.id', 'p.siteId')
    .innerJoin('trialArms as t', 't.id', 'a.armId')
    .leftJoin('users as u', 'u.id', 'a.allocatedBy')
    .select((eb) => [
      'a.id', 'a.randomizationNumber', 'a.patientId', 'p.subjectCode', 's.siteNumber', 'a.stratum', sql<string>`a.stratum_values::text`.as('stratumValues'), 'a.method',
      'a.listPosition', 'a.schemeHash', 'a.allocatedAt', 'u.fullName as allocatedByName', 't.id as armId', 't.code as armCode', 't.name as armName',
      eb.selectFrom('unblindingEvents as e').select((e) => e.fn.countAll<string>().as('n')).whereRef('e.allocationId', '=', 'a.id').as('unblindings'),
    ])
    .where('a.studyId', '=', studyId)
    .orderBy('a.id')
    .execute();
}
