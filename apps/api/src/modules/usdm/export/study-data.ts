// A study as the USDM export reads it from the database (load.ts) and writes it (build.ts).
import type { StudyPhase } from '@ctp/contracts';
import type { Level } from '../codes.ts';

export interface ExportStudy {
  study: {
    code: string;
    title: string;
    description: string | null;
    phase: StudyPhase;
    therapeuticArea: string | null;
    targetEnrollment: number;
    sponsorName: string | null;
  };
  elements: { code: string; name: string; startRule: string; endRule: string | null }[];
  arms: { code: string; name: string; description: string | null; steps: { elementCode: string; epoch: string }[] }[];
  /** In schedule order. */
  visits: { code: string; name: string; dayOffset: number; windowBefore: number; windowAfter: number }[];
  forms: { name: string; description: string | null; libraryDomain: string | null; fieldCodes: string[]; visitCodes: string[] }[];
  criteria: { kind: 'inclusion' | 'exclusion'; code: string; text: string }[];
  objectives: { level: Level; text: string; endpoints: { level: Level; text: string; purpose: string | null }[] }[];
}
