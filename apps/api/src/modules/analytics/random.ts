// Seeded random draws for the enrollment forecast: the same data and seed always give the same forecast.
//   uniform      mulberry32 (a 32-bit PRNG; plenty for a few million draws per forecast)
//   normal       Marsaglia's polar method
//   gamma        Marsaglia & Tsang (2000), with the U^(1/shape) boost for shape < 1
//   poisson      multiplication of uniforms for a mean below 10; PTRS, transformed rejection with
//                squeeze (Hörmann 1993), for larger means
//   beta         from two gamma draws
// Rates are "per unit of time": gamma(shape, rate) has mean shape / rate.

export interface Rng {
  /** Uniform on [0, 1). */
  next(): number;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** Uniform on (0, 1): never 0, so its logarithm is finite. */
function open(rng: Rng): number {
  let u = rng.next();
  while (u === 0) u = rng.next();
  return u;
}

export function sampleNormal(rng: Rng): number {
  for (;;) {
    const u = 2 * rng.next() - 1;
    const v = 2 * rng.next() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) return u * Math.sqrt((-2 * Math.log(s)) / s);
  }
}

export function sampleExponential(rng: Rng, rate: number): number {
  return -Math.log(open(rng)) / rate;
}

/** Gamma(shape, rate): mean shape / rate, variance shape / rate². */
export function sampleGamma(rng: Rng, shape: number, rate: number): number {
  if (!(shape > 0) || !(rate > 0)) throw new RangeError('gamma needs a positive shape and rate');
  if (shape < 1) return sampleGamma(rng, shape + 1, rate) * Math.pow(open(rng), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = sampleNormal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = open(rng);
    if (u < 1 - 0.0331 * x * x * x * x) return (d * v) / rate;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return (d * v) / rate;
  }
}

/** Beta(a, b) from two gamma draws. */
export function sampleBeta(rng: Rng, a: number, b: number): number {
  const x = sampleGamma(rng, a, 1);
  const y = sampleGamma(rng, b, 1);
  return x / (x + y);
}

/** Poisson(mean). */
export function samplePoisson(rng: Rng, mean: number): number {
  if (!(mean > 0)) return 0;
  if (mean < 10) {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = rng.next();
    while (p > limit) {
      k++;
      p *= rng.next();
    }
    return k;
  }
  // PTRS (Hörmann 1993, "The transformed rejection method for generating Poisson random variables").
  const slam = Math.sqrt(mean);
  const logLam = Math.log(mean);
  const b = 0.931 + 2.53 * slam;
  const a = -0.059 + 0.02483 * b;
  const invAlpha = 1.1239 + 1.1328 / (b - 3.4);
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = rng.next() - 0.5;
    const v = open(rng);
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log(v) + Math.log(invAlpha) - Math.log(a / (us * us) + b) <= -mean + k * logLam - logGamma(k + 1)) return k;
  }
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7; about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let s = LANCZOS[0]!;
  for (let i = 1; i < 9; i++) s += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(s);
}
