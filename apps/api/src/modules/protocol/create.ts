// protocol.createFromProposal: the ticked visits and forms of a reviewed analysis become the study's draft
// forms (a CDASH library form's definition, or an empty one to design), visit definitions and the forms
// due at each visit, in one transaction with one reason, so the audit trail shows them as one decision.
// A visit code the study already has is not changed: the forms are linked to the existing visit.
// A live study (past planning, or with subjects) is changed only with the user's confirmation and reason,
// which the audit trail records; without them the request is refused (PRECONDITION_FAILED).
import { TRPCError } from '@trpc/server';
import { withActor, type Tx } from '@ctp/db';
import { formDefinition, PROTOCOL_CREATE_REASON, PROTOCOL_LIVE_REFUSAL, protocolLiveReason, type FormDefinition, type ProtocolCreateInput, type ProtocolCreateResult } from '@ctp/contracts';
import { libraryForm } from '@ctp/contracts/cdash-library';
import { assertStudyVisible } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { isUniqueViolation } from '../../sql-helpers.ts';
import { insertForm } from '../forms/write.ts';
import { insertVisit } from '../visits/schedule.ts';
import { readTarget } from './target.ts';
import { refuse, refuseField } from '../../refusal.ts';

export interface NewScheduleVisit {
  code: string;
  name: string;
  dayOffset: number;
  windowBefore: number;
  windowAfter: number;
}
export interface NewScheduleForm {
  name: string;
  category: string;
  description?: string | null;
  libraryDomain?: string | null;
  visitCodes: readonly string[];
}

const EMPTY: FormDefinition = formDefinition.parse({ fields: [], checks: [] });

export async function createFromProposal(ctx: ProcedureCtx, input: ProtocolCreateInput): Promise<ProtocolCreateResult> {
  assertStudyVisible(ctx.scope, input.studyId);
  const definitions = formDefinitions(input.forms);
  const reason = input.liveChange ? protocolLiveReason(input.liveChange.reason) : PROTOCOL_CREATE_REASON;
  try {
    return await withActor(ctx.db, actorOf(ctx, reason), async (tx) => {
      // Locked so its status cannot change between this check and the writes (NO KEY UPDATE: enrolment's
      // foreign keys to the study do not wait for it).
      await tx.selectFrom('studies').select('id').where('id', '=', input.studyId).forNoKeyUpdate().executeTakeFirst();
      const target = await readTarget(tx, input.studyId);
      if (target.live && !input.liveChange) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: PROTOCOL_LIVE_REFUSAL });
      return writeSchedule(tx, ctx.user.id, input.studyId, input.visits, input.forms, definitions);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse('CONFLICT', 'studyChangedMeanwhile');
    throw err;
  }
}

/** Each proposed form's definition: its CDASH library form's, or an empty one to design. */
export function formDefinitions(forms: readonly { libraryDomain?: string | null }[]): FormDefinition[] {
  return forms.map((f, i) => {
    if (!f.libraryDomain) return EMPTY;
    const library = libraryForm(f.libraryDomain);
    if (!library) throw refuseField(`forms.${i}.libraryDomain`, 'noLibraryForm');
    return library.definition;
  });
}

/**
 * The visits and forms of a reviewed proposal written into a study inside the caller's transaction: new
 * visit codes added to the schedule (existing ones kept), each form created with its definition and due at
 * its visits. Shared by protocol analysis and the USDM import.
 */
export async function writeSchedule(
  tx: Tx,
  userId: number,
  studyId: number,
  visits: readonly NewScheduleVisit[],
  proposedForms: readonly NewScheduleForm[],
  definitions: readonly FormDefinition[],
): Promise<ProtocolCreateResult> {
  const existing = new Map(
    (await tx.selectFrom('visitDefinitions').select(['id', 'code']).where('studyId', '=', studyId).execute()).map((v) => [v.code, v.id]),
  );
  const visitIds = new Map(existing);
  const visitsCreated: string[] = [];
  const visitsReused: string[] = [];
  for (const v of visits) {
    if (existing.has(v.code)) {
      visitsReused.push(v.code);
      continue;
    }
    const row = await insertVisit(tx, { studyId, ...v });
    visitIds.set(v.code, row.id);
    visitsCreated.push(v.code);
  }
  const forms: ProtocolCreateResult['forms'] = [];
  let links = 0;
  for (const [i, f] of proposedForms.entries()) {
    const unknown = f.visitCodes.filter((c) => !visitIds.has(c));
    if (unknown.length) throw refuseField(`forms.${i}.visitCodes`, 'visitNotInSchedule', { visit: unknown[0]! });
    const row = await insertForm(tx, userId, {
      studyId,
      name: f.name,
      category: f.category,
      description: f.description ?? null,
      libraryDomain: f.libraryDomain ?? null,
      definition: definitions[i]!,
    });
    forms.push({ id: row.id, name: f.name });
    const due = [...new Set(f.visitCodes)].map((c) => ({ visitDefinitionId: visitIds.get(c)!, formId: row.id }));
    if (due.length) {
      await tx.insertInto('visitForms').values(due).execute();
      links += due.length;
    }
  }
  return { studyId, forms, visitsCreated, visitsReused, links };
}
