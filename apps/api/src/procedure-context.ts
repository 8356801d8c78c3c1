// What services need from a permitted() procedure's context: database, user, request and study scope.
import type { BlobStore, Db } from '@ctp/db';
import type { StudyScope } from './access.ts';
import type { RequestInfo } from './trpc.ts';
import type { SessionUser } from './modules/auth/session.ts';

export interface ProcedureCtx {
  db: Db;
  user: SessionUser;
  req: RequestInfo;
  scope: StudyScope;
  files: BlobStore;
}
