// USDM controlled terms this product reads and writes (NCI C-codes from USDM_CT.xlsx / CDISC CT).
import type { StudyPhase } from '@ctp/contracts';

export const PHASES: Record<StudyPhase, { code: string; decode: string }> = {
  'Phase I': { code: 'C15600', decode: 'Phase I Trial' },
  'Phase II': { code: 'C15601', decode: 'Phase II Trial' },
  'Phase III': { code: 'C15602', decode: 'Phase III Trial' },
  'Phase IV': { code: 'C15603', decode: 'Phase IV Trial' },
};
export const phaseOfCode = (code: string | undefined): StudyPhase | null =>
  (Object.entries(PHASES).find(([, c]) => c.code === code)?.[0] as StudyPhase | undefined) ?? null;

export const LEVELS = ['primary', 'secondary', 'exploratory', 'other'] as const;
export type Level = (typeof LEVELS)[number];

export const OBJECTIVE_LEVELS: Record<Level, { code: string; decode: string }> = {
  primary: { code: 'C85826', decode: 'Primary Objective' },
  secondary: { code: 'C85827', decode: 'Secondary Objective' },
  exploratory: { code: 'C163559', decode: 'Exploratory Objective' },
  other: { code: 'C85826', decode: 'Primary Objective' },
};
export const ENDPOINT_LEVELS: Record<Level, { code: string; decode: string }> = {
  primary: { code: 'C94496', decode: 'Primary Endpoint' },
  secondary: { code: 'C139173', decode: 'Secondary Endpoint' },
  exploratory: { code: 'C170559', decode: 'Exploratory Endpoint' },
  other: { code: 'C94496', decode: 'Primary Endpoint' },
};
export function levelOf(decode: string): Level {
  const d = decode.toLowerCase();
  return d.includes('primary') ? 'primary' : d.includes('secondary') ? 'secondary' : d.includes('exploratory') ? 'exploratory' : 'other';
}

export const INCLUSION = { code: 'C25532', decode: 'Inclusion Criteria' };
export const EXCLUSION = { code: 'C25370', decode: 'Exclusion Criteria' };
export const TIMING_FIXED = { code: 'C201358', decode: 'Fixed Reference' };
export const TIMING_BEFORE = { code: 'C201357', decode: 'Before' };
export const TIMING_AFTER = { code: 'C201356', decode: 'After' };
export const START_TO_START = { code: 'C201355', decode: 'Start to Start' };
export const ENCOUNTER_VISIT = { code: 'C25716', decode: 'Visit' };
export const OFFICIAL_TITLE = { code: 'C207616', decode: 'Official Study Title' };
export const BRIEF_TITLE = { code: 'C207615', decode: 'Brief Study Title' };
export const SPONSOR_ORG = { code: 'C70793', decode: 'Clinical Study Sponsor' };
export const INTERVENTIONAL = { code: 'C98388', decode: 'Interventional Study' };
export const PARALLEL_MODEL = { code: 'C82639', decode: 'Parallel Study' };
export const TREATMENT_ARM = { code: 'C174266', decode: 'Investigational Arm' };
export const DATA_IN_STUDY = { code: 'C188866', decode: 'Data Generated Within Study' };
export const EPOCH_TYPE = { code: 'C101526', decode: 'Treatment Epoch' };
