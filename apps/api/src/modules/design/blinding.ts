// Who sees subjects' arms (issue 27 item 3). In a blinded study (single- or double-blind) only
// administrators and the study's study managers (the user's role IN THAT STUDY) see a subject's planned
// and actual arm; investigators, coordinators, monitors, sponsors and data managers do not. Until the
// randomisation work brings full blinding, this is the one place every reader asks:
//   - design.subjectArm answers without arms (armsHidden) and design.assignArm is FORBIDDEN;
//   - the audit trail and a study's recent activity redact the arm fields of subjects' events;
//   - SDTM generation and the datasets of a blinded study (preview, files, archive) are FORBIDDEN, so an
//     unblinded package never reaches a blinded role (arms also show in SE, TA and EX, not only in DM).
// Patient lists, their CSV export, the casebook and search carry no arm at all.
import { TRPCError } from '@trpc/server';
import type { Role, StudyBlinding } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import { roleInStudy, type StudyScope } from '../../access.ts';
import type { SessionUser } from '../auth/session.ts';

/** Roles that see arms in a blinded study. */
export const UNBLINDED_ROLES: readonly Role[] = ['admin', 'study-manager'];

export const ARMS_BLINDED = 'Arms of a blinded study are shown only to administrators and study managers';

/** The audit fields of a patients row that tell the arm (column names; camel-cased where a reader maps them). */
export const ARM_FIELDS: ReadonlySet<string> = new Set(['planned_arm_id', 'actual_arm_id', 'plannedArmId', 'actualArmId']);

export function isBlinded(blinding: StudyBlinding | null | undefined): boolean {
  return blinding === 'single_blind' || blinding === 'double_blind';
}

/** The rule itself, for a study whose blinding is known. */
export function armsVisibleIn(user: SessionUser, scope: StudyScope, studyId: number, blinding: StudyBlinding | null | undefined): boolean {
  if (!isBlinded(blinding)) return true;
  const role = roleInStudy(user, scope, studyId);
  return role !== null && UNBLINDED_ROLES.includes(role);
}

/** Whether the user sees subjects' arms in this study. */
export async function armsVisible(db: Db, user: SessionUser, scope: StudyScope, studyId: number): Promise<boolean> {
  const study = await db.selectFrom('studies').select('blinding').where('id', '=', studyId).executeTakeFirst();
  return armsVisibleIn(user, scope, studyId, study?.blinding);
}

/** FORBIDDEN unless the user sees subjects' arms in this study. */
export async function assertArmsVisible(db: Db, user: SessionUser, scope: StudyScope, studyId: number): Promise<void> {
  if (!(await armsVisible(db, user, scope, studyId))) throw new TRPCError({ code: 'FORBIDDEN', message: ARMS_BLINDED });
}

/** Of the given studies, those whose arms the user does not see (the audit readers redact there). */
export async function armsHiddenIn(db: Db, user: SessionUser, scope: StudyScope, studyIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(studyIds)];
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('studies').select(['id', 'blinding']).where('id', 'in', ids).execute();
  return new Set(rows.filter((s) => !armsVisibleIn(user, scope, s.id, s.blinding)).map((s) => s.id));
}
