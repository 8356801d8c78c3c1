// Loading a MedDRA release into the database: one dictionary row and its terms, in one audited
// transaction (the dictionary row is audited; the terms are its reference content). A version already
// loaded is refused rather than loaded twice.
import { sql } from 'kysely';
import { withActor, type Actor } from '../actor.ts';
import type { Db } from '../connect.ts';
import type { MeddraRelease } from './meddra-ascii.ts';

export class DictionaryExistsError extends Error {}

const BATCH = 2000;

export async function importMeddraRelease(db: Db, release: MeddraRelease, actor: Actor): Promise<{ id: number; terms: number }> {
  return withActor(db, actor, async (tx) => {
    const existing = await tx
      .selectFrom('codingDictionaries')
      .select('id')
      .where('system', '=', 'MedDRA')
      .where('version', '=', release.version)
      .where('language', '=', release.language)
      .executeTakeFirst();
    if (existing) throw new DictionaryExistsError(`MedDRA ${release.version} (${release.language}) is already loaded`);
    const dict = await tx
      .insertInto('codingDictionaries')
      .values({ system: 'MedDRA', version: release.version, language: release.language, label: `MedDRA ${release.version} ${release.language}`, isDemo: false, termCount: release.terms.length, loadedBy: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < release.terms.length; i += BATCH) {
      const rows = release.terms.slice(i, i + BATCH);
      await sql`INSERT INTO coding_terms (dictionary_id, llt_code, llt_name, pt_code, pt_name, hlt_code, hlt_name, hlgt_code, hlgt_name, soc_code, soc_name, soc_abbrev, is_current)
        SELECT ${dict.id}::int, t->>'lltCode', t->>'lltName', t->>'ptCode', t->>'ptName', t->>'hltCode', t->>'hltName', t->>'hlgtCode', t->>'hlgtName',
               t->>'socCode', t->>'socName', t->>'socAbbrev', (t->>'isCurrent')::boolean
          FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS t`.execute(tx);
    }
    return { id: dict.id, terms: release.terms.length };
  });
}
