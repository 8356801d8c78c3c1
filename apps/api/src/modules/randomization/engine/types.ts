// The scheme as the engine sees it: plain data, no database.

export interface ArmRatio {
  code: string;
  /** Allocation ratio weight, a positive integer (2:1 → 2 and 1). */
  ratio: number;
}

export interface Factor {
  key: string;
  levels: readonly string[];
}

export interface MinimizationSettings {
  /** One weight per factor key (default 1). */
  weights: Record<string, number>;
  measure: 'range' | 'variance';
  /** Probability of taking the arm that minimizes the imbalance (0.5 < p ≤ 1). */
  probability: number;
  /** The first subjects are allocated by simple (ratio-weighted) randomization. */
  initialRandom: number;
}

export type SchemeMethod =
  | { method: 'blocks'; blockSizes: readonly number[] }
  | ({ method: 'minimization' } & MinimizationSettings);

export type EngineScheme = SchemeMethod & { arms: readonly ArmRatio[]; factors: readonly Factor[] };

/** A subject's level for each factor key. */
export type SubjectLevels = Record<string, string>;
