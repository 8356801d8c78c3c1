// Eligibility at randomization: every inclusion and exclusion criterion of the study is answered (does
// it apply to the subject?); the subject is eligible when every inclusion criterion is met and no
// exclusion criterion is. The answers are stored with the allocation, each with its code and kind.
import { TRPCError } from '@trpc/server';
import type { Db, Tx } from '@ctp/db';
import { fieldError } from '../../trpc.ts';

export interface EligibilityAnswerRecord {
  criterionId: number;
  code: string;
  kind: 'inclusion' | 'exclusion';
  met: boolean;
}

export async function studyCriteria(db: Db | Tx, studyId: number) {
  return db
    .selectFrom('studyEligibilityCriteria')
    .select(['id', 'kind', 'code', 'text', 'ordinal'])
    .where('studyId', '=', studyId)
    .orderBy('kind', 'desc') // inclusion, then exclusion
    .orderBy('ordinal')
    .orderBy('id')
    .execute();
}

/** The answers checked against the study's criteria; refuses a missing, unknown or repeated answer and an ineligible subject. */
export async function checkEligibility(tx: Tx, studyId: number, answers: { criterionId: number; met: boolean }[]): Promise<EligibilityAnswerRecord[]> {
  const criteria = await studyCriteria(tx, studyId);
  const byId = new Map(answers.map((a) => [a.criterionId, a.met]));
  if (byId.size !== answers.length) throw fieldError('eligibility', 'Each criterion may be answered only once');
  const known = new Set(criteria.map((c) => c.id));
  if (answers.some((a) => !known.has(a.criterionId))) throw fieldError('eligibility', 'An answer names a criterion that is not one of this study\'s');
  const missing = criteria.filter((c) => !byId.has(c.id)).map((c) => c.code);
  if (missing.length) throw fieldError('eligibility', `Answer every eligibility criterion (missing: ${missing.join(', ')})`);
  const records = criteria.map((c) => ({ criterionId: c.id, code: c.code, kind: c.kind, met: byId.get(c.id)! }));
  const unmet = records.filter((r) => r.kind === 'inclusion' && !r.met).map((r) => r.code);
  const excluded = records.filter((r) => r.kind === 'exclusion' && r.met).map((r) => r.code);
  if (unmet.length || excluded.length) {
    const parts = [unmet.length ? `inclusion criteria not met: ${unmet.join(', ')}` : '', excluded.length ? `exclusion criteria met: ${excluded.join(', ')}` : ''].filter(Boolean);
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: `The subject is not eligible (${parts.join('; ')}); nothing was allocated` });
  }
  return records;
}
