// The simulator: N seeded simulated trials of a scheme. Each simulated subject's level of each factor
// is drawn from the expected proportions (factors independent); the subject is allocated by the
// scheme; at the end of each trial the imbalance (spread of ratio-adjusted arm counts) is measured
// overall, per factor level and per stratum, and the guesser's score (predictability.ts) is kept.
// Simulations use their own seed, never the production list's.
import { BlockSource } from './blocks.ts';
import { histogram, summarize, type Distribution, type HistogramBar } from './distribution.ts';
import { Minimizer } from './minimization.ts';
import { ConvergenceGuesser, guessCredit } from './predictability.ts';
import { RandomStream, deriveSeed } from './random-stream.ts';
import { rangeImbalance } from './ratio.ts';
import { allStrata, stratumKey } from './strata.ts';
import type { EngineScheme, SubjectLevels } from './types.ts';

export interface SimulationInput {
  scheme: EngineScheme;
  seed: Buffer;
  trials: number;
  enrollment: number;
  /** Expected share of each level, per factor key, in the levels' order (relative weights). */
  proportions: Record<string, readonly number[]>;
}

export interface SimulationReport {
  trials: number;
  enrollment: number;
  method: EngineScheme['method'];
  arms: string[];
  total: Distribution;
  histogram: HistogramBar[];
  factorLevels: Array<{ factor: string; level: string } & Distribution>;
  strata: Array<{ stratum: string } & Distribution>;
  /** The largest imbalance seen: at the end of any trial, and at any moment during one. */
  largestImbalance: { final: number; duringTrial: number };
  predictability: { mean: number; min: number; max: number };
  /** Mean share of subjects per arm. */
  armShares: Array<{ arm: string; share: number }>;
}

export function simulate(input: SimulationInput): SimulationReport {
  const { scheme, trials, enrollment } = input;
  const codes = scheme.arms.map((a) => a.code);
  const ratios = scheme.arms.map((a) => a.ratio);
  const strata = allStrata(scheme.factors).map((levels) => stratumKey(scheme.factors, levels));
  const levelRefs = scheme.factors.flatMap((f) => f.levels.map((level) => ({ factor: f.key, level })));
  const cumulative = scheme.factors.map((f) => cumulativeShares(f.key, f.levels.length, input.proportions[f.key]));

  const totals: number[] = [];
  const perLevel = levelRefs.map(() => [] as number[]);
  const perStratum = strata.map(() => [] as number[]);
  const predictabilities: number[] = [];
  const armTotals = codes.map(() => 0);
  let during = 0;

  for (let t = 0; t < trials; t++) {
    const rng = new RandomStream(deriveSeed(input.seed, `simulation:${t}`));
    const total = codes.map(() => 0);
    const byLevel = levelRefs.map(() => codes.map(() => 0));
    const byStratum = new Map<string, number[]>(strata.map((s) => [s, codes.map(() => 0)]));
    let credit = 0;
    const allocate = allocator(scheme, rng, codes, ratios);

    for (let s = 0; s < enrollment; s++) {
      const levels: SubjectLevels = {};
      scheme.factors.forEach((f, i) => (levels[f.key] = f.levels[drawLevel(rng, cumulative[i]!)]!));
      const stratum = stratumKey(scheme.factors, levels);
      const { arm, credit: c } = allocate(levels, stratum);
      credit += c;
      const a = codes.indexOf(arm);
      total[a]!++;
      byStratum.get(stratum)![a]!++;
      levelRefs.forEach((ref, i) => {
        if (levels[ref.factor] === ref.level) byLevel[i]![a]!++;
      });
      during = Math.max(during, rangeImbalance(total, ratios));
    }

    totals.push(rangeImbalance(total, ratios));
    byLevel.forEach((counts, i) => perLevel[i]!.push(rangeImbalance(counts, ratios)));
    strata.forEach((s, i) => perStratum[i]!.push(rangeImbalance(byStratum.get(s)!, ratios)));
    predictabilities.push(enrollment === 0 ? 0 : credit / enrollment);
    total.forEach((n, i) => (armTotals[i]! += n));
  }

  const totalSummary = summarize(totals);
  const predictability = summarize(predictabilities);
  return {
    trials,
    enrollment,
    method: scheme.method,
    arms: codes,
    total: totalSummary,
    histogram: histogram(totals),
    factorLevels: levelRefs.map((ref, i) => ({ ...ref, ...summarize(perLevel[i]!) })),
    strata: strata.map((stratum, i) => ({ stratum, ...summarize(perStratum[i]!) })),
    largestImbalance: { final: totalSummary.max, duringTrial: Math.round(during * 1000) / 1000 },
    predictability: { mean: predictability.mean, min: Math.min(...predictabilities), max: predictability.max },
    armShares: codes.map((arm, i) => ({ arm, share: Math.round((armTotals[i]! / Math.max(1, trials * enrollment)) * 1000) / 1000 })),
  };
}

/** The scheme's allocation for one simulated trial, with the guesser's credit for each subject:
 *  for blocks, the convergence guess within the subject's stratum list; for minimization, a guess of
 *  the arm(s) that minimize the imbalance (the ratio-adjusted "fewest so far" in the subject's margins). */
function allocator(scheme: EngineScheme, rng: RandomStream, codes: string[], ratios: number[]) {
  if (scheme.method === 'minimization') {
    const minimizer = new Minimizer(scheme.arms, scheme.factors, scheme, rng);
    return (levels: SubjectLevels) => {
      const choice = minimizer.allocate(levels);
      return { arm: choice.arm, credit: guessCredit(choice.preferred, choice.arm) };
    };
  }
  const sources = new Map<string, { source: BlockSource; guesser: ConvergenceGuesser }>();
  return (_levels: SubjectLevels, stratum: string) => {
    let entry = sources.get(stratum);
    if (!entry) {
      entry = { source: new BlockSource(scheme.arms, scheme.blockSizes, rng), guesser: new ConvergenceGuesser(codes, ratios) };
      sources.set(stratum, entry);
    }
    const arm = entry.source.next().arm;
    const before = entry.guesser.score.credit;
    entry.guesser.observe(arm);
    return { arm, credit: entry.guesser.score.credit - before };
  };
}

function cumulativeShares(key: string, levels: number, shares: readonly number[] | undefined): number[] {
  const weights = shares ?? Array.from({ length: levels }, () => 1);
  if (weights.length !== levels) throw new Error(`Factor ${key}: one proportion per level is needed`);
  if (weights.some((w) => !(w >= 0)) || weights.every((w) => w === 0)) throw new Error(`Factor ${key}: proportions must be positive`);
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  return weights.map((w) => (acc += w / sum));
}

function drawLevel(rng: RandomStream, cumulative: readonly number[]): number {
  const u = rng.float();
  const i = cumulative.findIndex((c) => u < c);
  return i < 0 ? cumulative.length - 1 : i;
}
