// The enrollment forecast's model (apps/api/src/modules/analytics/forecast.ts) against data simulated from
// known rates: the samplers have the right moments, the empirical Bayes fit recovers the rates, and the
// forecast's intervals cover the true completion time about as often as they say.
import { describe, expect, it } from 'vitest';
import { createRng, logGamma, sampleBeta, sampleGamma, samplePoisson } from '../src/modules/analytics/random.ts';
import {
  fitGammaPrior,
  forecastEnrollment,
  forecastStudyForDay,
  probabilityBy,
  seedFor,
  quantile,
  type SiteHistory,
} from '../src/modules/analytics/forecast.ts';

const moments = (xs: number[]) => {
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  return { mean, variance: xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1) };
};

describe('random draws', () => {
  it('gamma draws have mean shape/rate and variance shape/rate², also for shape < 1', () => {
    const rng = createRng(1);
    for (const [shape, rate] of [[0.5, 2], [3, 0.5], [40, 4]] as const) {
      const m = moments(Array.from({ length: 40_000 }, () => sampleGamma(rng, shape, rate)));
      expect(m.mean).toBeCloseTo(shape / rate, 1);
      expect(m.variance / (shape / rate ** 2)).toBeGreaterThan(0.93);
      expect(m.variance / (shape / rate ** 2)).toBeLessThan(1.07);
    }
  });

  it('poisson draws have mean and variance equal to the mean, below and above the method switch', () => {
    const rng = createRng(2);
    for (const mean of [0.3, 4, 25, 400]) {
      const m = moments(Array.from({ length: 40_000 }, () => samplePoisson(rng, mean)));
      expect(Math.abs(m.mean - mean)).toBeLessThan(4 * Math.sqrt(mean / 40_000) + 1e-9);
      expect(m.variance / mean).toBeGreaterThan(0.95);
      expect(m.variance / mean).toBeLessThan(1.05);
    }
    // P(X = 0) for mean 25 is e^-25: the PTRS branch never returns a negative count.
    expect(Array.from({ length: 10_000 }, () => samplePoisson(rng, 12)).every((k) => Number.isInteger(k) && k >= 0)).toBe(true);
  });

  it('beta draws have mean a/(a+b); ln Γ matches factorials', () => {
    const rng = createRng(3);
    expect(moments(Array.from({ length: 20_000 }, () => sampleBeta(rng, 2, 6))).mean).toBeCloseTo(0.25, 2);
    expect(logGamma(1)).toBeCloseTo(0, 10);
    expect(logGamma(6)).toBeCloseTo(Math.log(120), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
    expect(logGamma(171)).toBeCloseTo(706.5730622, 6); // ln(170!)
  });

  it('is reproducible: the same seed gives the same draws', () => {
    const a = createRng(42);
    const b = createRng(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
  });
});

/** Sites recruiting at rates drawn from Gamma(shape, rate), each observed for its exposure. */
function simulateSites(seed: number, count: number, shape: number, rate: number, exposure: (i: number) => number) {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const lambda = sampleGamma(rng, shape, rate);
    const exposureDays = exposure(i);
    return { lambda, site: { id: i + 1, state: 'active', enrolled: samplePoisson(rng, lambda * exposureDays), exposureDays, waitedDays: 0, target: 30 } satisfies SiteHistory };
  });
}

