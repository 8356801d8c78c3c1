// The CORE rule language as CDISC's engine exports it (its rules cache; reference/core-rules/README.md),
// and the data a rule reads: a study's datasets as rows of named values.
import type { MatchDataset } from './match-datasets.ts';

export type Cell = string | number | null;
/** A value an operation derives (a study's domains, a subject's distinct visits, a record count). */
export type Derived = Cell | Cell[];

export interface CoreCheck {
  name: string;
  operator: string;
  value: {
    target: string;
    comparator: unknown;
    value_is_literal?: boolean;
    value_is_reference?: boolean;
    type_insensitive?: boolean;
    prefix?: number;
    suffix?: number;
    within?: string;
    regex?: string;
    negative?: boolean;
    ordering?: string;
    date_component?: string;
  };
}
export type CoreCondition = CoreCheck | { all: CoreCondition[] } | { any: CoreCondition[] } | { not: CoreCondition };

export interface CoreOperation {
  id: string;
  operator: string;
  name?: string;
  domain?: string;
  group?: string[];
  group_aliases?: string[];
  filter?: Record<string, string>;
  value_is_reference?: boolean;
}

export interface CoreRule {
  core_id: string;
  rule_type: string;
  description?: string;
  sensitivity: 'Record' | 'Dataset' | 'Group' | null;
  executability?: string;
  classes: { Include?: string[]; Exclude?: string[] } | null;
  domains: { Include?: string[]; Exclude?: string[] } | null;
  conditions: CoreCondition;
  operations: CoreOperation[] | null;
  output_variables: string[] | null;
  /** Match Datasets: other datasets joined to the one checked (match-datasets.ts). */
  datasets?: MatchDataset[] | null;
  actions: { name: string; params: { message: string } }[];
}

export interface StudyVariable {
  name: string;
  label: string;
  type: 'Char' | 'Num';
  length: number;
}

export interface StudyDataset {
  /** The dataset's name as submitted (AE, SUPPAE, ...), upper case. */
  name: string;
  label: string;
  /** Its observation class from the SDTMIG (upper case, e.g. EVENTS), null when the IG does not define it. */
  className: string | null;
  variables: StudyVariable[];
  rows: Record<string, Cell>[];
  /** The file it came from (reported by domain presence checks, as the engine does). */
  fileName?: string;
  /** Its records joined with their parents through RDOMAIN / IDVAR / IDVARVAL (relationships/parent-join.ts). */
  relationshipsJoined?: boolean;
}

/** One reported value, as CDISC's engine writes its results: dataset, record (1-based; null for the dataset), variable, value. */
export interface CoreFinding {
  coreId: string;
  dataset: string;
  record: number | null;
  variable: string;
  value: Cell;
  message: string;
}

export type RuleOutcome =
  | { status: 'run'; findings: CoreFinding[] }
  | { status: 'not run'; reason: string };
