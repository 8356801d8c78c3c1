// Study teams: who works on a study, with which study role and, for site roles, at which sites.
import { z } from 'zod';
import { id, reason } from './common.ts';
import { searchTerm } from './input.ts';
import { role, SITE_SCOPED_ROLES } from './roles.ts';

const siteIds = z.array(id).max(500, 'At most 500 sites').default([]);

const membershipShape = { studyId: id, userId: id, role, siteIds, reason };

/** Site roles name at least one site of the study; other roles act for the whole study. */
const sitesForRole = (v: { role: z.infer<typeof role>; siteIds: number[] }) => !SITE_SCOPED_ROLES.includes(v.role) || v.siteIds.length > 0;
const SITES_REQUIRED = { message: 'Choose at least one site for this role', path: ['siteIds'] };

export const addTeamMemberInput = z.object(membershipShape).refine(sitesForRole, SITES_REQUIRED);
export type AddTeamMemberInput = z.infer<typeof addTeamMemberInput>;
export const changeTeamMemberInput = z.object(membershipShape).refine(sitesForRole, SITES_REQUIRED);
export type ChangeTeamMemberInput = z.infer<typeof changeTeamMemberInput>;
export const removeTeamMemberInput = z.object({ studyId: id, userId: id, reason });
export type RemoveTeamMemberInput = z.infer<typeof removeTeamMemberInput>;
export const teamInput = z.object({ studyId: id });
export const teamCandidatesInput = z.object({ studyId: id, search: searchTerm });
