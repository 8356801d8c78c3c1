import { z } from 'zod';
import { text, searchTerm } from './input.ts';
import { siteStatus, studyStatus, alertType } from './enums.ts';
import { id, reason, version, pagination, timestamp } from './common.ts';

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
  lastActivity: timestamp.nullable(),
  createdAt: timestamp,
  /** The first study the site takes part in (the spec's Site carries one studyId); null when none. */
  studyId: z.number().int().nullable(),
});
export type SiteSummary = z.infer<typeof siteSummary>;

/**
 * A phone number as people write it: digits, spaces, + ( ) - . and an optional extension ('x 12',
 * 'ext. 12'); 6-30 characters with at least one digit.
 */
const PHONE_PATTERN = /^(?=.{6,30}$)\+?[\d\s().-]*\d[\d\s().-]*(?:\s*(?:x|ext\.?)\s*\d+)?$/i;
const PHONE_MESSAGE = 'Enter a valid phone number, e.g. +1 555 123 4567';

const siteFields = z.object({
  siteNumber: text('code')
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,19}$/, 'Use 2-20 letters, digits or dashes, e.g. SITE-001'),
  siteName: text('name').min(3, 'Give the site a name').max(200),
  principalInvestigator: text('name').max(200).nullish(),
  address: text('text').max(500).nullish(),
  city: text('name').max(120).nullish(),
  country: text('name').min(2, 'Choose a country').max(80),
  // Optional: empty (or absent) means no phone.
  phone: text('name')
    .refine((v) => v === '' || PHONE_PATTERN.test(v), PHONE_MESSAGE)
    .nullish(),
  email: text('name').email('Enter a valid email address').max(200).nullish().or(z.literal('')),
});
export const siteCreateInput = siteFields.extend({ reason: reason.default('New site registered') });
export type SiteCreateInput = z.infer<typeof siteCreateInput>;
export const siteUpdateInput = z.object({
  id,
  version,
  reason,
  changes: siteFields.omit({ siteNumber: true }).partial().extend({ status: siteStatus.optional() }),
});
export type SiteUpdateInput = z.infer<typeof siteUpdateInput>;

export const siteListInput = pagination.extend({
  studyId: id.optional(),
  /** Narrows the list to one site (REST `?siteId=`). */
  siteId: id.optional(),
  /** The site's own status; with studyId, its status in that study. */
  status: siteStatus.optional(),
  /** Matches site number, name, city or country, case-insensitive. */
  search: searchTerm,
});
export type SiteListInput = z.infer<typeof siteListInput>;
/** The tiles take the list's scope filters (not its status filter: the tiles count by status). */
export const siteSummaryInput = siteListInput.pick({ studyId: true, search: true }).optional();

/** The four tiles of the Sites screen. enrollmentRate = totalEnrollment / totalTarget * 100, one decimal. */
export const sitesOverview = z.object({
  activeSites: z.number().int(),
  pendingSites: z.number().int(),
  totalEnrollment: z.number().int(),
  totalTarget: z.number().int(),
  enrollmentRate: z.number(),
});
export type SitesOverview = z.infer<typeof sitesOverview>;

/** One study a site takes part in, with the per-study target, enrollment and activation. */
export const siteStudy = z.object({
  studyId: z.number().int(),
  studyCode: z.string(),
  title: z.string(),
  status: studyStatus,
  studySiteStatus: siteStatus,
  enrollmentTarget: z.number().int(),
  currentEnrollment: z.number().int(),
  assignedOn: z.string(),
  activatedOn: z.string().nullable(),
  /** Version of the study_sites row: activate names it. */
  version: z.number().int(),
});
export type SiteStudy = z.infer<typeof siteStudy>;

/** A performance insight computed from the site's data; `code` + `params` let the web translate it. */
export const siteInsight = z.object({
  severity: alertType,
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type SiteInsight = z.infer<typeof siteInsight>;

export const siteDetail = siteSummary.extend({
  city: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  version: z.number().int(),
  /** Whole days since createdAt, rounded. */
  daysActive: z.number().int(),
  studies: z.array(siteStudy),
  insights: z.array(siteInsight),
});
export type SiteDetail = z.infer<typeof siteDetail>;

export const siteActivityInput = z.object({
  siteId: id,
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

export const assignSiteInput = z.object({
  studyId: id,
  siteId: id,
  enrollmentTarget: z.coerce.number().int('Use a whole number').positive('Use a number above zero').max(100_000),
  reason,
});
export type AssignSiteInput = z.infer<typeof assignSiteInput>;
/** `version` is the study_sites row's version (SiteStudy.version). */
export const activateSiteInput = z.object({ studyId: id, siteId: id, version, reason });
export type ActivateSiteInput = z.infer<typeof activateSiteInput>;
