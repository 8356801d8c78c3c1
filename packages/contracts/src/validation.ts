// SDTM validation (the Validation tab of /cdisc-standards): validation.run validates a study's latest
// finished SDTM run with CDISC CORE rules (each finding carries its CORE id) and the product's own checks
// (the spec's MISSING_REQUIRED_DOMAIN, DATA_TYPE_MISMATCH, CONTROLLED_TERMINOLOGY, ...); validation.latest
// reads the study's newest result with a page of its errors and warnings.
import { z } from 'zod';
import { id } from './common.ts';
import { listOffset } from './input.ts';

export const validationRunInput = z.object({ studyId: id });
export const validationJobInput = z.object({ studyId: id });
export const validationLatestInput = z.object({
  studyId: id,
  limit: z.coerce.number().int('Use a whole number').min(1).max(200).default(25),
  errorsOffset: listOffset.default(0),
  warningsOffset: listOffset.default(0),
});
export type ValidationLatestInput = z.input<typeof validationLatestInput>;

export type ValidationSeverity = 'high' | 'medium' | 'low';

export interface ValidationFinding {
  id: number;
  coreId: string | null;
  type: string;
  severity: ValidationSeverity;
  message: string;
  dataset: string;
  variable: string | null;
  record: number | null;
  recommendation: string | null;
}

/** The study's newest validation run as a job: running with its progress and step, done, or failed. */
export interface ValidationJob {
  id: number;
  sdtmRunId: number;
  status: 'running' | 'done' | 'failed';
  progress: number;
  step: string | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface ValidationResult {
  id: number;
  sdtmRunId: number;
  isValid: boolean;
  ranAt: string;
  runBy: number;
  counts: { errors: number; warnings: number; checkedRules: number; failedRules: number; recordsChecked: number; datasets: number };
  /** 0 to 100, one decimal. */
  score: number;
  formula: string;
  errors: { items: ValidationFinding[]; total: number; offset: number; limit: number };
  warnings: { items: ValidationFinding[]; total: number; offset: number; limit: number };
}
