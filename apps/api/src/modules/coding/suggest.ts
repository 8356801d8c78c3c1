// Coding suggestions for a verbatim: a study synonym (a verbatim a coder approved before) first, then the
// matcher's ranked candidates with their reasons. POST /api/medical-coding answers the first as
// {term, code, system} with every candidate.
import type { Db } from '@ctp/db';
import { activeDictionary, dictionaryIndex, studyPtFrequency } from './dictionary.ts';
import { match, type Candidate } from './matcher.ts';

export async function suggestCoding(db: Db, input: { description: string; studyId?: number; limit?: number }) {
  const dictionary = await activeDictionary(db, input.studyId);
  const index = await dictionaryIndex(db, dictionary.id);
  const ptFrequency = input.studyId ? await studyPtFrequency(db, input.studyId, dictionary.id) : undefined;
  const started = performance.now();
  const { candidates, normalizedKey } = match(index, input.description, { limit: input.limit ?? 10, ptFrequency });
  const elapsedMs = Math.round((performance.now() - started) * 1000) / 1000;
  let ranked: Candidate[] = candidates;
  if (input.studyId && normalizedKey) {
    const synonym = await db
      .selectFrom('codingSynonyms')
      .select(['lltCode', 'verbatim'])
      .where('studyId', '=', input.studyId)
      .where('dictionaryId', '=', dictionary.id)
      .where('normalized', '=', normalizedKey)
      .executeTakeFirst();
    const term = synonym && index.byCode.get(synonym.lltCode);
    if (term) {
      ranked = [{ ...term, score: 1, reasons: [`study synonym: "${synonym.verbatim}" was coded to this term before`] }, ...candidates.filter((c) => c.lltCode !== term.lltCode)].slice(0, input.limit ?? 10);
    }
  }
  const best = ranked[0];
  return {
    term: best?.lltName ?? null,
    code: best?.lltCode ?? null,
    system: dictionary.system === 'MedDRA' ? 'MedDRA' : dictionary.label,
    dictionary: { id: dictionary.id, label: dictionary.label, version: dictionary.version, isDemo: dictionary.isDemo },
    normalized: normalizedKey,
    candidates: ranked,
    elapsedMs,
  };
}
