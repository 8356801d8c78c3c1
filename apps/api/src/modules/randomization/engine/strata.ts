// Strata: the cartesian product of the stratification factors' levels; without factors, one stratum.
import type { Factor, SubjectLevels } from './types.ts';

export const SINGLE_STRATUM = '*';

/** A stable key for a subject's stratum, e.g. "site=S01|sex=F". */
export function stratumKey(factors: readonly Factor[], levels: SubjectLevels): string {
  if (factors.length === 0) return SINGLE_STRATUM;
  return factors
    .map((f) => {
      const level = levels[f.key];
      if (level === undefined || !f.levels.includes(level)) throw new Error(`Level of ${f.key} is not one of its levels`);
      return `${f.key}=${level}`;
    })
    .join('|');
}

/** Every stratum as its levels, in the factors' order. */
export function allStrata(factors: readonly Factor[]): SubjectLevels[] {
  let strata: SubjectLevels[] = [{}];
  for (const factor of factors) {
    strata = strata.flatMap((s) => factor.levels.map((level) => ({ ...s, [factor.key]: level })));
  }
  return strata;
}

export function assertFactors(factors: readonly Factor[]): void {
  const keys = new Set<string>();
  for (const f of factors) {
    if (keys.has(f.key)) throw new Error(`Factor ${f.key} appears twice`);
    keys.add(f.key);
    if (f.levels.length < 2) throw new Error(`Factor ${f.key} needs at least two levels`);
    if (new Set(f.levels).size !== f.levels.length) throw new Error(`Factor ${f.key} has a repeated level`);
  }
}
