// Query threads and casebook signatures of a set of subjects, read in one statement each (a page of
// subjects of the ODM export, or the one subject of a casebook PDF).
import { sql, type Db } from '@ctp/db';
import { casebookHash } from '../casebook/signatures.ts';

export interface QueryMessage {
  kind: string;
  body: string;
  authorId: number | null;
  authorName: string | null;
  at: string;
}

export interface QueryThread {
  id: number;
  code: string;
  patientId: number;
  submissionId: number | null;
  field: string | null;
  status: string;
  description: string;
  raisedBy: number | null;
  raisedByName: string | null;
  raisedAt: string;
  messages: QueryMessage[];
}

const ids = (list: number[]) => list.join(',');

/** Every query of the subjects (whatever its status), with its messages in order. */
export async function queryThreads(db: Db, patientIds: number[]): Promise<QueryThread[]> {
  if (!patientIds.length) return [];
  const { rows } = await sql<QueryThread>`
    select q.id, q.code, q.patient_id, q.submission_id, q.field_path as field, q.status, q.description, q.raised_by,
           ru.full_name as raised_by_name, q.raised_at,
           coalesce((select json_agg(json_build_object('kind', m.kind, 'body', m.body, 'authorId', m.author_id, 'authorName', au.full_name,
                                                       'at', m.created_at) order by m.id)
                       from query_messages m left join users au on au.id = m.author_id where m.query_id = q.id), '[]'::json) as messages
      from queries q left join users ru on ru.id = q.raised_by
     where q.patient_id = any(string_to_array(${ids(patientIds)}, ',')::int[])
     order by q.patient_id, q.id`.execute(db);
  return rows.map((r) => ({
    ...r,
    raisedAt: new Date(r.raisedAt).toISOString(),
    messages: (typeof r.messages === 'string' ? (JSON.parse(r.messages) as QueryMessage[]) : r.messages).map((m) => ({ ...m, at: new Date(m.at).toISOString() })),
  }));
}

export interface SubjectSignature {
  id: number;
  patientId: number;
  signerId: number;
  printedName: string;
  meaning: 'authorship' | 'review' | 'approval';
  signedAt: string;
  contentHash: string;
  entries: number;
  /** True while the casebook still hashes to what was signed. */
  valid: boolean;
}

/** The subjects' casebook signatures, oldest first, each with its validity against today's content. */
export async function subjectSignatures(db: Db, patientIds: number[]): Promise<SubjectSignature[]> {
  if (!patientIds.length) return [];
  const rows = await db
    .selectFrom('signatures')
    .select(['id', 'patientId', 'signerId', 'printedName', 'meaning', 'signedAt', 'contentHash', 'entries'])
    .where(sql<boolean>`patient_id = any(string_to_array(${ids(patientIds)}, ',')::int[])`)
    .orderBy('patientId')
    .orderBy('id')
    .execute();
  const current = new Map<number, string>();
  for (const pid of new Set(rows.map((r) => r.patientId!))) current.set(pid, (await casebookHash(db, pid)).hash);
  return rows.map((r) => ({
    ...r,
    patientId: r.patientId!,
    signedAt: new Date(r.signedAt).toISOString(),
    valid: current.get(r.patientId!) === r.contentHash,
  }));
}
