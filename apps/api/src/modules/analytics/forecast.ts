// Enrollment forecast: the Poisson-gamma recruitment model (Anisimov & Fedorov 2007, "Modelling, prediction
// and adaptive adjustment of recruitment in multicentre trials", Statistics in Medicine 26:4958-75).
// Pure functions, no I/O; the README states the same model.
//
// Model. Site i recruits as a Poisson process with its own rate λ_i (subjects per day); the rates vary
// between sites as λ_i ~ Gamma(α, β) (shape α, rate β: mean α/β, variance α/β²).
//
// Estimation (empirical Bayes). Site i has enrolled n_i subjects in t_i days since its activation. Given
// λ_i, n_i ~ Poisson(λ_i t_i), so marginally n_i is negative binomial. (α, β) maximise
//     ℓ(α, β) = Σ_i [ ln Γ(α + n_i) − ln Γ(α) + α ln β − (α + n_i) ln(β + t_i) ]
// over the sites with t_i > 0 (Nelder-Mead on ln α and ln(α/β), α kept within [0.1, 100], started from
// the method of moments). With fewer than 3 such sites there is no heterogeneity to estimate: the prior
// is the pooled rate Σn/Σt with shape 1. With no subject enrolled at all there is no forecast.
// Each site's rate then has the posterior Gamma(α + n_i, β + t_i); a site not yet active has the prior.
// The prior's mean α/β is itself uncertain: each run draws it as m* ~ Gamma(Σn, Σt) (the pooled rate's
// posterior) and uses β* = α/m* in place of β.
//
// Prediction (Monte Carlo, `runs` runs from a seeded generator). Each run draws every site's rate from its
// posterior (prior for pending sites) and a pending site's activation delay: one of the study's observed
// assignment-to-activation delays longer than the time it has already waited, minus that time (when none
// is longer, an exponential delay with the observed mean). Between activations the study recruits as one
// Poisson process of rate Σλ: the arrivals in a segment are Poisson, and when they reach the remaining
// number R the completion time is the R-th of them (a Beta order statistic); after the last activation the
// time to R arrivals is Gamma(R, Σλ). Runs that do not finish within the horizon count as not finishing.
// Quantiles are nearest-rank over the runs: the median and the 80 % (10-90) and 95 % (2.5-97.5) intervals.
import { FORECAST } from '@ctp/contracts';
import { createRng, logGamma, sampleBeta, sampleExponential, sampleGamma, samplePoisson, type Rng } from './random.ts';

export interface SiteHistory {
  id: number;
  /** active: recruiting now; pending: assigned, not yet activated; closed: recruits no more. */
  state: 'active' | 'pending' | 'closed';
  /** Subjects enrolled at the site so far (n_i). */
  enrolled: number;
  /** Days since activation (t_i); 0 for a pending site. */
  exposureDays: number;
  /** Pending sites: days since the site was assigned to the study. */
  waitedDays: number;
  /** The site's own enrollment target. */
  target: number;
}

export interface GammaPrior {
  shape: number;
  rate: number;
  method: 'maximum-likelihood' | 'pooled';
  /** Sites with history the prior was fitted on. */
  sites: number;
}

/**
 * The prior's shape is kept within [0.1, 100]: at 100 the sites' rates still vary by 10 % (1/√α). With few
 * sites the likelihood keeps rising towards an infinite shape whenever their counts vary less than Poisson
 * noise alone would make them, which would claim every site recruits at exactly the same rate.
 */
export const ALPHA_BOUNDS = [0.1, 100] as const;
export const MIN_SITES_FOR_HETEROGENEITY = 3;

/** Negative binomial log-likelihood of the site counts under a Gamma(shape, rate) prior (constants dropped). */
export function marginalLogLikelihood(shape: number, rate: number, sites: { enrolled: number; exposureDays: number }[]): number {
  let ll = 0;
  const lgA = logGamma(shape);
  const aLogB = shape * Math.log(rate);
  for (const s of sites) {
    ll += logGamma(shape + s.enrolled) - lgA + aLogB - (shape + s.enrolled) * Math.log(rate + s.exposureDays);
  }
  return ll;
}