describe('estimation', () => {
  it('recovers known site rates: posterior means within 15 % of the true rates with long histories', () => {
    // 20 sites, rates 0.05-0.3 a day (1.5-9 a month), each observed for 2 years.
    const rng = createRng(7);
    const truth = Array.from({ length: 20 }, (_, i) => 0.05 + (0.25 * i) / 19);
    const sites: SiteHistory[] = truth.map((lambda, i) => ({
      id: i + 1,
      state: 'active',
      enrolled: samplePoisson(rng, lambda * 730),
      exposureDays: 730,
      waitedDays: 0,
      target: 1_000,
    }));
    const f = forecastEnrollment(sites, 50, [], { runs: 2_000, seed: 1, horizonDays: 3_650, perSite: true })!;
    for (const [i, s] of f.sites.entries()) {
      expect(Math.abs(s.rate.mean - truth[i]!) / truth[i]!).toBeLessThan(0.15);
      expect(s.rate.p025).toBeLessThan(truth[i]! * 1.15);
      expect(s.rate.p975).toBeGreaterThan(truth[i]! * 0.85);
    }
  });

  it('recovers the prior: mean rate and shape of the rates across 200 simulated sites', () => {
    // λ ~ Gamma(4, 40): mean 0.1 a day, coefficient of variation 50 %.
    const sites = simulateSites(11, 200, 4, 40, (i) => 120 + (i % 5) * 60).map((s) => s.site);
    const prior = fitGammaPrior(sites)!;
    expect(prior.method).toBe('maximum-likelihood');
    expect(Math.abs(prior.shape / prior.rate - 0.1) / 0.1).toBeLessThan(0.1);
    expect(prior.shape).toBeGreaterThan(2.5);
    expect(prior.shape).toBeLessThan(6.5);
  });

  it('shrinks a short history towards the study mean, and uses the pooled rate with fewer than 3 sites', () => {
    const sites: SiteHistory[] = [
      ...simulateSites(5, 12, 6, 60, () => 365).map((s) => s.site),
      { id: 99, state: 'active', enrolled: 3, exposureDays: 5, waitedDays: 0, target: 30 },
    ];
    const f = forecastEnrollment(sites, 40, [], { runs: 500, seed: 2, horizonDays: 3_650, perSite: true })!;
    const shortSite = f.sites.find((s) => s.id === 99)!;
    // 3 in 5 days is 0.6 a day; the study's sites recruit about 0.1: the estimate sits far below 0.6.
    expect(shortSite.rate.mean).toBeLessThan(0.3);
    expect(fitGammaPrior([{ enrolled: 10, exposureDays: 100 }, { enrolled: 30, exposureDays: 100 }])).toEqual({ shape: 1, rate: 5, method: 'pooled', sites: 2 });
    expect(fitGammaPrior([{ enrolled: 0, exposureDays: 100 }])).toBeNull();
  });
});

