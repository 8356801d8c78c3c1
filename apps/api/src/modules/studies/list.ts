// studies.list: the studies a user may see, filtered, ordered by code and paginated in SQL.
import { sql, type Db } from '@ctp/db';
import type { StudyListInput, StudySummary } from '@ctp/contracts';
import { studySummaryQuery, toStudySummary } from './summary-query.ts';
import { containsPattern, pageWindow, withTotal } from '../../sql-helpers.ts';

export async function listStudies(db: Db, studyIds: number[] | null, input: StudyListInput) {
  const filtered = <Q extends ReturnType<typeof studySummaryQuery>>(q: Q): Q => {
    let r = q;
    if (input.search) {
      const pattern = containsPattern(input.search);
      r = r.where((eb) => eb.or([eb('s.code', 'ilike', pattern), eb('s.title', 'ilike', pattern)])) as Q;
    }
    if (input.status) r = r.where('s.status', '=', input.status) as Q;
    if (input.siteId) {
      const siteId = input.siteId;
      r = r.where(sql<boolean>`exists (select 1 from study_sites ss where ss.study_id = s.id and ss.site_id = ${siteId})`) as Q;
    }
    return r;
  };
  const counted = () =>
    filtered(studySummaryQuery(db, studyIds))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'));
  const bounds = pageWindow(input);
  const page = await filtered(studySummaryQuery(db, studyIds))
    .select(counted().as('total'))
    .orderBy('s.code')
    .limit(bounds.limit)
    .offset(bounds.offset)
    .execute();
  const { total, rows } = await withTotal(page, input.offset, async () => Number((await counted().executeTakeFirstOrThrow()).total));
  const items: StudySummary[] = rows.map(toStudySummary);
  return { items, total, limit: input.limit, offset: input.offset };
}
