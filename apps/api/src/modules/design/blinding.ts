// Who sees subjects' arms (issues 27 and 30). In a blinded study (single- or double-blind) only
// administrators and the members of the study's unblinded team (study_memberships.unblinded, granted by
// administrators, audited; migration 0048) see a subject's planned and actual arm, its randomization
// list slot and the minimization counts; every other member, whatever the role, is blinded — until an
// approved planned unblinding of the whole study (after database lock; migration 0057) opens the arms
// to everyone in the study. This is the
// one place every reader asks:
//   - design.subjectArm answers without arms (armsHidden) and design.assignArm is FORBIDDEN;
//   - randomization answers (randomize, allocations) carry the arm only for those who see arms; the
//     allocations list and its REST path are refused to the others;
//   - the audit trail (screen and CSV) and a study's recent activity redact the arm fields of subjects'
//     events and of allocations;
//   - SDTM: their runs are blinded runs (DM's arm variables blank, EPOCH the same for every arm), and the
//     full runs of those who see arms (preview, files, archive, define.xml) are FORBIDDEN to them.
// Patient lists, their CSV export, the casebook, search and notifications carry no arm at all.
// Trial supply (modules/supply) shows a kit type's arm only where armsVisible; everyone else reads kit
// type codes, which in a blinded study may not name an arm.
import { TRPCError } from '@trpc/server';
import type { StudyBlinding } from '@ctp/contracts';
import type { Db, Tx } from '@ctp/db';
import { roleInStudy, type StudyScope } from '../../access.ts';
import type { SessionUser } from '../auth/session.ts';

export const ARMS_BLINDED = 'Arms of a blinded study are shown only to administrators and the study\'s unblinded team';

/** The audit fields of a patients row that tell the arm (column names; camel-cased where a reader maps them). */
export const ARM_FIELDS: ReadonlySet<string> = new Set(['planned_arm_id', 'actual_arm_id', 'plannedArmId', 'actualArmId']);

/** The audit fields of an allocation that tell the arm (the arm, and the counts per arm it was chosen on). */
export const ALLOCATION_ARM_FIELDS: ReadonlySet<string> = new Set(['arm_id', 'minimization_state', 'armId', 'minimizationState']);

/** The audit fields of a correction that tell arms (the arm it had and the arm it gets; migration 0057). */
export const CORRECTION_ARM_FIELDS: ReadonlySet<string> = new Set(['from_arm_id', 'to_arm_id', 'fromArmId', 'toArmId']);

/** Whether an audited field of this table tells a subject's arm (or, for a scheme, which arms it allocates). */
export function isArmField(table: string, field: string): boolean {
  if (table === 'patients') return ARM_FIELDS.has(field);
  if (table === 'randomization_allocations') return ALLOCATION_ARM_FIELDS.has(field);
  // A kit type's arm is the treatment behind its kits (trial supply).
  if (table === 'kit_types') return field === 'arm_id' || field === 'armId';
  if (table === 'randomization_corrections') return CORRECTION_ARM_FIELDS.has(field);
  // A scheme's arms with their ratio: what the scheme screens show only to those who see arms.
  if (table === 'randomization_schemes') return field === 'arms';
  return false;
}

export function isBlinded(blinding: StudyBlinding | null | undefined): boolean {
  return blinding === 'single_blind' || blinding === 'double_blind';
}

/** Studies (of the given ones) where the user is an open member of the unblinded team. */
async function unblindedMemberOf(db: Db | Tx, userId: number, studyIds: number[]): Promise<Set<number>> {
  if (!studyIds.length) return new Set();
  const rows = await db
    .selectFrom('studyMemberships')
    .select('studyId')
    .where('userId', '=', userId)
    .where('studyId', 'in', studyIds)
    .where('endedAt', 'is', null)
    .where('unblinded', '=', true)
    .execute();
  return new Set(rows.map((r) => r.studyId));
}

/** Whether the user is an administrator or an open member of the study's unblinded team (whatever the study's state). */
export async function inUnblindedTeam(db: Db | Tx, user: SessionUser, scope: StudyScope, studyId: number): Promise<boolean> {
  if (roleInStudy(user, scope, studyId) === 'admin') return true;
  return (await unblindedMemberOf(db, user.id, [studyId])).has(studyId);
}

/** Whether the user sees subjects' arms in this study. */
export async function armsVisible(db: Db | Tx, user: SessionUser, scope: StudyScope, studyId: number): Promise<boolean> {
  const study = await db.selectFrom('studies').select('blinding').where('id', '=', studyId).executeTakeFirst();
  if (!isBlinded(study?.blinding)) return true;
  if (roleInStudy(user, scope, studyId) === 'admin') return true;
  if ((await unblindedMemberOf(db, user.id, [studyId])).has(studyId)) return true;
  return (await studiesUnblinded(db, [studyId])).has(studyId);
}

/** Of the given studies, those unblinded as a whole by an approved planned unblinding (migration 0057). */
export async function studiesUnblinded(db: Db | Tx, studyIds: number[]): Promise<Set<number>> {
  if (!studyIds.length) return new Set();
  const rows = await db.selectFrom('plannedUnblindings').select('studyId').where('studyId', 'in', studyIds).where('approvedAt', 'is not', null).execute();
  return new Set(rows.map((r) => r.studyId));
}

/** FORBIDDEN unless the user sees subjects' arms in this study. */
export async function assertArmsVisible(db: Db | Tx, user: SessionUser, scope: StudyScope, studyId: number): Promise<void> {
  if (!(await armsVisible(db, user, scope, studyId))) throw new TRPCError({ code: 'FORBIDDEN', message: ARMS_BLINDED });
}

/** Of the given studies, those whose arms the user does not see (the audit readers redact there). */
export async function armsHiddenIn(db: Db, user: SessionUser, scope: StudyScope, studyIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(studyIds)];
  if (!ids.length) return new Set();
  const blinded = (await db.selectFrom('studies').select(['id', 'blinding']).where('id', 'in', ids).execute())
    .filter((s) => isBlinded(s.blinding) && roleInStudy(user, scope, s.id) !== 'admin')
    .map((s) => s.id);
  const [unblinded, opened] = await Promise.all([unblindedMemberOf(db, user.id, blinded), studiesUnblinded(db, blinded)]);
  return new Set(blinded.filter((id) => !unblinded.has(id) && !opened.has(id)));
}
