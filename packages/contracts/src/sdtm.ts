// SDTM generation (the SDTM Export tab of /cdisc-standards; POST /api/cdisc/export-sdtm): a run per study
// builds the SDTM datasets from the submitted data and the approved mappings, stores each as XPT, CSV and
// Dataset-JSON 1.1, and keeps the run with its time, progress and record counts.
import { z } from 'zod';
import { id } from './common.ts';
import { listOffset } from './input.ts';

/** A dataset name: SDTM domain codes and SUPP-- names (2 to 8 characters, capitals and digits). */
export const sdtmDomainCode = z.string().trim().toUpperCase().regex(/^[A-Z][A-Z0-9]{1,7}$/, 'Use an SDTM dataset name such as AE or SUPPDM');

/** How the XPT files' text is written. XPT v5 cannot declare an encoding, so the run records it (and
 *  define.xml says it): ascii (the default) transliterates every non-ASCII character (é -> e) and reports
 *  each changed value; latin1 and windows-1252 write what the code page holds, one byte a character, and
 *  transliterate (and report) the rest; utf8 writes the text as it is, only when asked for. */
export const SDTM_ENCODINGS = ['ascii', 'latin1', 'windows-1252', 'utf8'] as const;
export type SdtmEncoding = (typeof SDTM_ENCODINGS)[number];
export const SDTM_ENCODING_LABELS: Record<SdtmEncoding, string> = {
  ascii: 'ASCII (transliterated)',
  latin1: 'Latin-1 (ISO 8859-1)',
  'windows-1252': 'Windows-1252',
  utf8: 'UTF-8',
};
export const sdtmEncoding = z.enum(SDTM_ENCODINGS, { error: 'Use ascii, latin1, windows-1252 or utf8' });

export const sdtmExportInput = z.object({ studyId: id, encoding: sdtmEncoding.default('ascii') });
export type SdtmExportInput = z.input<typeof sdtmExportInput>;
export const sdtmEncodingReportInput = z.object({ runId: id });

/** A value the run's encoding changed: where it is, never what it was. */
export interface SdtmEncodingChange {
  dataset: string;
  variable: string;
  /** The record's position in the dataset (1 = the first row of the XPT). */
  record: number;
  /** The subject's USUBJID, when the record has one. */
  usubjid: string | null;
  /** transliterated: non-ASCII characters written as ASCII; not representable: characters the code page
   *  lacks, transliterated. */
  change: 'transliterated' | 'not representable';
  /** How many characters were replaced. */
  characters: number;
}
export interface SdtmEncodingReport {
  runId: number;
  encoding: SdtmEncoding;
  /** Every changed value's count (the list may stop at its limit). */
  total: number;
  changes: SdtmEncodingChange[];
}
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
  /** How the run's XPT files encode text. */
  encoding: SdtmEncoding;
  /** Values the encoding changed (transliterated); the list is sdtm.encodingReport. */
  encodingChanges: number;
  /** Generated for a reader who does not see the subjects' arms: DM's ARM, ARMCD, ACTARM and ACTARMCD are blank. */
  blinded: boolean;
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
