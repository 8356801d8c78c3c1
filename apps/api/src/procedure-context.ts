// What the sites and patients services need from a procedure's context (permitted() provides it).
import type { Db } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import type { RequestInfo } from '../../trpc.ts';
import type { SessionUser } from '../auth/session.ts';

export interface ProcedureCtx {
  db: Db;
  user: SessionUser;
  req: RequestInfo;
  scope: StudyScope;
}
