// Predictability (engine/predictability.ts) against hand-computed cases, 1:1 convergence guessing:
// - block size 2: first guess is a tie (1/2), the second certain (1): 3/4 per subject;
// - block size 4: over the 6 equally likely orders AABB, ABAB, ABBA, BAAB, BABA, BBAA the correct
//   guesses are 2.5, 3, 3, 3, 3, 2.5 = 17 of 24, i.e. 17/24 per subject;
// - sizes 2 and 4 drawn with equal probability: (1.5 + 17/6) correct per (2 + 4) subjects = 13/18.
import { describe, expect, it } from 'vitest';
import { RandomStream, blockList, convergenceGuess, sequencePredictability } from '../src/modules/randomization/engine/index.ts';

const codes = ['A', 'B'];
const ratios = [1, 1];

describe('predictability (Blackwell–Hodges convergence guessing)', () => {
  it('counts a tie as 1/k and guesses the arm with the fewest ratio-adjusted allocations', () => {
    expect(convergenceGuess(codes, [0, 0], ratios)).toEqual(['A', 'B']);
    expect(convergenceGuess(codes, [1, 0], ratios)).toEqual(['B']);
    expect(convergenceGuess(codes, [2, 1], [2, 1])).toEqual(['A', 'B']);
    expect(sequencePredictability(codes, ratios, ['A', 'B'])).toBe(0.75);
  });

  it('is exactly 17/24 over the six orders of a block of 4', () => {
    const orders = ['AABB', 'ABAB', 'ABBA', 'BAAB', 'BABA', 'BBAA'];
    const scores = orders.map((o) => sequencePredictability(codes, ratios, o.split('')) * 4);
    expect(scores).toEqual([2.5, 3, 3, 3, 3, 2.5]);
    expect(scores.reduce((a, b) => a + b, 0) / 24).toBeCloseTo(17 / 24, 12);
  });

  it('tends to 3/4, 17/24 and 13/18 on long seeded lists of block sizes 2, 4 and {2, 4}', () => {
    const measure = (sizes: number[], byte: number) =>
      sequencePredictability(codes, ratios, blockList([{ code: 'A', ratio: 1 }, { code: 'B', ratio: 1 }], sizes, 60_000, new RandomStream(Buffer.alloc(32, byte))).map((e) => e.arm));
    expect(measure([2], 1)).toBe(0.75);
    expect(Math.abs(measure([4], 2) - 17 / 24)).toBeLessThan(0.005);
    expect(Math.abs(measure([2, 4], 3) - 13 / 18)).toBeLessThan(0.005);
  });
});
