import { z } from 'zod';
import { alertType } from './enums.ts';
import { studySummary } from './studies.ts';

export const dashboardOverview = z.object({
  studies: z.array(studySummary),
  dataQualityScore: z.number(),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

export const insights = z.object({
  isStatic: z.boolean(),
  performanceImprovement: z.string(),
  optimizationOpportunities: z.number().int(),
});
export type Insights = z.infer<typeof insights>;

export const alert = z.object({
  type: alertType,
  /** What the alert is about, with its figures, so the web can say it in the reader's language. */
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
  details: z.string(),
});
export type Alert = z.infer<typeof alert>;

export const qualityInsights = z.object({
  dataQualityScore: z.number(),
  recentAlerts: z.array(alert),
});
export type QualityInsights = z.infer<typeof qualityInsights>;

/** One check behind a compliance status: `code` and `params` for translation, `check` in English. */
export const complianceCheck = z.object({
  regulation: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  check: z.string(),
  passed: z.boolean(),
  /** The clauses the check is evidence for (e.g. '21 CFR 11.10(e)'): a claim says no more than its checks prove. */
  clauses: z.array(z.string()),
});
export type ComplianceCheck = z.infer<typeof complianceCheck>;

export const complianceState = z.enum(['compliant', 'attention', 'non-compliant']);
export const complianceStatus = z.object({
  cfr21Part11: complianceState,
  gcpGuidelines: complianceState,
  gdpr: complianceState,
  auditTrailCompleteness: z.number(),
  /** What each status was computed from, so a reviewer can see the evidence, not just the verdict. */
  checks: z.array(complianceCheck),
});
export type ComplianceStatus = z.infer<typeof complianceStatus>;
