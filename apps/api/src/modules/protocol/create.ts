// protocol.createFromProposal: the ticked visits and forms of a reviewed analysis become the study's draft
// forms (a CDASH library form's definition, or an empty one to design), visit definitions and the forms
// due at each visit, in one transaction with one reason, so the audit trail shows them as one decision.
// A visit code the study already has is not changed: the forms are linked to the existing visit.
// A live study (past planning, or with subjects) is changed only with the user's confirmation and reason,
// which the audit trail records; without them the request is refused (PRECONDITION_FAILED).
import { TRPCError } from '@trpc/server';
import { withActor } from '@ctp/db';
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

const EMPTY: FormDefinition = formDefinition.parse({ fields: [], checks: [] });

export async function createFromProposal(ctx: ProcedureCtx, input: ProtocolCreateInput): Promise<ProtocolCreateResult> {
  assertStudyVisible(ctx.scope, input.studyId);
  const definitions = input.forms.map((f, i) => {
    if (!f.libraryDomain) return EMPTY;
    const library = libraryForm(f.libraryDomain);
    if (!library) throw refuseField(`forms.${i}.libraryDomain`, 'noLibraryForm');
    return library.definition;
  });
  const reason = input.liveChange ? protocolLiveReason(input.liveChange.reason) : PROTOCOL_CREATE_REASON;
  try {
    return await withActor(ctx.db, actorOf(ctx, reason), async (tx) => {
      // Locked so its status cannot change between this check and the writes (NO KEY UPDATE: enrolment's
      // foreign keys to the study do not wait for it).
      await tx.selectFrom('studies').select('id').where('id', '=', input.studyId).forNoKeyUpdate().executeTakeFirst();
      const target = await readTarget(tx, input.studyId);
      if (target.live && !input.liveChange) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: PROTOCOL_LIVE_REFUSAL });
      const existing = new Map(
        (await tx.selectFrom('visitDefinitions').select(['id', 'code']).where('studyId', '=', input.studyId).execute()).map((v) => [v.code, v.id]),
      );
      const visitIds = new Map(existing);
      const visitsCreated: string[] = [];
      const visitsReused: string[] = [];
      for (const v of input.visits) {
        if (existing.has(v.code)) {
          visitsReused.push(v.code);
          continue;
        }
        const row = await insertVisit(tx, { studyId: input.studyId, ...v });
        visitIds.set(v.code, row.id);
        visitsCreated.push(v.code);
      }
      const forms: ProtocolCreateResult['forms'] = [];
      let links = 0;
      for (const [i, f] of input.forms.entries()) {
        const unknown = f.visitCodes.filter((c) => !visitIds.has(c));
        if (unknown.length) throw refuseField(`forms.${i}.visitCodes`, 'visitNotInSchedule', { visit: unknown[0]! });
        const row = await insertForm(tx, ctx.user.id, {
          studyId: input.studyId,
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
      return { studyId: input.studyId, forms, visitsCreated, visitsReused, links };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse('CONFLICT', 'studyChangedMeanwhile');
    throw err;
  }
}