describe('prediction', () => {
  it('a single site at a known rate: the median time to R more subjects is the Gamma(R, λ) median', () => {
    // 2,000 subjects over 10,000 days pins λ at 0.2 a day; 100 more take about 100/0.2 = 500 days.
    const sites: SiteHistory[] = [{ id: 1, state: 'active', enrolled: 2_000, exposureDays: 10_000, waitedDays: 0, target: 5_000 }];
    const f = forecastEnrollment(sites, 100, [], { runs: 4_000, seed: 3, horizonDays: 3_650 })!;
    expect(f.completion.p50!).toBeGreaterThan(480);
    expect(f.completion.p50!).toBeLessThan(515);
    // Gamma(100, 0.2): sd = 50 days, so the 80 % interval is about ±64 days (plus the rate's own uncertainty).
    expect(f.completion.p90! - f.completion.p10!).toBeGreaterThan(115);
    expect(f.completion.p90! - f.completion.p10!).toBeLessThan(150);
    expect(f.completion.p025!).toBeLessThan(f.completion.p10!);
    expect(f.completion.p975!).toBeGreaterThan(f.completion.p90!);
    expect(probabilityBy(f, f.completion.p50!)).toBeCloseTo(0.5, 1);
  });

  it('the 80 % and 95 % intervals cover the true completion time at about their stated rates (200 simulated studies)', () => {
    // Each study: 8-15 sites with rates from Gamma(3, 30) (about 3 a month), 90-360 days of history,
    // 60-160 subjects still to enroll. The truth is simulated from the true rates.
    const rng = createRng(2026);
    let inside80 = 0;
    let inside95 = 0;
    const replications = 200;
    for (let rep = 0; rep < replications; rep++) {
      const count = 8 + Math.floor(rng.next() * 8);
      const simulated = simulateSites(1_000 + rep, count, 3, 30, () => 90 + Math.floor(rng.next() * 270));
      const remaining = 60 + Math.floor(rng.next() * 100);
      const totalRate = simulated.reduce((a, s) => a + s.lambda, 0);
      const truth = sampleGamma(rng, remaining, totalRate);
      const f = forecastEnrollment(simulated.map((s) => s.site), remaining, [], { runs: 1_000, seed: rep, horizonDays: 10_000 })!;
      if (truth >= f.completion.p10! && truth <= f.completion.p90!) inside80++;
      if (truth >= f.completion.p025! && truth <= f.completion.p975!) inside95++;
    }
    const coverage80 = inside80 / replications;
    const coverage95 = inside95 / replications;
    process.stdout.write(`forecast interval coverage: 80 % interval ${(coverage80 * 100).toFixed(1)} %, 95 % interval ${(coverage95 * 100).toFixed(1)} %\n`);
    expect(coverage80).toBeGreaterThanOrEqual(0.7);
    expect(coverage80).toBeLessThanOrEqual(0.9);
    expect(coverage95).toBeGreaterThanOrEqual(0.89);
    expect(coverage95).toBeLessThanOrEqual(0.99);
  });

  it('pending sites join after a delay drawn from the observed activation delays', () => {
    const active: SiteHistory = { id: 1, state: 'active', enrolled: 1_000, exposureDays: 10_000, waitedDays: 0, target: 5_000 };
    const pending: SiteHistory[] = Array.from({ length: 4 }, (_, i) => ({ id: 10 + i, state: 'pending', enrolled: 0, exposureDays: 0, waitedDays: 10, target: 50 }));
    const alone = forecastEnrollment([active], 200, [40, 50, 60], { runs: 2_000, seed: 4, horizonDays: 3_650 })!;
    const helped = forecastEnrollment([active, ...pending], 200, [40, 50, 60], { runs: 2_000, seed: 4, horizonDays: 3_650 })!;
    // Alone: 200 / 0.1 = 2,000 days. With four more sites from about day 40: much sooner.
    expect(alone.completion.p50!).toBeGreaterThan(1_800);
    expect(helped.completion.p50!).toBeLessThan(alone.completion.p50! * 0.4);
    expect(helped.completion.p50!).toBeGreaterThan(30);
    // Without any observed delay the pending sites cannot be placed in time and are left out, and said so.
    const unknown = forecastEnrollment([active, ...pending], 200, [], { runs: 500, seed: 4, horizonDays: 3_650 })!;
    expect(unknown.pendingWithoutDelay).toBe(4);
    expect(unknown.completion.p50!).toBeGreaterThan(1_800);
  });

  it('bands: enrollments added by each day, widening with time and capped at the remaining number', () => {
    const sites = simulateSites(8, 10, 3, 30, () => 200).map((s) => s.site);
    const f = forecastEnrollment(sites, 80, [], { runs: 2_000, seed: 5, horizonDays: 3_650, gridDays: [0, 10, 30, 60, 240, 2_000] })!;
    expect(f.bands[0]).toEqual({ day: 0, p025: 0, p10: 0, p50: 0, p90: 0, p975: 0 });
    for (const b of f.bands) expect(b.p025! <= b.p10! && b.p10! <= b.p50! && b.p50! <= b.p90! && b.p90! <= b.p975!).toBe(true);
    expect(f.bands[2]!.p975! - f.bands[2]!.p025!).toBeGreaterThan(f.bands[1]!.p975! - f.bands[1]!.p025!);
    expect(f.bands.at(-1)!.p025).toBe(80);
    // The median path reaches the target around the median completion day.
    const median = f.completion.p50!;
    expect(median).toBeGreaterThan(60);
    expect(median).toBeLessThan(2_000);
  });

  it('reproducible, no forecast without any enrollment, and runs beyond the horizon do not finish', () => {
    const sites = simulateSites(9, 6, 3, 30, () => 150).map((s) => s.site);
    const a = forecastEnrollment(sites, 40, [], { runs: 300, seed: 6, horizonDays: 3_650 })!;
    const b = forecastEnrollment(sites, 40, [], { runs: 300, seed: 6, horizonDays: 3_650 })!;
    expect(a.completion).toEqual(b.completion);
    expect(forecastEnrollment([{ id: 1, state: 'active', enrolled: 0, exposureDays: 30, waitedDays: 0, target: 10 }], 10, [], { runs: 10, seed: 1, horizonDays: 100 })).toBeNull();
    const slow = forecastEnrollment([{ id: 1, state: 'active', enrolled: 1, exposureDays: 1_000, waitedDays: 0, target: 1_000 }], 500, [], { runs: 200, seed: 1, horizonDays: 365 })!;
    expect(slow.completion.p50).toBeNull();
    expect(slow.finishing).toBe(0);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile([1, 2, 3, Infinity], 0.9)).toBeNull();
  });

  it('one forecast per study and day: the chart and per-site figures leave the completion figures as they are, sites in any order', () => {
    const sites = simulateSites(6, 5, 3, 30, () => 150).map((s, i) => ({ ...s.site, id: i + 1 }));
    const pending: SiteHistory = { id: 99, state: 'pending', enrolled: 0, exposureDays: 0, waitedDays: 10, target: 20 };
    const plain = forecastStudyForDay(7, '2026-11-27', [...sites, pending], 40, [30, 12, 45])!;
    const charted = forecastStudyForDay(7, '2026-11-27', [pending, ...sites].reverse(), 40, [45, 30, 12], { gridDays: [0, 30, 60, 90], perSite: true })!;
    expect(charted.completion).toEqual(plain.completion);
    expect(probabilityBy(charted, 200)).toBe(probabilityBy(plain, 200));
    expect(seedFor(7, '2026-11-27')).toBe(seedFor(7, '2026-11-27'));
    expect(seedFor(7, '2026-11-28')).not.toBe(seedFor(7, '2026-11-27'));
    expect(seedFor(8, '2026-11-27')).not.toBe(seedFor(7, '2026-11-27'));
    expect(forecastStudyForDay(7, '2026-11-28', sites, 40, [])!.completion).not.toEqual(plain.completion);
  });
});
