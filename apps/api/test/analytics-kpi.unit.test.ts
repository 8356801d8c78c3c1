// The key risk indicators' statistics (apps/api/src/modules/analytics/kpi.ts): exact mid-p z-scores, the
// funnel limits, the overdispersion correction and the ranking score.
import { describe, expect, it } from 'vitest';
import { KRI_LIMITS } from '@ctp/contracts';
import {
  binomialZ,
  evaluateKri,
  levelOf,
  normalQuantile,
  overdispersion,
  performanceScore,
  poissonZ,
  riskScore,
} from '../src/modules/analytics/kpi.ts';

describe('z-scores', () => {
  it('normal quantiles', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361341, 4);
  });

  it('binomial mid-p z: near the normal approximation for large n, signed, 0 at the reference', () => {
    // 130 of 1000 against 10 %: (0.13 - 0.1) / sqrt(0.1 * 0.9 / 1000) = 3.16.
    expect(binomialZ(130, 1000, 0.1)!).toBeGreaterThan(2.9);
    expect(binomialZ(130, 1000, 0.1)!).toBeLessThan(3.3);
    expect(binomialZ(70, 1000, 0.1)!).toBeLessThan(-2.9);
    expect(Math.abs(binomialZ(100, 1000, 0.1)!)).toBeLessThan(0.1);
    // Small counts use the exact tail: 1 of 1 at 2 % is unusual, but not the 7 standard errors the
    // normal approximation would claim.
    const z = binomialZ(1, 1, 0.02)!;
    expect(z).toBeGreaterThan(2);
    expect(z).toBeLessThan(2.6);
    expect(binomialZ(0, 0, 0.1)).toBeNull();
  });

  it('poisson mid-p z', () => {
    // 40 against 25 expected: (40 - 25) / 5 = 3 by the normal approximation.
    expect(poissonZ(40, 25)!).toBeGreaterThan(2.6);
    expect(poissonZ(40, 25)!).toBeLessThan(3.1);
    expect(poissonZ(10, 25)!).toBeLessThan(-2.7);
    expect(poissonZ(0, 0)).toBeNull();
    expect(poissonZ(3_000, 100)).toBe(8);
  });

  it('levels follow the adverse direction and the funnel limits', () => {
    expect(levelOf(2.5, 'higher')).toBe('warning');
    expect(levelOf(3.5, 'higher')).toBe('alert');
    expect(levelOf(-3.5, 'higher')).toBe('within');
    expect(levelOf(-2.5, 'lower')).toBe('warning');
    expect(levelOf(-2.5, 'both')).toBe('warning');
    expect(levelOf(null, 'both')).toBe('no-data');
    expect(KRI_LIMITS.warning).toBe(1.96);
  });
});

describe('indicator evaluation', () => {
  it('flags the one site far from the others and leaves the rest within the limits', () => {
    // Eight sites missing about 5 % of visits; one misses 30 %.
    const sites = [
      ...Array.from({ length: 8 }, (_, i) => ({ numerator: 4 + (i % 3), denominator: 100 })),
      { numerator: 30, denominator: 100 },
    ];
    const r = evaluateKri({ code: 'missingForms', statistic: 'binomial', adverse: 'higher' }, sites);
    expect(r.reference).toBeCloseTo((4 + 5 + 6 + 4 + 5 + 6 + 4 + 5 + 30) / 900, 10);
    expect(r.sites.at(-1)!.level).toBe('alert');
    expect(r.sites.slice(0, 8).every((s) => s.level === 'within')).toBe(true);
    expect(r.sites[0]!.value).toBeCloseTo(0.04, 10);
  });

  it('corrects for overdispersion: sites that all vary widely are not all flagged', () => {
    const zs = [-4, -3, -2, -1, 0, 1, 2, 3, 4, 0.5];
    const phi = overdispersion(zs);
    expect(phi).toBeGreaterThan(1);
    expect(overdispersion([3, 3, 3])).toBe(1); // too few sites to estimate it
    const spread = [20, 45, 80, 110, 140, 60, 95, 30].map((n) => ({ numerator: n, denominator: 100 }));
    const r = evaluateKri({ code: 'queryRate', statistic: 'poisson', adverse: 'higher' }, spread);
    expect(r.phi).toBeGreaterThan(1);
    const flagged = r.sites.filter((s) => s.level !== 'within').length;
    expect(flagged).toBeLessThan(spread.length / 2);
  });

  it('means: a site answering queries much later than the study', () => {
    // Six sites answer in about 5 days (sd 2); one in 12 days, over 20 queries each.
    const site = (mean: number) => ({ numerator: mean * 20, denominator: 20, sumOfSquares: 20 * (mean * mean + 4) });
    const r = evaluateKri({ code: 'queryAnswerDays', statistic: 'mean', adverse: 'higher' }, [5, 5.5, 4.5, 5, 5.2, 4.8, 12].map(site));
    expect(r.sites.at(-1)!.level).toBe('alert');
    expect(r.sites[0]!.level).toBe('within');
  });

  it('no data gives no z and no level', () => {
    const r = evaluateKri({ code: 'aeRate', statistic: 'poisson', adverse: 'both' }, [{ numerator: 0, denominator: 0 }, { numerator: 3, denominator: 10 }]);
    expect(r.sites[0]).toMatchObject({ z: null, level: 'no-data', value: null });
  });

  it('risk score sums the distances beyond the 95 % limit in the adverse direction; performance score averages its parts', () => {
    const k = (z: number, adverse: 'higher' | 'lower' | 'both') => ({ code: 'aeRate' as const, statistic: 'poisson' as const, adverse, value: 0, reference: 0, numerator: 0, denominator: 1, z, level: levelOf(z, adverse) });
    expect(riskScore([k(3, 'higher'), k(-3, 'higher'), k(-2.96, 'lower'), k(1, 'both')])).toBeCloseTo(1.04 + 1, 6);
    expect(performanceScore({ visits: 0.9, queries: 0.8, enrollment: null })).toBe(85);
    expect(performanceScore({ visits: null, queries: null, enrollment: null })).toBeNull();
  });
});
