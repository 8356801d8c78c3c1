// Validating an uploaded SDTM package with CDISC's CORE rules (the Validation tab's "Validate a package";
// POST /api/cdisc/core-validations, multipart files): the package (a zip, or several XPT, Dataset-JSON or
// CSV files with an optional define.xml) is checked and validated as a background job; the report lists
// each rule's outcome (run with its findings, or not run with the reason) and the findings, filtered by
// severity, dataset (domain) and rule, paged on the server, and downloads as CSV or Excel.
import { z } from 'zod';
import { id } from './common.ts';
import { listOffset, text } from './input.ts';

/** The multipart field of the package's files. */
export const CORE_PACKAGE_UPLOAD_FIELD = 'files';
/** At most this many files in one upload (a zip counts as one). */
export const CORE_PACKAGE_MAX_FILES = 60;

export const coreSeverities = ['error', 'warning'] as const;
export type CoreSeverity = (typeof coreSeverities)[number];

export const corePackageStudyInput = z.object({ studyId: id });
export const corePackageValidationInput = z.object({ validationId: id });

const filters = {
  severity: z.enum(coreSeverities).optional(),
  /** A dataset name (AE, SUPPAE) or a package file's name for a finding of the package. */
  dataset: text('name').optional(),
  coreId: z.string().regex(/^CORE-\d{6}$/, 'A CORE id: CORE-000001').optional(),
};

export const corePackageFindingsInput = z.object({
  validationId: id,
  ...filters,
  limit: z.coerce.number().int('Use a whole number').min(1).max(200).default(25),
  offset: listOffset.default(0),
});
export type CorePackageFindingsInput = z.input<typeof corePackageFindingsInput>;

export const corePackageRulesInput = z.object({
  validationId: id,
  severity: filters.severity,
  coreId: filters.coreId,
  status: z.enum(['run', 'not run']).optional(),
  /** Only rules with findings. */
  withFindings: z.coerce.boolean().optional(),
  limit: z.coerce.number().int('Use a whole number').min(1).max(200).default(25),
  offset: listOffset.default(0),
});
export type CorePackageRulesInput = z.input<typeof corePackageRulesInput>;

export interface CorePackageFile {
  name: string;
  size: number;
}

export interface CorePackageValidation {
  id: number;
  studyId: number;
  packageName: string;
  files: CorePackageFile[];
  defineFile: string | null;
  status: 'running' | 'done' | 'failed';
  progress: number;
  step: string | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
  runBy: number;
  counts: { datasets: number; recordsChecked: number; rulesRun: number; rulesNotRun: number; findings: number };
  /** The datasets (domains) and rules that have findings, for the report's filters. */
  datasets: string[];
  rulesWithFindings: string[];
}

export interface CoreCitation {
  document: string;
  section: string;
  item: string;
  guidance: string;
}

export interface CoreRuleOutcome {
  coreId: string;
  status: 'run' | 'not run';
  reason: string | null;
  severity: CoreSeverity;
  findings: number;
  description: string;
  message: string;
  ruleType: string;
  executability: string;
  /** CDISC's conformance rule ids (CG0151, ...) and the guidance they cite. */
  authorityIds: string[];
  citations: CoreCitation[];
}

export interface CorePackageFinding {
  id: number;
  /** Null for a finding of the package itself (a file that cannot be read). */
  coreId: string | null;
  severity: CoreSeverity;
  dataset: string;
  record: number | null;
  variable: string | null;
  value: string | null;
  message: string;
}

export interface CorePage<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}
