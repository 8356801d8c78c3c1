// Key risk indicators of risk-based monitoring: each site compared with the study's sites. Pure
// functions, no I/O; the README states the same statistics.
//
//   binomial  a proportion x/n against the study's p0 = Σx/Σn: the exact binomial mid-p tail
//             (P(X < x) + ½P(X = x) under Binomial(n, p0)) turned into a z-score, z = Φ⁻¹(mid-p);
//   poisson   a count O over an exposure E (per form, per subject) against the study's rate r0 = ΣO/ΣE:
//             the exact Poisson mid-p tail under Poisson(r0·E), turned into a z-score the same way;
//   mean      a mean of n values against the study's mean μ of all values: z = (x̄ − μ) / (s / √n), s the
//             standard deviation of all the study's values.
// A z-score is a funnel plot's distance: |z| = 1.96 is its 95 % limit, 3.09 its 99.8 % limit. Sites differ
// by more than chance alone in most studies (overdispersion), which would flag too many: with at least 5
// sites, φ = the mean of the squared z-scores winsorised at 10 % at each end, at least one (Spiegelhalter
// 2005, "Funnel plots for comparing institutional performance", Statistics in Medicine 24:1185-1202), and
// when φ > 1 every z is divided by √φ.
// Level: beyond the 99.8 % limit in the adverse direction 'alert', beyond the 95 % limit 'warning'.
import { KRI_LIMITS, type KriCode, type KriDirection, type KriLevel, type KriResult, type KriStatistic } from '@ctp/contracts';
import { logGamma } from './random.ts';

/** Φ⁻¹(p): the standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

/** z beyond which a tail is below about 1e-15: the z-scores are kept within ±8. */
const Z_CAP = 8;

/** A z-score from mid-p tails: the smaller one gives the precision. */
function zFromTails(lowerMid: number, upperMid: number): number {
  const z = lowerMid <= upperMid ? normalQuantile(Math.max(lowerMid, 1e-300)) : -normalQuantile(Math.max(upperMid, 1e-300));
  return Math.max(-Z_CAP, Math.min(Z_CAP, z));
}

/** ln of the sum of exp(values). */
function logSumExp(values: number[]): number {
  if (!values.length) return -Infinity;
  const m = Math.max(...values);
  if (m === -Infinity) return -Infinity;
  return m + Math.log(values.reduce((a, v) => a + Math.exp(v - m), 0));
}

/** z of x successes in n trials under Binomial(n, p0), from the exact mid-p tail. */
export function binomialZ(x: number, n: number, p0: number): number | null {
  if (n <= 0) return null;
  if (p0 <= 0) return x > 0 ? Z_CAP : 0;
  if (p0 >= 1) return x < n ? -Z_CAP : 0;
  const logPmf = (k: number) =>
    logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p0) + (n - k) * Math.log(1 - p0);
  const at = Math.exp(logPmf(x));
  if (x <= n * p0) {
    const below = Math.exp(logSumExp(Array.from({ length: x }, (_, k) => logPmf(k))));
    return zFromTails(below + at / 2, Infinity);
  }
  const above = Math.exp(logSumExp(Array.from({ length: n - x }, (_, k) => logPmf(x + 1 + k))));
  return zFromTails(Infinity, above + at / 2);
}

/** z of a count under Poisson(expected), from the exact mid-p tail. */
export function poissonZ(count: number, expected: number): number | null {
  if (expected <= 0) return count > 0 ? Z_CAP : null;
  const logPmf = (k: number) => k * Math.log(expected) - expected - logGamma(k + 1);
  const at = Math.exp(logPmf(count));
  if (count <= expected) {
    const below = Math.exp(logSumExp(Array.from({ length: count }, (_, k) => logPmf(k))));
    return zFromTails(below + at / 2, Infinity);
  }
  // The upper tail: terms fall off geometrically beyond the mean; stop once they no longer count.
  const terms: number[] = [];
  for (let k = count + 1; ; k++) {
    const lp = logPmf(k);
    terms.push(lp);
    if (lp < logPmf(count) - 40 || terms.length > 100_000) break;
  }
  return zFromTails(Infinity, Math.exp(logSumExp(terms)) + at / 2);
}

/** One site's data for one indicator: a count over a denominator (for a mean: a sum of values, their squares, and how many). */
export interface KriSiteData {
  numerator: number;
  denominator: number;
  /** Only for a mean: the sum of the squared values. */
  sumOfSquares?: number;
}

