import { z } from 'zod';
import { text, searchTerm } from './input.ts';
import { studyBlinding, studyPhase, studyStatus, milestoneStatus, ORGANISATION_TYPES, BUDGET_CATEGORIES } from './enums.ts';
import { id, isoDate, reason, version, pagination, timestamp } from './common.ts';

/** A study as the spec's Study entity names it: studyId is the human code, id the number. */
export const studySummary = z.object({
  id: z.number().int(),
  studyId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  phase: studyPhase,
  status: studyStatus,
  therapeutic_area: z.string().nullable(),
  currentEnrollment: z.number().int(),
  targetEnrollment: z.number().int(),
  createdAt: timestamp,
});
export type StudySummary = z.infer<typeof studySummary>;

const studyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{2,29}$/, 'Use 3-30 letters, digits or dashes, e.g. ONC-2024-001');

const organisationType = z.enum(ORGANISATION_TYPES);

const studyFields = z.object({
  studyId: studyCode,
  title: text('text').max(300).min(3, 'Give the study a title'),
  description: text('text').nullish(),
  phase: studyPhase,
  status: studyStatus,
  therapeuticArea: text('name').max(120).nullish(),
  targetEnrollment: z.coerce.number().int('Use a whole number').positive('Use a number above zero').max(1_000_000),
  sponsorName: text('name').max(200).nullish(),
  sponsorType: organisationType.nullish(),
  croName: text('name').max(200).nullish(),
  croType: organisationType.nullish(),
  principalInvestigator: text('name').max(200).nullish(),
  principalInvestigatorTitle: text('name').max(200).nullish(),
  studyManager: text('name').max(200).nullish(),
  studyManagerTitle: text('name').max(200).nullish(),
  startDate: isoDate.nullish(),
  plannedEndDate: isoDate.nullish(),
  actualEndDate: isoDate.nullish(),
  budgetTotal: z.coerce.number().min(0).max(1e12).nullish(),
  currency: text('code').length(3, 'Use a 3-letter currency code, e.g. USD').toUpperCase(),
  /** Open-label unless given; blinded studies hide subjects' arms from blinded roles. */
  blinding: studyBlinding.optional(),
});

function datesInOrder(v: { startDate?: string | null; plannedEndDate?: string | null; actualEndDate?: string | null }) {
  if (v.startDate && v.plannedEndDate && v.plannedEndDate < v.startDate) return false;
  if (v.startDate && v.actualEndDate && v.actualEndDate < v.startDate) return false;
  return true;
}
const datesMessage = { message: 'End dates must not be before the start date', path: ['plannedEndDate'] };

export const studyCreateInput = studyFields
  .extend({ currency: studyFields.shape.currency.default('USD') })
  .refine(datesInOrder, datesMessage);
export type StudyCreateInput = z.infer<typeof studyCreateInput>;

/** No defaults in `changes`: a field left out keeps its stored value (the server re-checks dates against it). */
export const studyUpdateInput = z.object({
  id,
  version,
  reason,
  changes: studyFields.omit({ studyId: true }).partial().refine(datesInOrder, datesMessage),
});
export type StudyUpdateInput = z.infer<typeof studyUpdateInput>;

export const studyListInput = pagination.extend({
  /** Matches study code or title, case-insensitive. */
  search: searchTerm,
  status: studyStatus.optional(),
  /** Only studies this site takes part in (site detail's studies). */
  siteId: id.optional(),
});
export type StudyListInput = z.infer<typeof studyListInput>;

export const studyActivityInput = z.object({ studyId: id, limit: z.coerce.number().int().min(1).max(20).default(10) });

/** AI Study Insights: each item names what it measured; `code` + `params` let the web translate it. */
export const STUDY_INSIGHT_KINDS = ['enrollmentPace', 'sitesBehind', 'dataMissing'] as const;
export interface StudyInsight {
  kind: (typeof STUDY_INSIGHT_KINDS)[number];
  severity: 'success' | 'warning' | 'info';
  code: string;
  params: Record<string, string | number | null>;
  message: string;
}

// --- CTMS: a trial is a study, addressed by its code -----------------------------------------
export const trialCode = text('code').min(1);
export const trialListInput = pagination.extend({
  /** Matches trial code, title or sponsor, case-insensitive. */
  search: searchTerm,
  status: studyStatus.optional(),
});
export type TrialListInput = z.infer<typeof trialListInput>;
export const trialByCodeInput = z.object({ trialId: trialCode });
export const trialExportInput = z.object({ trialId: trialCode, format: z.enum(['csv', 'json']) });
export const TRIAL_REPORT_KINDS = ['enrollment', 'budget', 'site-performance', 'timeline'] as const;
export const trialReportInput = z.object({ trialId: trialCode, kind: z.enum(TRIAL_REPORT_KINDS) });

/** Milestone dates lie in a plausible window, so a slip such as 1900-01-01 is caught. */
export const MILESTONE_DATE_RANGE = { min: '1990-01-01', max: '2100-12-31' } as const;
const milestoneDate = isoDate.refine(
  (v) => v >= MILESTONE_DATE_RANGE.min && v <= MILESTONE_DATE_RANGE.max,
  `Use a date between ${MILESTONE_DATE_RANGE.min} and ${MILESTONE_DATE_RANGE.max}`,
);

export const milestoneInput = z.object({
  name: text('name').min(2).max(200),
  date: milestoneDate,
  status: milestoneStatus,
  description: text('text').max(2000).nullish(),
});
export const milestoneCreateInput = milestoneInput.extend({ studyId: id, reason });
export const milestoneUpdateInput = z.object({ id, version, reason, changes: milestoneInput.partial() });

export const budgetLineInput = z.object({
  category: z.enum(BUDGET_CATEGORIES),
  description: text('text').max(500).nullish(),
  plannedAmount: z.coerce.number().min(0).max(1e12),
  actualAmount: z.coerce.number().min(0).max(1e12),
});
export const budgetLineCreateInput = budgetLineInput.extend({ studyId: id, reason });
export const budgetLineUpdateInput = z.object({ id, version, reason, changes: budgetLineInput.partial() });
