// Raising a query inside the caller's transaction: the next code of the study (Q-<study prefix>-00001,
// numbered per study under a lock on the study row, so two raises never share a number) and the
// question as the first message of its thread.
import { sql, type Tx } from '@ctp/db';
import { keyedMessage, QUERY_DEFAULT_DUE_DAYS, type KeyedMessage, type QueryKind } from '@ctp/contracts';
import { notifySiteStaff } from '../notifications/notify.ts';
import { storedText } from '../../stored-text.ts';

export interface NewQuery {
  studyId: number;
  siteId: number;
  patientId: number;
  submissionId?: number | null;
  formId?: number | null;
  subjectVisitId?: number | null;
  fieldPath?: string | null;
  type: QueryKind;
  origin: 'manual' | 'edit_check' | 'missing_form';
  checkKey?: string | null;
  priority: string;
  /** What a person wrote, or (automatic queries) the server's message, stored in English with its key. */
  description: string | KeyedMessage;
  raisedBy: number | null;
  dueDate?: string | null;
  today: string;
}


export async function raiseQuery(tx: Tx, q: NewQuery): Promise<{ id: number; code: string; version: number }> {
  const description = storedText(q.description);
  const { rows } = await sql<{ prefix: string; seq: number }>`
    select split_part(st.code, '-', 1) as prefix,
           coalesce((select max(seq) from queries where study_id = st.id), 0) + 1 as seq
      from (select id, code from studies where id = ${q.studyId} for update) st`.execute(tx);
  const { prefix, seq } = rows[0]!;
  const code = `Q-${prefix}-${String(seq).padStart(5, '0')}`;
  const row = await tx
    .insertInto('queries')
    .values({
      studyId: q.studyId,
      siteId: q.siteId,
      patientId: q.patientId,
      submissionId: q.submissionId ?? null,
      formId: q.formId ?? null,
      subjectVisitId: q.subjectVisitId ?? null,
      fieldPath: q.fieldPath ?? null,
      seq,
      code,
      type: q.type,
      origin: q.origin,
      checkKey: q.origin === 'manual' ? null : (q.checkKey ?? null),
      priority: q.priority,
      description: description.text,
      descriptionKey: description.key,
      descriptionParams: description.params,
      raisedBy: q.raisedBy,
      dueDate: q.dueDate ?? sql<string>`${q.today}::date + ${QUERY_DEFAULT_DUE_DAYS}::int` as never,
    })
    .returning(['id', 'code', 'version'])
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('queryMessages')
    .values({ queryId: row.id, kind: 'question', body: description.text, bodyKey: description.key, bodyParams: description.params, authorId: q.raisedBy })
    .execute();
  await notifySiteStaff(tx, q.studyId, q.siteId, { kind: 'query_raised', studyId: q.studyId, title: keyedMessage('queryRaisedTitle', { code }), body: typeof q.description === 'string' ? q.description.slice(0, 300) : q.description, link: `/queries?q=${code}` }, q.raisedBy ?? undefined);
  return row;
}
