// Data import (issue 33): a file of clinical data (ODM 1.3.2 ClinicalData or a REDCap flat CSV) loaded into a
// study's subjects, visits and forms; always a dry run first, then the import with a reason.
import { z } from 'zod';
import { text } from './input.ts';
import { id } from './common.ts';

export const DATA_IMPORT_FIELD = 'file';
export const DATA_IMPORT_MODES = ['dry-run', 'import'] as const;
export const IMPORT_OUTCOMES = ['created', 'changed', 'unchanged', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
/** Rows of the report sent back (the counts cover every row). */
export const MAX_IMPORT_REPORT_ROWS = 2000;

export const dataImportInput = z
  .object({
    studyId: id,
    mode: z.enum(DATA_IMPORT_MODES),
    reason: text('reason').optional(),
  })
  .refine((v) => v.mode === 'dry-run' || (v.reason ?? '').length >= 3, { path: ['reason'], message: 'Give a reason for the change' });
export type DataImportInput = z.infer<typeof dataImportInput>;

export interface ImportReportRow {
  origin: string;
  subject: string;
  visit: string | null;
  form: string | null;
  outcome: ImportOutcome;
  /** Why a row was refused (or what an accepted one raised), in English. */
  reasons: string[];
}

export interface ImportReport {
  dryRun: boolean;
  importId: number | null;
  format: 'odm' | 'redcap-csv';
  fileName: string;
  sha256: string;
  subjects: number;
  counts: Record<ImportOutcome, number>;
  queriesRaised: number;
  rows: ImportReportRow[];
  /** True when more rows were read than the report lists. */
  truncated: boolean;
}
