// usdm.accept: a reviewed USDM proposal becomes a study in one audited transaction (one reason): the
// study (remembering the document's sha256 and USDM version), its trial design (elements, arms and each
// arm's elements by epoch from the study cells), visit schedule and forms due at each visit (through the
// protocol analysis' writer), eligibility criteria, objectives and endpoints. The uploader accepts their
// own import (an administrator any); an accepted import cannot be accepted again.
import { TRPCError } from '@trpc/server';
import { withActor, type Tx } from '@ctp/db';
import { seesAllStudies, usdmProposal, USDM_ACCEPT_REASON, type UsdmAcceptInput, type UsdmProposal } from '@ctp/contracts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf } from '../../trpc.ts';
import { isCheckViolation, isUniqueViolation } from '../../sql-helpers.ts';
import { refuse } from '../../refusal.ts';
import { formDefinitions, writeSchedule, type NewScheduleForm } from '../protocol/create.ts';

export const IMPORT_NOT_FOUND = 'USDM import not found';
export const IMPORT_ACCEPTED = 'This USDM import was already accepted';
export const IMPORT_UNFIT = 'The USDM document holds a value this study cannot take (a text too long or too many steps in an arm)';

/** Unscheduled encounters have no study day: placed on the day of the visit before them (day 0 when first). */
export function scheduleDays(visits: UsdmProposal['visits']): number[] {
  let last = 0;
  return visits.map((v) => (v.dayOffset === null ? last : (last = v.dayOffset)));
}

function formDescription(f: UsdmProposal['forms'][number]): string {
  const from = `From USDM activity ${f.origin.name} (${f.origin.id}).`;
  const unmatched = f.concepts.filter((c) => !c.field).map((c) => `${c.origin.name}${c.code ? ` (${c.code})` : ''}`);
  const matched = f.matchedFields.length ? ` Library fields for its concepts: ${f.matchedFields.join(', ')}.` : '';
  const toCollect = unmatched.length ? ` Concepts to collect: ${unmatched.join('; ')}.` : '';
  return `${from}${matched}${toCollect}`;
}

