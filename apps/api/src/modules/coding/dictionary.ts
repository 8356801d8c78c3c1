// Which dictionary codes a study's terms, and its matcher index: built once per dictionary and kept for
// the life of the process (a loaded dictionary version never changes; a new version is a new row).
//   a study's dictionary = studies.coding_dictionary_id, else the newest MedDRA loaded, else the demo one
import { sql, type Db } from '@ctp/db';
import { buildIndex, type DictionaryIndex, type DictionaryTerm } from './matcher.ts';

export interface DictionaryInfo {
  id: number;
  system: 'MedDRA' | 'CTCAE demo';
  version: string;
  label: string;
  isDemo: boolean;
}

const indexes = new Map<number, Promise<DictionaryIndex>>();

export function dictionaryIndex(db: Db, dictionaryId: number): Promise<DictionaryIndex> {
  let index = indexes.get(dictionaryId);
  if (!index) {
    index = db
      .selectFrom('codingTerms')
      .select(['lltCode', 'lltName', 'ptCode', 'ptName', 'hltCode', 'hltName', 'hlgtCode', 'hlgtName', 'socCode', 'socName', 'isCurrent'])
      .where('dictionaryId', '=', dictionaryId)
      .execute()
      .then((rows) => buildIndex(rows as DictionaryTerm[]));
    // A failed load is not remembered: the next call tries again.
    index.catch(() => indexes.delete(dictionaryId));
    indexes.set(dictionaryId, index);
  }
  return index;
}

export async function activeDictionary(db: Db, studyId?: number): Promise<DictionaryInfo> {
  const { rows } = await sql<DictionaryInfo>`
    select d.id, d.system, d.version, d.label, d.is_demo as "isDemo" from coding_dictionaries d
     order by d.id = (select coding_dictionary_id from studies where id = ${studyId ?? null}::int) is true desc,
              (d.system = 'MedDRA') desc, d.loaded_at desc, d.id desc
     limit 1`.execute(db);
  return rows[0]!;
}

export async function listDictionaries(db: Db) {
  const { rows } = await sql<DictionaryInfo & { termCount: number; loadedAt: Date; language: string; studies: number }>`
    select d.id, d.system, d.version, d.label, d.is_demo as "isDemo", d.term_count as "termCount", d.loaded_at as "loadedAt", d.language,
           (select count(*)::int from studies s where s.coding_dictionary_id = d.id) as studies
      from coding_dictionaries d order by d.loaded_at desc, d.id desc`.execute(db);
  return rows.map((r) => ({ ...r, loadedAt: new Date(r.loadedAt).toISOString() }));
}

/** How often each PT was coded in a study with this dictionary: the matcher breaks ties between PTs by it. */
export async function studyPtFrequency(db: Db, studyId: number, dictionaryId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('codingDecisions')
    .select(['ptCode', (eb) => eb.fn.countAll<number>().as('n')])
    .where('studyId', '=', studyId)
    .where('dictionaryId', '=', dictionaryId)
    .where('status', '=', 'coded')
    .where('ptCode', 'is not', null)
    .groupBy('ptCode')
    .execute();
  return new Map(rows.map((r) => [r.ptCode!, Number(r.n)]));
}