/** The empirical Bayes prior over the sites' rates; null when no subject has been enrolled yet. */
export function fitGammaPrior(history: { enrolled: number; exposureDays: number }[]): GammaPrior | null {
  const sites = history.filter((s) => s.exposureDays > 0);
  const n = sites.reduce((a, s) => a + s.enrolled, 0);
  const t = sites.reduce((a, s) => a + s.exposureDays, 0);
  if (n === 0 || t === 0) return null;
  const pooled = n / t;
  if (sites.length < MIN_SITES_FOR_HETEROGENEITY) return { shape: 1, rate: 1 / pooled, method: 'pooled', sites: sites.length };
  // Method of moments for the start: Var(n_i/t_i) = σ² + m·E[1/t_i].
  const rates = sites.map((s) => s.enrolled / s.exposureDays);
  const meanRate = rates.reduce((a, r) => a + r, 0) / rates.length;
  const variance = rates.reduce((a, r) => a + (r - meanRate) ** 2, 0) / (rates.length - 1);
  const poissonPart = (pooled * sites.reduce((a, s) => a + 1 / s.exposureDays, 0)) / sites.length;
  const extra = variance - poissonPart;
  const clampA = (a: number) => Math.min(ALPHA_BOUNDS[1], Math.max(ALPHA_BOUNDS[0], a));
  const start = [Math.log(clampA(extra > 0 ? (pooled * pooled) / extra : ALPHA_BOUNDS[1] / 10)), Math.log(pooled)];
  const objective = ([logA, logM]: number[]) => {
    const shape = clampA(Math.exp(logA!));
    const mean = Math.exp(logM!);
    return -marginalLogLikelihood(shape, shape / mean, sites);
  };
  const [logA, logM] = nelderMead(objective, start as [number, number]);
  const shape = clampA(Math.exp(logA));
  return { shape, rate: shape / Math.exp(logM), method: 'maximum-likelihood', sites: sites.length };
}

/** Nelder-Mead minimisation in two dimensions (standard coefficients). */
export function nelderMead(f: (x: number[]) => number, start: [number, number], iterations = 400, tolerance = 1e-10): [number, number] {
  let simplex: { x: number[]; f: number }[] = [start, [start[0] + 0.5, start[1]], [start[0], start[1] + 0.5]].map((x) => ({ x, f: f(x) }));
  const combine = (a: number[], b: number[], k: number) => a.map((v, i) => v + k * (b[i]! - v));
  for (let it = 0; it < iterations; it++) {
    simplex.sort((a, b) => a.f - b.f);
    const [best, mid, worst] = simplex as [(typeof simplex)[0], (typeof simplex)[0], (typeof simplex)[0]];
    if (Math.abs(worst.f - best.f) < tolerance * (1 + Math.abs(best.f))) break;
    const centroid = best.x.map((v, i) => (v + mid.x[i]!) / 2);
    const reflected = combine(centroid, worst.x, -1);
    const fr = f(reflected);
    if (fr < best.f) {
      const expanded = combine(centroid, worst.x, -2);
      const fe = f(expanded);
      simplex[2] = fe < fr ? { x: expanded, f: fe } : { x: reflected, f: fr };
    } else if (fr < mid.f) {
      simplex[2] = { x: reflected, f: fr };
    } else {
      const contracted = fr < worst.f ? combine(centroid, reflected, 0.5) : combine(centroid, worst.x, 0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, worst.f)) simplex[2] = { x: contracted, f: fc };
      else simplex = simplex.map((p, i) => (i === 0 ? p : { x: combine(best.x, p.x, 0.5), f: f(combine(best.x, p.x, 0.5)) }));
    }
  }
  simplex.sort((a, b) => a.f - b.f);
  return [simplex[0]!.x[0]!, simplex[0]!.x[1]!];
}

export interface Quantiles {
  p025: number | null;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  p975: number | null;
}

export const QUANTILE_LEVELS = { p025: 0.025, p10: 0.1, p50: 0.5, p90: 0.9, p975: 0.975 } as const;

/** Nearest-rank quantile of an ascending sample; null when it is infinite (beyond the horizon). */
export function quantile(sorted: ArrayLike<number>, p: number): number | null {
  if (!sorted.length) return null;
  const v = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
  return Number.isFinite(v) ? v : null;
}

export function quantilesOf(sorted: ArrayLike<number>): Quantiles {
  return {
    p025: quantile(sorted, QUANTILE_LEVELS.p025),
    p10: quantile(sorted, QUANTILE_LEVELS.p10),
    p50: quantile(sorted, QUANTILE_LEVELS.p50),
    p90: quantile(sorted, QUANTILE_LEVELS.p90),
    p975: quantile(sorted, QUANTILE_LEVELS.p975),
  };
}

/** The residual activation delay of a pending site that has waited `waited` days, from the observed delays. */
export function activationDelaySampler(observedDelays: number[]) {
  const delays = observedDelays.filter((d) => Number.isFinite(d) && d >= 0).sort((a, b) => a - b);
  if (!delays.length) return null;
  const mean = delays.reduce((a, d) => a + d, 0) / delays.length;
  return (rng: Rng, waited: number) => {
    const first = delays.findIndex((d) => d > waited);
    if (first < 0) return sampleExponential(rng, 1 / Math.max(mean, 1));
    return delays[first + Math.floor(rng.next() * (delays.length - first))]! - waited;
  };
}

