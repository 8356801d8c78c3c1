// Adverse event reports that were stored without passing through a submit (the demo-data loader writes
// its reports in bulk SQL) get their terms proposed for coding exactly as a submit does (proposeCoding):
// each verbatim matched against the study's dictionary, coded at once by a study synonym, else proposed
// to the coder in the queue. Runs after the demo data is loaded; a report that already has a coding
// decision is left alone.
import { withActor, type Db } from '@ctp/db';
import { storedDefinition } from '../forms/detail.ts';
import { proposeCoding } from './decisions.ts';

export const PENDING_CODING_REASON = 'Adverse event terms proposed for coding';

export async function proposeUncodedAdverseEvents(db: Db): Promise<number> {
  return withActor(db, { userId: null, reason: PENDING_CODING_REASON }, async (tx) => {
    const rows = await tx
      .selectFrom('formSubmissions as s')
      .innerJoin('formVersions as v', 'v.id', 's.formVersionId')
      .select(['s.id', 's.studyId', 's.siteId', 's.data', 'v.definition'])
      .where('s.status', '<>', 'draft')
      .where('s.adverseEvents', '>', 0)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('codingDecisions as d').select('d.id').whereRef('d.submissionId', '=', 's.id'))))
      .orderBy('s.id')
      .execute();
    for (const r of rows) {
      const values = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>;
      await proposeCoding(tx, { submissionId: r.id, studyId: r.studyId, siteId: r.siteId, definition: storedDefinition(r.definition), values });
    }
    return rows.length;
  });
}
