// Coding decisions: when a form entry is submitted, each coded field's verbatim (CODED_VARIABLES: AETERM,
// MHTERM, also in repeating rows) gets a decision — coded at once by a study synonym, otherwise proposed
// with the matcher's first candidate for a coder. The coder approves it or picks another candidate (which
// adds the verbatim to the study's synonyms), or marks it uncodable. A changed verbatim is proposed again.
import { sql, withActor, type Tx } from '@ctp/db';
import { CODED_VARIABLES, type FormDefinition } from '@ctp/contracts';
import { canSeeStudySite } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { activeDictionary, dictionaryIndex, studyPtFrequency } from './dictionary.ts';
import { match, type DictionaryTerm } from './matcher.ts';
import { refuse } from '../../refusal.ts';

/** The coded fields' verbatims in a form entry's values, by path ('AETERM', 'AELOG.0.AETERM'). */
export function codedVerbatims(definition: FormDefinition, values: Record<string, unknown>): { path: string; verbatim: string }[] {
  const out: { path: string; verbatim: string }[] = [];
  const coded = (f: { cdashVariable?: string; code: string }) => (CODED_VARIABLES as readonly string[]).includes(f.cdashVariable ?? f.code);
  for (const f of definition.fields) {
    if (f.type === 'repeatingGroup') {
      const rows = Array.isArray(values[f.code]) ? (values[f.code] as Record<string, unknown>[]) : [];
      rows.forEach((row, i) => {
        for (const sub of f.fields) if (coded(sub) && typeof row?.[sub.code] === 'string' && (row[sub.code] as string).trim()) out.push({ path: `${f.code}.${i}.${sub.code}`, verbatim: (row[sub.code] as string).trim() });
      });
    } else if (coded(f) && typeof values[f.code] === 'string' && (values[f.code] as string).trim()) {
      out.push({ path: f.code, verbatim: (values[f.code] as string).trim() });
    }
  }
  return out;
}

const pathOf = (t: DictionaryTerm) => ({
  lltCode: t.lltCode, lltName: t.lltName, ptCode: t.ptCode, ptName: t.ptName, hltCode: t.hltCode, hltName: t.hltName,
  hlgtCode: t.hlgtCode, hlgtName: t.hlgtName, socCode: t.socCode, socName: t.socName,
});

/** Inside the submission's transaction: a decision per coded verbatim, new or changed. */
export async function proposeCoding(tx: Tx, e: { submissionId: number; studyId: number; siteId: number; definition: FormDefinition; values: Record<string, unknown> }) {
  const verbatims = codedVerbatims(e.definition, e.values);
  if (!verbatims.length) return;
  const dictionary = await activeDictionary(tx, e.studyId);
  const index = await dictionaryIndex(tx, dictionary.id);
  const ptFrequency = await studyPtFrequency(tx, e.studyId, dictionary.id);
  for (const { path, verbatim } of verbatims) {
    const existing = await tx.selectFrom('codingDecisions').select(['id', 'verbatim']).where('submissionId', '=', e.submissionId).where('fieldPath', '=', path).executeTakeFirst();
    if (existing?.verbatim === verbatim) continue;
    const { candidates, normalizedKey } = match(index, verbatim, { limit: 1, ptFrequency });
    const synonym = normalizedKey
      ? await tx.selectFrom('codingSynonyms').select('lltCode').where('studyId', '=', e.studyId).where('dictionaryId', '=', dictionary.id).where('normalized', '=', normalizedKey).executeTakeFirst()
      : undefined;
    const synonymTerm = synonym && index.byCode.get(synonym.lltCode);
    const best = candidates[0];
    const row = {
      verbatim,
      normalized: normalizedKey,
      dictionaryId: dictionary.id,
      status: synonymTerm ? ('coded' as const) : ('proposed' as const),
      method: synonymTerm ? ('study synonym' as const) : ('matcher' as const),
      score: synonymTerm ? 1 : (best?.score ?? null),
      reasons: synonymTerm ? 'study synonym' : (best?.reasons.join('; ') ?? 'no candidate found'),
      ...pathOf(synonymTerm ?? best ?? ({} as DictionaryTerm)),
      decidedBy: null,
      decidedAt: synonymTerm ? sql<Date>`now()` : null,
      comment: null,
    };
    if (existing) {
      await tx.updateTable('codingDecisions').set({ ...row, updatedAt: sql`now()`, version: sql`version + 1` }).where('id', '=', existing.id).execute();
    } else {
      await tx.insertInto('codingDecisions').values({ ...row, studyId: e.studyId, siteId: e.siteId, submissionId: e.submissionId, fieldPath: path }).execute();
    }
  }
}

export async function decideCoding(ctx: ProcedureCtx, input: { id: number; version: number; lltCode?: string; uncodable?: boolean; comment?: string }) {
  if (!input.uncodable && !input.lltCode) throw refuse('BAD_REQUEST', 'chooseTermOrUncodable');
  return withActor(ctx.db, actorOf(ctx, input.uncodable ? 'Verbatim marked uncodable' : 'Verbatim coded by the coder'), async (tx) => {
    const d = await tx.selectFrom('codingDecisions').select(['id', 'studyId', 'siteId', 'dictionaryId', 'normalized', 'verbatim', 'version']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!d || !canSeeStudySite(ctx.scope, d.studyId, d.siteId)) throw refuse('NOT_FOUND', 'codingDecisionNotFound');
    if (d.version !== input.version) throw staleVersion();
    if (input.uncodable) {
      return tx
        .updateTable('codingDecisions')
        .set({ status: 'uncodable', method: 'coder', decidedBy: ctx.user.id, decidedAt: sql`now()`, comment: input.comment ?? null, updatedAt: sql`now()`, version: sql`version + 1` })
        .where('id', '=', d.id)
        .returning(['id', 'status', 'version'])
        .executeTakeFirstOrThrow();
    }
    const term = await tx
      .selectFrom('codingTerms')
      .select(['lltCode', 'lltName', 'ptCode', 'ptName', 'hltCode', 'hltName', 'hlgtCode', 'hlgtName', 'socCode', 'socName', 'isCurrent'])
      .where('dictionaryId', '=', d.dictionaryId)
      .where('lltCode', '=', input.lltCode!)
      .executeTakeFirst();
    if (!term) throw refuse('BAD_REQUEST', 'termNotInDictionary');
    const row = await tx
      .updateTable('codingDecisions')
      .set({ status: 'coded', method: 'coder', ...pathOf(term as DictionaryTerm), decidedBy: ctx.user.id, decidedAt: sql`now()`, comment: input.comment ?? null, updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', d.id)
      .returning(['id', 'status', 'version', 'lltCode', 'ptName', 'socName'])
      .executeTakeFirstOrThrow();
    // The study's synonym list: the same verbatim is coded the same way next time.
    if (d.normalized) {
      await tx
        .insertInto('codingSynonyms')
        .values({ studyId: d.studyId, dictionaryId: d.dictionaryId, normalized: d.normalized, verbatim: d.verbatim, lltCode: term.lltCode, createdBy: ctx.user.id })
        .onConflict((oc) => oc.columns(['studyId', 'dictionaryId', 'normalized']).doUpdateSet({ lltCode: term.lltCode, verbatim: d.verbatim, createdBy: ctx.user.id }))
        .execute();
    }
    return row;
  });
}