export interface ForecastOptions {
  runs: number;
  seed: number;
  /** Runs not finished within this many days count as not finishing. */
  horizonDays: number;
  /** Days from today at which to report the distribution of enrollments (for the chart's bands). */
  gridDays?: number[];
  /** Per-site figures (posterior rate intervals, time to the site's target, share of the rest). */
  perSite?: boolean;
}

export interface SiteForecast {
  id: number;
  /** Posterior Gamma of the site's daily rate (the prior for a pending site). */
  posterior: { shape: number; rate: number };
  /** The daily rate: mean and 95 % interval over the runs. */
  rate: { mean: number; p025: number; p975: number };
  /** Days from today to the site's own target (0 when reached, null quantiles beyond the horizon or when closed). */
  toTarget: Quantiles | null;
  /** Mean over the runs of the site's expected share of the remaining subjects (Σ = remaining). */
  expectedAdditional: number;
}

export interface StudyForecast {
  prior: GammaPrior;
  remaining: number;
  /** Days from today to the remaining-th enrollment. */
  completion: Quantiles;
  /** Share of runs finishing within the horizon. */
  finishing: number;
  /** The runs' completion days, ascending (Infinity for runs not finishing). */
  sample: Float64Array;
  /** Per grid day: quantiles of the enrollments added by then (at most `remaining`). */
  bands: ({ day: number } & Quantiles)[];
  sites: SiteForecast[];
  /** Pending sites left out because no activation delay has been observed. */
  pendingWithoutDelay: number;
}

