import { z } from 'zod';
import { studyPhase, studyStatus, milestoneStatus, ORGANISATION_TYPES, BUDGET_CATEGORIES } from './enums.ts';
import { id, isoDate, reason, version, pagination } from './common.ts';

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
  createdAt: z.date(),
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
  title: z.string().trim().min(3, 'Give the study a title').max(300),
  description: z.string().trim().max(5000).nullish(),
  phase: studyPhase,
  status: studyStatus,
  therapeuticArea: z.string().trim().max(120).nullish(),
  targetEnrollment: z.coerce.number().int('Use a whole number').positive('Use a number above zero').max(1_000_000),
  sponsorName: z.string().trim().max(200).nullish(),
  sponsorType: organisationType.nullish(),
  croName: z.string().trim().max(200).nullish(),
  croType: organisationType.nullish(),
  principalInvestigator: z.string().trim().max(200).nullish(),
  principalInvestigatorTitle: z.string().trim().max(200).nullish(),
  studyManager: z.string().trim().max(200).nullish(),
  studyManagerTitle: z.string().trim().max(200).nullish(),
  startDate: isoDate.nullish(),
  plannedEndDate: isoDate.nullish(),
  actualEndDate: isoDate.nullish(),
  budgetTotal: z.coerce.number().min(0).max(1e12).nullish(),
  currency: z.string().trim().length(3).toUpperCase().default('USD'),
});

function datesInOrder(v: { startDate?: string | null; plannedEndDate?: string | null; actualEndDate?: string | null }) {
  if (v.startDate && v.plannedEndDate && v.plannedEndDate < v.startDate) return false;
  if (v.startDate && v.actualEndDate && v.actualEndDate < v.startDate) return false;
  return true;
}
const datesMessage = { message: 'End dates must not be before the start date', path: ['plannedEndDate'] };

export const studyCreateInput = studyFields.refine(datesInOrder, datesMessage);
export type StudyCreateInput = z.infer<typeof studyCreateInput>;

export const studyUpdateInput = z.object({
  id,
  version,
  reason,
  changes: studyFields.omit({ studyId: true }).partial().refine(datesInOrder, datesMessage),
});
export type StudyUpdateInput = z.infer<typeof studyUpdateInput>;

export const studyListInput = pagination.extend({
  search: z.string().trim().max(100).optional(),
  status: studyStatus.optional(),
});

export const milestoneInput = z.object({
  name: z.string().trim().min(2).max(200),
  date: isoDate,
  status: milestoneStatus,
  description: z.string().trim().max(2000).nullish(),
});
export const milestoneCreateInput = milestoneInput.extend({ studyId: id, reason });
export const milestoneUpdateInput = z.object({ id, version, reason, changes: milestoneInput.partial() });

export const budgetLineInput = z.object({
  category: z.enum(BUDGET_CATEGORIES),
  description: z.string().trim().max(500).nullish(),
  plannedAmount: z.coerce.number().min(0).max(1e12),
  actualAmount: z.coerce.number().min(0).max(1e12),
});
export const budgetLineCreateInput = budgetLineInput.extend({ studyId: id, reason });
export const budgetLineUpdateInput = z.object({ id, version, reason, changes: budgetLineInput.partial() });
