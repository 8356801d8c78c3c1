// Minimization (Pocock–Simon). For each candidate arm, the imbalance the new subject would cause in
// each of its factor levels (counts divided by the arms' ratio weights, measured by range or variance)
// is summed with the factors' weights; the arm with the smallest total is taken with probability p,
// another arm otherwise (ratio-weighted). Ties between arms are broken at random, and the first
// subjects are allocated by simple randomization.
import type { RandomStream } from './random-stream.ts';
import { rangeImbalance, varianceImbalance } from './ratio.ts';
import type { ArmRatio, Factor, MinimizationSettings, SubjectLevels } from './types.ts';

export interface MinimizationChoice {
  arm: string;
  /** Arms whose total imbalance is the smallest (the ones a guesser who knows the margins would pick). */
  preferred: string[];
  /** How the arm was chosen: simple randomization (first subjects or a full tie) or the biased coin. */
  how: 'initial' | 'tie' | 'followed' | 'against';
}

export class Minimizer {
  /** counts[factor][level][arm] */
  private readonly counts: number[][][];
  private readonly ratios: number[];
  private allocated = 0;

  constructor(
    private readonly arms: readonly ArmRatio[],
    private readonly factors: readonly Factor[],
    private readonly settings: MinimizationSettings,
    private readonly rng: RandomStream,
  ) {
    if (!(settings.probability > 0 && settings.probability <= 1)) throw new Error('The biased-coin probability must be in (0, 1]');
    this.ratios = arms.map((a) => a.ratio);
    this.counts = factors.map((f) => f.levels.map(() => arms.map(() => 0)));
  }

  /** Total weighted imbalance for each candidate arm if the subject went there. */
  scores(levels: SubjectLevels): number[] {
    const measure = this.settings.measure === 'variance' ? varianceImbalance : rangeImbalance;
    const levelIndex = this.levelIndexes(levels);
    return this.arms.map((_, candidate) => {
      let total = 0;
      this.factors.forEach((factor, f) => {
        const counts = [...this.counts[f]![levelIndex[f]!]!];
        counts[candidate]!++;
        total += (this.settings.weights[factor.key] ?? 1) * measure(counts, this.ratios);
      });
      return total;
    });
  }

  allocate(levels: SubjectLevels): MinimizationChoice {
    const scores = this.scores(levels);
    const best = Math.min(...scores);
    const preferredIdx = scores.flatMap((s, i) => (Math.abs(s - best) < 1e-9 ? [i] : []));
    const preferred = preferredIdx.map((i) => this.arms[i]!.code);
    let chosen: number;
    let how: MinimizationChoice['how'];
    if (this.allocated < this.settings.initialRandom) {
      chosen = this.rng.weighted(this.ratios);
      how = 'initial';
    } else if (preferredIdx.length === this.arms.length) {
      chosen = this.rng.weighted(this.ratios);
      how = 'tie';
    } else if (this.rng.float() < this.settings.probability) {
      chosen = preferredIdx[this.rng.weighted(preferredIdx.map((i) => this.ratios[i]!))]!;
      how = 'followed';
    } else {
      const others = this.arms.map((_, i) => i).filter((i) => !preferredIdx.includes(i));
      chosen = others[this.rng.weighted(others.map((i) => this.ratios[i]!))]!;
      how = 'against';
    }
    this.record(levels, chosen);
    return { arm: this.arms[chosen]!.code, preferred, how };
  }

  /** Records a subject allocated earlier (its levels and arm), rebuilding the counts from stored allocations. */
  replay(levels: SubjectLevels, armCode: string): void {
    const arm = this.arms.findIndex((a) => a.code === armCode);
    if (arm < 0) throw new Error('An earlier allocation names an arm that is not in the scheme');
    this.record(levels, arm);
  }

  /** Counts of one factor level, indexed like the arms. */
  levelCounts(factorKey: string, level: string): number[] {
    const f = this.factors.findIndex((x) => x.key === factorKey);
    const l = this.factors[f]!.levels.indexOf(level);
    return [...this.counts[f]![l]!];
  }

  private record(levels: SubjectLevels, arm: number): void {
    this.levelIndexes(levels).forEach((l, f) => this.counts[f]![l]![arm]!++);
    this.allocated++;
  }

  private levelIndexes(levels: SubjectLevels): number[] {
    return this.factors.map((factor) => {
      const l = factor.levels.indexOf(levels[factor.key] ?? '');
      if (l < 0) throw new Error(`Level of ${factor.key} is not one of its levels`);
      return l;
    });
  }
}
