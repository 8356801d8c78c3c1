// The compliance page: audit readiness from named checks, recent audit activity and three evidence
// downloads (a study's audit trail as CSV, the Part 11 / ALCOA+ evidence report as PDF, the
// signature manifest as CSV).
import { z } from 'zod';
import { id } from './common.ts';

export const READINESS_CHECKS = ['auditChain', 'overdueQueries', 'unverifiedLocked', 'unsignedCompleted', 'openWarnings'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];
export const complianceOverviewInput = z.object({ studyId: id.optional() }).optional();
export const COMPLIANCE_DOWNLOADS = ['audit-trail', 'evidence', 'signatures'] as const;
export const complianceDownloadInput = z.object({ kind: z.enum(COMPLIANCE_DOWNLOADS), studyId: id.optional() });
