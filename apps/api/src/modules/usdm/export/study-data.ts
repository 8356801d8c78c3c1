// A study as the USDM export reads it from the database (load.ts) and writes it (build.ts).
import type { StudyPhase } from '@ctp/contracts';
import type { Level } from '../codes.ts';

/** Notes travel as USDM CommentAnnotations on their object (the protocol analysis keeps its evidence there). */
type Noted = { notes?: string[] };

export interface ExportStudy {
  study: {
    code: string;
    title: string;
    description: string | null;
    /** Null where unknown (a protocol analysis does not read the phase). */
    phase: StudyPhase | null;
    therapeuticArea: string | null;
    targetEnrollment: number | null;
    sponsorName: string | null;
  } & Noted;
  elements: { code: string; name: string; startRule: string; endRule: string | null }[];
  arms: { code: string; name: string; description: string | null; steps: { elementCode: string; epoch: string }[] }[];
  /** In schedule order. */
  visits: ({ code: string; name: string; dayOffset: number; windowBefore: number; windowAfter: number } & Noted)[];
  forms: ({ name: string; description: string | null; libraryDomain: string | null; fieldCodes: string[]; visitCodes: string[] } & Noted)[];
  criteria: ({ kind: 'inclusion' | 'exclusion'; code: string; text: string } & Noted)[];
  objectives: ({ level: Level; text: string; endpoints: ({ level: Level; text: string; purpose: string | null } & Noted)[] } & Noted)[];
}
