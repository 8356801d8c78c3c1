import { z } from 'zod';
import { text } from './input.ts';
import { role } from './roles.ts';
import { SECURITY } from './constants.ts';

export const loginInput = z.object({
  email: text('name').toLowerCase().email('Enter a valid email address'),
  password: text('secret', { trim: false }).min(1, 'Enter your password'),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Password policy: at least 12 characters with a letter and a digit (21 CFR Part 11 controls). */
export const newPassword = text('secret', { trim: false })
  .min(SECURITY.passwordMinLength, `Use at least ${SECURITY.passwordMinLength} characters`)
  .max(256)
  .regex(/[A-Za-z]/, 'Include at least one letter')
  .regex(/[0-9]/, 'Include at least one digit');

export const changePasswordInput = z
  .object({ currentPassword: text('secret', { trim: false }).min(1), newPassword })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const currentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role,
  title: z.string(),
  /** Site staff (investigator, coordinator): the sites they act for in each study; empty for other roles. */
  ownSites: z.array(z.object({ studyId: z.number().int(), siteIds: z.array(z.number().int()) })),
  /** The role of each open study membership: what the user may do in that study (empty for administrators, who act everywhere). */
  studyRoles: z.array(z.object({ studyId: z.number().int(), role })),
});
export type CurrentUser = z.infer<typeof currentUser>;
