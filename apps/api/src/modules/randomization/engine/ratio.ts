// Allocation ratios: counts are compared after dividing by each arm's weight, so 2:1 with 4 and 2
// subjects is balanced.
import type { ArmRatio } from './types.ts';

export function ratioSum(arms: readonly ArmRatio[]): number {
  return arms.reduce((sum, arm) => sum + arm.ratio, 0);
}

export function assertArms(arms: readonly ArmRatio[]): void {
  if (arms.length < 2) throw new Error('A scheme needs at least two arms');
  for (const arm of arms) {
    if (!Number.isInteger(arm.ratio) || arm.ratio < 1) throw new Error(`Arm ${arm.code}: the ratio must be a positive whole number`);
  }
  if (new Set(arms.map((a) => a.code)).size !== arms.length) throw new Error('Arm codes must be unique');
}

/** Imbalance of counts (indexed like arms): the spread of ratio-adjusted counts (for 1:1, |nA − nB|). */
export function rangeImbalance(counts: readonly number[], ratios: readonly number[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < counts.length; i++) {
    const adjusted = counts[i]! / ratios[i]!;
    if (adjusted < min) min = adjusted;
    if (adjusted > max) max = adjusted;
  }
  return max - min;
}

/** Population variance of ratio-adjusted counts. */
export function varianceImbalance(counts: readonly number[], ratios: readonly number[]): number {
  const adjusted = counts.map((c, i) => c / ratios[i]!);
  const mean = adjusted.reduce((a, b) => a + b, 0) / adjusted.length;
  return adjusted.reduce((s, x) => s + (x - mean) ** 2, 0) / adjusted.length;
}
