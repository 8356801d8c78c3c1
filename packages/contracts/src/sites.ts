import { z } from 'zod';
import { siteStatus } from './enums.ts';
import { id, reason, version, pagination } from './common.ts';

export const siteSummary = z.object({
  id: z.number().int(),
  siteNumber: z.string(),
  siteName: z.string(),
  principalInvestigator: z.string().nullable(),
  address: z.string().nullable(),
  status: siteStatus,
  enrollmentTarget: z.number().int(),
  currentEnrollment: z.number().int(),
  studyCount: z.number().int(),
  lastActivity: z.date().nullable(),
  createdAt: z.date(),
  /** The first study the site takes part in (the spec's Site carries one studyId); null when none. */
  studyId: z.number().int().nullable(),
});
export type SiteSummary = z.infer<typeof siteSummary>;

const siteFields = z.object({
  siteNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, 'Use 2-20 letters, digits or dashes, e.g. SITE-001'),
  siteName: z.string().trim().min(3, 'Give the site a name').max(200),
  principalInvestigator: z.string().trim().max(200).nullish(),
  address: z.string().trim().max(500).nullish(),
  city: z.string().trim().max(120).nullish(),
  country: z.string().trim().min(2, 'Choose a country').max(80),
  phone: z.string().trim().max(40).nullish(),
  email: z.string().trim().email('Enter a valid email address').max(200).nullish().or(z.literal('')),
});
export const siteCreateInput = siteFields;
export type SiteCreateInput = z.infer<typeof siteCreateInput>;
export const siteUpdateInput = z.object({
  id,
  version,
  reason,
  changes: siteFields.omit({ siteNumber: true }).partial().extend({ status: siteStatus.optional() }),
});

export const siteListInput = pagination.extend({
  studyId: id.optional(),
  status: siteStatus.optional(),
  search: z.string().trim().max(100).optional(),
});

export const assignSiteInput = z.object({
  studyId: id,
  siteId: id,
  enrollmentTarget: z.coerce.number().int('Use a whole number').positive('Use a number above zero').max(100_000),
  reason,
});
export const activateSiteInput = z.object({ studyId: id, siteId: id, version, reason });
