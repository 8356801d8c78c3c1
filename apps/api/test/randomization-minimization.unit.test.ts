// Minimization (engine/minimization.ts): over a seeded run of 500 subjects the marginal imbalance of
// every factor level stays within a bound (what simple randomization would not achieve), the biased
// coin is followed with probability p (binomial tolerance at a fixed seed), unequal ratios are balanced
// on ratio-adjusted counts, and the first subjects go by simple randomization.
import { describe, expect, it } from 'vitest';
import { Minimizer, RandomStream, rangeImbalance, type Factor } from '../src/modules/randomization/engine/index.ts';

const seed = (byte: number) => Buffer.alloc(32, byte);
const factors: Factor[] = [
  { key: 'site', levels: ['S1', 'S2', 'S3', 'S4'] },
  { key: 'sex', levels: ['F', 'M'] },
  { key: 'age', levels: ['<65', '>=65'] },
];
const settings = { weights: { site: 1, sex: 1, age: 1 }, measure: 'range' as const, probability: 0.8, initialRandom: 4 };

function run(arms: { code: string; ratio: number }[], byte: number, n = 500, measure: 'range' | 'variance' = 'range') {
  const subjects = new RandomStream(seed(byte + 100));
  const minimizer = new Minimizer(arms, factors, { ...settings, measure }, new RandomStream(seed(byte)));
  const choices = Array.from({ length: n }, () => {
    const levels = Object.fromEntries(factors.map((f) => [f.key, f.levels[subjects.int(f.levels.length)]!]));
    return minimizer.allocate(levels);
  });
  const worst = Math.max(...factors.flatMap((f) => f.levels.map((l) => rangeImbalance(minimizer.levelCounts(f.key, l), arms.map((a) => a.ratio)))));
  return { choices, worst };
}

describe('minimization', () => {
  const arms11 = [
    { code: 'A', ratio: 1 },
    { code: 'B', ratio: 1 },
  ];

  it('keeps every factor level within a small imbalance over 500 subjects (range and variance)', () => {
    expect(run(arms11, 1).worst).toBeLessThanOrEqual(6);
    expect(run(arms11, 2, 500, 'variance').worst).toBeLessThanOrEqual(6);
  });

  it('follows the biased coin with probability p', () => {
    const { choices } = run(arms11, 3, 2000);
    const decided = choices.filter((c) => c.how === 'followed' || c.how === 'against');
    const share = decided.filter((c) => c.how === 'followed').length / decided.length;
    const sd = Math.sqrt((0.8 * 0.2) / decided.length);
    expect(decided.length).toBeGreaterThan(1000);
    expect(Math.abs(share - 0.8)).toBeLessThan(4 * sd);
    // "followed" means the arm taken is a minimizing one, "against" that it is not
    for (const c of choices) {
      if (c.how === 'followed') expect(c.preferred).toContain(c.arm);
      if (c.how === 'against') expect(c.preferred).not.toContain(c.arm);
    }
  });

  it('allocates the first subjects by simple randomization', () => {
    const { choices } = run(arms11, 4, 10);
    expect(choices.slice(0, 4).every((c) => c.how === 'initial')).toBe(true);
    expect(choices.slice(4).every((c) => c.how !== 'initial')).toBe(true);
  });

  it('balances an unequal 2:1 ratio on ratio-adjusted counts', () => {
    const arms21 = [
      { code: 'A', ratio: 2 },
      { code: 'B', ratio: 1 },
    ];
    const { choices, worst } = run(arms21, 5, 600);
    const a = choices.filter((c) => c.arm === 'A').length;
    expect(Math.abs(a / 600 - 2 / 3)).toBeLessThan(0.03);
    expect(worst).toBeLessThanOrEqual(6);
  });

  it('is reproducible from its seed', () => {
    expect(run(arms11, 6, 100).choices).toEqual(run(arms11, 6, 100).choices);
    expect(run(arms11, 6, 100).choices).not.toEqual(run(arms11, 7, 100).choices);
  });
});