async function writeDesign(tx: Tx, studyId: number, p: UsdmProposal) {
  const elementIds = new Map<string, number>();
  for (const e of p.elements) {
    const row = await tx
      .insertInto('trialElements')
      .values({ studyId, code: e.code, name: e.name, startRule: e.startRule.slice(0, 1000), endRule: e.endRule?.slice(0, 1000) ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    elementIds.set(e.code, row.id);
  }
  const epochOrder = new Map(p.epochs.map((e, i) => [e.code, i]));
  for (const [i, a] of p.arms.entries()) {
    const arm = await tx
      .insertInto('trialArms')
      .values({ studyId, code: a.code, name: a.name, description: a.description?.slice(0, 5000) ?? null, sortOrder: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const steps = p.cells
      .filter((c) => c.armCode === a.code)
      .sort((x, y) => (epochOrder.get(x.epochCode) ?? 0) - (epochOrder.get(y.epochCode) ?? 0))
      .flatMap((c) => c.elementCodes.map((code) => ({ code, epoch: c.epochCode })));
    if (steps.length) {
      await tx
        .insertInto('trialArmElements')
        .values(steps.map((s, k) => ({ studyId, armId: arm.id, position: k + 1, elementId: elementIds.get(s.code)!, epoch: s.epoch })))
        .execute();
    }
  }
}

async function writeEligibility(tx: Tx, studyId: number, p: UsdmProposal) {
  if (!p.criteria.length) return;
  await tx
    .insertInto('studyEligibilityCriteria')
    .values(p.criteria.map((c, i) => ({ studyId, kind: c.kind, code: c.code, text: c.text, ordinal: i + 1 })))
    .execute();
}

async function writeObjectives(tx: Tx, studyId: number, p: UsdmProposal) {
  let endpointNumber = 0;
  for (const [i, o] of p.objectives.entries()) {
    const row = await tx
      .insertInto('studyObjectives')
      .values({ studyId, code: `OBJ${i + 1}`, level: o.level as 'primary', text: o.text.slice(0, 10000), ordinal: i + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!o.endpoints.length) continue;
    await tx
      .insertInto('studyEndpoints')
      .values(
        o.endpoints.map((e, k) => ({
          studyId,
          objectiveId: row.id,
          code: `END${++endpointNumber}`,
          level: e.level as 'primary',
          text: e.text.slice(0, 10000),
          purpose: e.purpose?.slice(0, 2000) ?? null,
          ordinal: k + 1,
        })),
      )
      .execute();
  }
}

export interface UsdmAcceptResult {
  studyId: number;
  code: string;
  arms: number;
  visits: number;
  forms: number;
  links: number;
  criteria: number;
  objectives: number;
}

export async function acceptImport(ctx: ProcedureCtx, input: UsdmAcceptInput): Promise<UsdmAcceptResult> {
  try {
    return await withActor(ctx.db, actorOf(ctx, USDM_ACCEPT_REASON), async (tx) => {
      const found = await tx
        .selectFrom('usdmImports')
        .select(['id', 'status', 'createdBy', 'sha256', 'usdmVersion', 'proposal', 'version'])
        .where('id', '=', input.importId)
        .forUpdate()
        .executeTakeFirst();
      if (!found || (found.createdBy !== ctx.user.id && ctx.user.role !== 'admin')) throw new TRPCError({ code: 'NOT_FOUND', message: IMPORT_NOT_FOUND });
      if (found.status !== 'proposed') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: IMPORT_ACCEPTED });
      const p = usdmProposal.parse(typeof found.proposal === 'string' ? JSON.parse(found.proposal) : found.proposal);

      const therapeuticArea = p.study.therapeuticAreas.map((t) => t.decode).join('; ').slice(0, 120) || null;
      const { id: studyId } = await tx
        .insertInto('studies')
        .values({
          code: input.studyCode,
          title: p.study.title,
          description: p.study.description,
          phase: input.phase,
          status: 'planning',
          therapeuticArea,
          targetEnrollment: input.targetEnrollment,
          usdmSha256: found.sha256,
          usdmVersion: found.usdmVersion,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!seesAllStudies(ctx.user.role)) {
        await tx.insertInto('studyMemberships').values({ userId: ctx.user.id, studyId, role: ctx.user.role, siteId: null }).execute();
      }
      await writeDesign(tx, studyId, p);
      const days = scheduleDays(p.visits);
      const visits = p.visits.map((v, i) => ({ code: v.code, name: v.name, dayOffset: days[i]!, windowBefore: v.windowBefore, windowAfter: v.windowAfter }));
      const forms: NewScheduleForm[] = p.forms.map((f) => ({ name: f.name, category: f.category, libraryDomain: f.libraryDomain, description: formDescription(f), visitCodes: f.visitCodes }));
      const schedule = await writeSchedule(tx, ctx.user.id, studyId, visits, forms, formDefinitions(forms));
      await writeEligibility(tx, studyId, p);
      await writeObjectives(tx, studyId, p);
      await tx.updateTable('usdmImports').set({ status: 'accepted', studyId, updatedAt: new Date(), version: found.version + 1 }).where('id', '=', found.id).execute();
      return {
        studyId,
        code: input.studyCode,
        arms: p.arms.length,
        visits: schedule.visitsCreated.length,
        forms: schedule.forms.length,
        links: schedule.links,
        criteria: p.criteria.length,
        objectives: p.objectives.length,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse('CONFLICT', 'studyCodeTaken', { code: input.studyCode });
    // A value the tables cannot hold (e.g. more than 99 elements in one arm): refused, nothing created.
    if (isCheckViolation(err)) throw new TRPCError({ code: 'BAD_REQUEST', message: IMPORT_UNFIT });
    throw err;
  }
}
