// siteArchives.list: a study's archives, newest first, with their state and progress; a user sees the
// archives of the sites in their scope only (and whole-study ones when the whole study is theirs).
import type { Db } from '@ctp/db';
import { assertStudyVisible, canSeeStudySite, type StudyScope } from '../../access.ts';
import { refuse } from '../../refusal.ts';

const COLUMNS = [
  'a.id',
  'a.studyId',
  'a.siteId',
  'a.status',
  'a.step',
  'a.subjectsDone',
  'a.subjectsTotal',
  'a.fileName',
  'a.sha256',
  'a.sizeBytes',
  'a.documentId',
  'a.error',
  'a.startedAt',
  'a.finishedAt',
] as const;

export interface SiteArchiveRow {
  id: number;
  studyId: number;
  siteId: number | null;
  siteNumber: string | null;
  siteName: string | null;
  status: 'running' | 'done' | 'failed';
  step: string | null;
  subjectsDone: number;
  subjectsTotal: number;
  fileName: string | null;
  sha256: string | null;
  sizeBytes: number | null;
  documentId: number | null;
  documentCode: string | null;
  error: string | null;
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  failed: boolean;
}

function visible(scope: StudyScope, studyId: number, siteId: number | null): boolean {
  if (siteId === null) return !scope.sites.get(studyId);
  return canSeeStudySite(scope, studyId, siteId);
}

function query(db: Db) {
  return db
    .selectFrom('siteArchives as a')
    .leftJoin('sites as s', 's.id', 'a.siteId')
    .leftJoin('documents as d', 'd.id', 'a.documentId')
    .leftJoin('users as u', 'u.id', 'a.startedBy')
    .select(COLUMNS)
    .select(['s.siteNumber', 's.name as siteName', 'd.code as documentCode', 'u.fullName as startedBy']);
}

type Raw = Awaited<ReturnType<ReturnType<typeof query>['execute']>>[number];

const toRow = (r: Raw): SiteArchiveRow => ({
  ...r,
  sizeBytes: r.sizeBytes === null ? null : Number(r.sizeBytes),
  startedAt: new Date(r.startedAt).toISOString(),
  finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
  failed: r.status === 'failed',
});

export async function listSiteArchives(db: Db, scope: StudyScope, studyId: number): Promise<SiteArchiveRow[]> {
  assertStudyVisible(scope, studyId);
  const rows = await query(db).where('a.studyId', '=', studyId).orderBy('a.id', 'desc').limit(100).execute();
  return rows.filter((r) => visible(scope, r.studyId, r.siteId)).map(toRow);
}

/** One archive in the reader's scope (NOT_FOUND otherwise, as for a document). */
export async function siteArchiveById(db: Db, scope: StudyScope, id: number): Promise<SiteArchiveRow> {
  const r = await query(db).where('a.id', '=', id).executeTakeFirst();
  if (!r || !visible(scope, r.studyId, r.siteId) || !(scope.all || scope.studyIds.includes(r.studyId))) throw refuse('NOT_FOUND', 'documentNotFound');
  return toRow(r);
}
