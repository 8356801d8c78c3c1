// SDTM generation (the SDTM Export tab of /cdisc-standards; POST /api/cdisc/export-sdtm): a run per study
// builds the SDTM datasets from the submitted data and the approved mappings, stores each as XPT, CSV and
// Dataset-JSON 1.1, and keeps the run with its time, progress and record counts.
import { z } from 'zod';
import { id } from './common.ts';
import { listOffset } from './input.ts';

/** A dataset name: SDTM domain codes and SUPP-- names (2 to 8 characters, capitals and digits). */
export const sdtmDomainCode = z.string().trim().toUpperCase().regex(/^[A-Z][A-Z0-9]{1,7}$/, 'Use an SDTM dataset name such as AE or SUPPDM');

export const sdtmExportInput = z.object({ studyId: id });
export const sdtmRunInput = z.object({ studyId: id });
export const sdtmPreviewInput = z.object({
  runId: id,
  domain: sdtmDomainCode,
  offset: listOffset.default(0),
  limit: z.coerce.number().int('Use a whole number').min(1).max(200).default(25),
});
export type SdtmPreviewInput = z.input<typeof sdtmPreviewInput>;

export const SDTM_RUN_STATUSES = ['running', 'done', 'failed'] as const;
export type SdtmRunStatus = (typeof SDTM_RUN_STATUSES)[number];
export const SDTM_FILE_FORMATS = ['xpt', 'csv', 'json'] as const;
export type SdtmFileFormat = (typeof SDTM_FILE_FORMATS)[number];

export interface SdtmVariable {
  name: string;
  label: string;
  type: 'Char' | 'Num';
  length: number;
}

export interface SdtmDataset {
  domain: string;
  label: string;
  records: number;
  variables: SdtmVariable[];
  generatedAt: string;
}

export interface SdtmRun {
  id: number;
  studyId: number;
  status: SdtmRunStatus;
  progress: number;
  step: string | null;
  startedBy: number;
  startedAt: string;
  finishedAt: string | null;
  /** Why a failed run failed (never clinical values). */
  error: string | null;
  /** Datasets skipped and why, values that could not be mapped (no clinical values). */
  notes: string[];
  /** The SDTMIG the run was generated against, e.g. "SDTMIG 3.4" (null: none was loaded). */
  standard: string | null;
  datasets: SdtmDataset[];
}

export interface SdtmPreviewPage {
  domain: string;
  columns: SdtmVariable[];
  rows: (string | number | null)[][];
  total: number;
  offset: number;
  limit: number;
}
