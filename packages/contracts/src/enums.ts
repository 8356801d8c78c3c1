// The status and category vocabularies of spec section 4. The database has a CHECK constraint
// for each of them (packages/db migrations), so nothing outside these lists can be stored.
import { z } from 'zod';

export const STUDY_PHASES = ['Phase I', 'Phase II', 'Phase III', 'Phase IV'] as const;
/** A CTMS trial is a study, so the study status list is the union of both screens' lists. */
export const STUDY_STATUSES = ['planning', 'enrolling', 'active', 'completed', 'suspended', 'on-hold'] as const;
export const SITE_STATUSES = ['active', 'pending', 'inactive', 'suspended'] as const;
export const PATIENT_STATUSES = ['screening', 'enrolled', 'completed', 'withdrawn'] as const;
export const FORM_STATUSES = ['active', 'draft', 'archived'] as const;
export const FORM_CATEGORIES = ['Baseline', 'Visit', 'Safety', 'Lab', 'Medication', 'PRO'] as const;
export const QUERY_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export const QUERY_PRIORITIES = ['high', 'medium', 'low'] as const;
export const QUERY_TYPES = ['range_check', 'missing_data', 'consistency_check'] as const;
export const AUDIT_ACTIONS_WITH_ICON = ['data_modified', 'form_submitted', 'query_raised'] as const;
export const DOCUMENT_STATUSES = ['approved', 'current', 'draft', 'expired'] as const;
export const DOCUMENT_REVIEW_STATUSES = ['complete', 'pending', 'in-review'] as const;
export const SUBMISSION_STATUSES = ['approved', 'submitted', 'draft', 'rejected', 'pending'] as const;
export const SUBMISSION_PRIORITIES = ['urgent', 'expedited', 'standard'] as const;
export const MILESTONE_STATUSES = ['completed', 'pending', 'overdue', 'current'] as const;
export const VISIT_STATUSES = ['completed', 'pending', 'missed', 'warning', 'scheduled'] as const;
export const DOMAIN_TYPES = ['SDTM', 'CDASH', 'ADaM'] as const;
export const ALERT_TYPES = ['warning', 'success', 'info'] as const;
export const SEXES = ['F', 'M', 'U'] as const;
export const ORGANISATION_TYPES = ['Pharmaceutical', 'Biotechnology', 'Academic', 'Government', 'CRO', 'Medical Device'] as const;
export const BUDGET_CATEGORIES = [
  'Site payments',
  'Monitoring',
  'Data management',
  'Laboratory',
  'Investigational product',
  'Regulatory',
  'Project management',
] as const;
/** A study's blinding (CDISC TBLIND); single- and double-blind studies hide subjects' arms from blinded roles. */
export const STUDY_BLINDINGS = ['open_label', 'single_blind', 'double_blind'] as const;
export const DEVIATION_SEVERITIES = ['minor', 'major', 'critical'] as const;

export const studyPhase = z.enum(STUDY_PHASES);
export const studyStatus = z.enum(STUDY_STATUSES);
export const studyBlinding = z.enum(STUDY_BLINDINGS);
export const siteStatus = z.enum(SITE_STATUSES);
export const patientStatus = z.enum(PATIENT_STATUSES);
export const milestoneStatus = z.enum(MILESTONE_STATUSES);
export const alertType = z.enum(ALERT_TYPES);
export const sex = z.enum(SEXES);

export type StudyPhase = z.infer<typeof studyPhase>;
export type StudyStatus = z.infer<typeof studyStatus>;
export type StudyBlinding = z.infer<typeof studyBlinding>;
export type SiteStatus = z.infer<typeof siteStatus>;
export type PatientStatus = z.infer<typeof patientStatus>;
export type MilestoneStatus = z.infer<typeof milestoneStatus>;
export type AlertType = z.infer<typeof alertType>;

/**
 * Allowed patient status changes. The spec shows none; a clinical subject moves forward only:
 * screening -> enrolled | withdrawn, enrolled -> completed | withdrawn. Completed and withdrawn are final.
 */
export const PATIENT_TRANSITIONS: Record<PatientStatus, readonly PatientStatus[]> = {
  screening: ['enrolled', 'withdrawn'],
  enrolled: ['completed', 'withdrawn'],
  completed: [],
  withdrawn: [],
};

export function canTransitionPatient(from: PatientStatus, to: PatientStatus): boolean {
  return PATIENT_TRANSITIONS[from].includes(to);
}

/** Study statuses in which a trial counts as active on the CTMS screen. */
export const ACTIVE_TRIAL_STATUSES: readonly StudyStatus[] = ['active', 'enrolling'];