export interface KriDefinition {
  code: KriCode;
  statistic: KriStatistic;
  adverse: KriDirection;
}

export interface KriEvaluation {
  sites: KriResult[];
  reference: number | null;
  /** The overdispersion factor applied (1 when none). */
  phi: number;
}

/** Spiegelhalter's overdispersion factor (at least 1) from z-scores winsorised at 10 % at each end. */
export function overdispersion(zs: number[]): number {
  if (zs.length < KRI_LIMITS.minSitesForOverdispersion) return 1;
  const sorted = [...zs].sort((a, b) => a - b);
  // The ⌈10 %⌉ most extreme z-scores at each end take the value of the next one in.
  const cut = Math.ceil(0.1 * sorted.length);
  const lo = sorted[cut]!;
  const hi = sorted[sorted.length - 1 - cut]!;
  const phi = zs.reduce((a, z) => a + Math.min(hi, Math.max(lo, z)) ** 2, 0) / zs.length;
  return Math.max(1, phi);
}

export function levelOf(z: number | null, adverse: KriDirection): KriLevel {
  if (z === null) return 'no-data';
  const distance = adverse === 'higher' ? z : adverse === 'lower' ? -z : Math.abs(z);
  if (distance >= KRI_LIMITS.alert) return 'alert';
  if (distance >= KRI_LIMITS.warning) return 'warning';
  return 'within';
}

/** Every site's indicator against the study's sites (all the sites given, in the same order). */
export function evaluateKri(definition: KriDefinition, sites: KriSiteData[]): KriEvaluation {
  const totalNum = sites.reduce((a, s) => a + s.numerator, 0);
  const totalDen = sites.reduce((a, s) => a + s.denominator, 0);
  const reference = totalDen > 0 ? totalNum / totalDen : null;
  let sd = 0;
  if (definition.statistic === 'mean' && totalDen > 1) {
    const sumSq = sites.reduce((a, s) => a + (s.sumOfSquares ?? 0), 0);
    sd = Math.sqrt(Math.max(0, (sumSq - (totalNum * totalNum) / totalDen) / (totalDen - 1)));
  }
  const raw = sites.map((s): number | null => {
    if (s.denominator <= 0 || reference === null) return null;
    switch (definition.statistic) {
      case 'binomial':
        return binomialZ(Math.round(s.numerator), Math.round(s.denominator), reference);
      case 'poisson':
        return poissonZ(Math.round(s.numerator), reference * s.denominator);
      case 'mean':
        return sd > 0 ? (s.numerator / s.denominator - reference) / (sd / Math.sqrt(s.denominator)) : 0;
    }
  });
  const phi = overdispersion(raw.filter((z): z is number => z !== null));
  const results = sites.map((s, i): KriResult => {
    const z = raw[i] === null ? null : raw[i]! / Math.sqrt(phi);
    return {
      code: definition.code,
      statistic: definition.statistic,
      adverse: definition.adverse,
      value: s.denominator > 0 ? s.numerator / s.denominator : null,
      reference,
      numerator: s.numerator,
      denominator: s.denominator,
      z: z === null ? null : Math.round(z * 100) / 100,
      level: levelOf(z, definition.adverse),
    };
  });
  return { sites: results, reference, phi };
}

/**
 * A site's risk score: Σ over its indicators of how far beyond the 95 % limit each lies in the adverse
 * direction (0 when every indicator is within it).
 */
export function riskScore(kris: KriResult[]): number {
  const beyond = kris.reduce((a, k) => {
    if (k.z === null) return a;
    const distance = k.adverse === 'higher' ? k.z : k.adverse === 'lower' ? -k.z : Math.abs(k.z);
    return a + Math.max(0, distance - KRI_LIMITS.warning);
  }, 0);
  return Math.round(beyond * 100) / 100;
}

/**
 * Site performance score = 100 × the mean of the components the site has data for, one decimal:
 *   visits      completed visits / visits due by today
 *   queries     queries answered by their due date / queries due by today (not cancelled)
 *   enrollment  min(1, enrolled / expected by the study's plan today)
 */
export function performanceScore(components: { visits: number | null; queries: number | null; enrollment: number | null }) {
  const present = [components.visits, components.queries, components.enrollment].filter((v): v is number => v !== null);
  return present.length ? Math.round((1000 * present.reduce((a, v) => a + v, 0)) / present.length) / 10 : null;
}