/** Share of the runs completing by `day` (days from today). */
export function probabilityBy(forecast: StudyForecast, day: number): number {
  const s = forecast.sample;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (s[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return s.length ? lo / s.length : 0;
}

/**
 * The forecast for a study that needs `remaining` more enrollments from these sites, or null when there
 * is nothing to estimate the rates from (no subject enrolled yet).
 */
export function forecastEnrollment(
  sites: SiteHistory[],
  remaining: number,
  activationDelays: number[],
  options: ForecastOptions,
): StudyForecast | null {
  const prior = fitGammaPrior(sites.filter((s) => s.state === 'active'));
  if (!prior) return null;
  const rng = createRng(options.seed);
  // The chart's bands and the per-site figures draw from their own stream, so asking for them leaves the
  // completion sample (median, intervals, probability) exactly as without them.
  const side = createRng((options.seed ^ 0x9e3779b9) >>> 0);
  const delay = activationDelaySampler(activationDelays);
  const recruiting = sites.filter((s) => s.state === 'active' || (s.state === 'pending' && delay));
  const posterior = recruiting.map((s) =>
    s.state === 'active'
      ? { shape: prior.shape + s.enrolled, rate: prior.rate + s.exposureDays }
      : { shape: prior.shape, rate: prior.rate },
  );
  // The prior's mean is itself estimated: each run draws it from Gamma(Σn, Σt) (the pooled rate's
  // posterior) so that its uncertainty reaches the forecast; without this the intervals came out too
  // narrow (80 % intervals covering 72-76 % of simulated studies with similar sites).
  const fitted = sites.filter((s) => s.state === 'active' && s.exposureDays > 0);
  const pooledCount = fitted.reduce((a, s) => a + s.enrolled, 0);
  const pooledDays = fitted.reduce((a, s) => a + s.exposureDays, 0);
  const runs = Math.max(1, Math.floor(options.runs));
  const grid = options.gridDays ?? [];
  const perSite = options.perSite ?? false;
  const sample = new Float64Array(runs);
  const bandValues = grid.map(() => new Float64Array(runs));
  const rateDraws = perSite ? recruiting.map(() => new Float64Array(runs)) : [];
  const toTarget = perSite ? recruiting.map(() => new Float64Array(runs)) : [];
  const share = perSite ? recruiting.map(() => 0) : [];
  const lambda = new Float64Array(recruiting.length);
  const start = new Float64Array(recruiting.length);
  const order = recruiting.map((_, i) => i);

  for (let r = 0; r < runs; r++) {
    const priorRate = prior.shape / sampleGamma(rng, pooledCount, pooledDays);
    for (let i = 0; i < recruiting.length; i++) {
      const s = recruiting[i]!;
      lambda[i] = sampleGamma(rng, posterior[i]!.shape, priorRate + (s.state === 'active' ? s.exposureDays : 0));
      start[i] = recruiting[i]!.state === 'pending' ? delay!(rng, recruiting[i]!.waitedDays) : 0;
    }
    order.sort((a, b) => start[a]! - start[b]!);
    const done = remaining <= 0 ? 0 : completionTime(rng, lambda, start, order, remaining, options.horizonDays);
    sample[r] = done;

    if (grid.length) {
      let added = 0;
      let before = 0;
      for (let k = 0; k < grid.length; k++) {
        let expected = 0;
        for (let i = 0; i < lambda.length; i++) expected += lambda[i]! * Math.max(0, grid[k]! - start[i]!);
        added += samplePoisson(side, expected - before);
        before = expected;
        bandValues[k]![r] = Math.min(Math.max(remaining, 0), added);
      }
    }
    if (perSite) {
      // Each site's expected part of the remaining subjects: its rate times its active time up to completion.
      const end = Number.isFinite(done) ? done : options.horizonDays;
      let total = 0;
      for (let i = 0; i < lambda.length; i++) total += lambda[i]! * Math.max(0, end - start[i]!);
      for (let i = 0; i < recruiting.length; i++) {
        const s = recruiting[i]!;
        rateDraws[i]![r] = lambda[i]!;
        if (total > 0) share[i]! += (Math.max(remaining, 0) * lambda[i]! * Math.max(0, end - start[i]!)) / total;
        const left = s.target - s.enrolled;
        const t = left <= 0 ? 0 : start[i]! + sampleGamma(side, left, lambda[i]!);
        toTarget[i]![r] = t > options.horizonDays ? Infinity : t;
      }
    }
  }
  sample.sort();
  const siteResults: SiteForecast[] = perSite
    ? recruiting.map((s, i) => {
        const draws = rateDraws[i]!.sort();
        return {
          id: s.id,
          posterior: posterior[i]!,
          rate: { mean: draws.reduce((a, v) => a + v, 0) / runs, p025: quantile(draws, 0.025)!, p975: quantile(draws, 0.975)! },
          toTarget: quantilesOf(toTarget[i]!.sort()),
          expectedAdditional: share[i]! / runs,
        };
      })
    : [];
  return {
    prior,
    remaining: Math.max(remaining, 0),
    completion: quantilesOf(sample),
    finishing: probabilityBy({ sample } as StudyForecast, options.horizonDays),
    sample,
    bands: grid.map((day, k) => ({ day, ...quantilesOf(bandValues[k]!.sort()) })),
    sites: siteResults,
    pendingWithoutDelay: delay ? 0 : sites.filter((s) => s.state === 'pending').length,
  };
}

/**
 * Days until `remaining` arrivals of the superposed processes (site i recruits at lambda[i] from day
 * start[i]; `order` lists the sites by start), or Infinity beyond the horizon.
 */
function completionTime(rng: Rng, lambda: Float64Array, start: Float64Array, order: number[], remaining: number, horizon: number): number {
  let left = remaining;
  let rate = 0;
  let t = 0;
  let k = 0;
  for (;;) {
    while (k < order.length && start[order[k]!]! <= t) rate += lambda[order[k++]!]!;
    const next = k < order.length ? start[order[k]!]! : Infinity;
    if (next === Infinity) {
      if (rate <= 0) return Infinity;
      const done = t + sampleGamma(rng, left, rate);
      return done > horizon ? Infinity : done;
    }
    if (next > horizon) {
      if (rate <= 0) return Infinity;
      const done = t + sampleGamma(rng, left, rate);
      return done > horizon ? Infinity : done;
    }
    if (rate > 0) {
      const arrivals = samplePoisson(rng, rate * (next - t));
      if (arrivals >= left) return t + (next - t) * sampleBeta(rng, left, arrivals - left + 1);
      left -= arrivals;
    }
    t = next;
  }
}

/**
 * One seed per study and UTC day ('YYYY-MM-DD'): a reload, another user or another panel of the page shows
 * the same forecast all day; the next day's data gets fresh draws.
 */
export function seedFor(studyId: number, utcDate: string): number {
  let h = (0x5eed ^ Math.imul(studyId, 2654435761)) >>> 0;
  for (let i = 0; i < utcDate.length; i++) h = Math.imul(h ^ utcDate.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The study's forecast for the day, the one every panel shows (analytics.forecast's chart and table, the
 * predictions list): the same runs, the seed of the study and UTC day, sites in id order and delays sorted,
 * whatever order the caller read them in. `extra` adds the chart's bands or per-site figures without
 * changing the completion figures.
 */
export function forecastStudyForDay(
  studyId: number,
  utcDate: string,
  sites: SiteHistory[],
  remaining: number,
  activationDelays: number[],
  extra: Pick<ForecastOptions, 'gridDays' | 'perSite'> & { runs?: number } = {},
): StudyForecast | null {
  const ordered = [...sites].sort((a, b) => a.id - b.id);
  const delays = [...activationDelays].sort((a, b) => a - b);
  return forecastEnrollment(ordered, remaining, delays, { runs: FORECAST.runs, seed: seedFor(studyId, utcDate), horizonDays: FORECAST.horizonDays, ...extra });
}
