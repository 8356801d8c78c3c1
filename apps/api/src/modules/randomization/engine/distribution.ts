// Summaries of a sample of imbalances: mean, percentiles (nearest rank), maximum and a histogram.

export interface Distribution {
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export interface HistogramBar {
  imbalance: number;
  trials: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export function summarize(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  return {
    mean: round(mean),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** How many trials ended with each imbalance value (values are multiples of 1/ratio, so few). */
export function histogram(values: readonly number[]): HistogramBar[] {
  const bars = new Map<number, number>();
  for (const v of values) bars.set(round(v), (bars.get(round(v)) ?? 0) + 1);
  return [...bars.entries()].sort((a, b) => a[0] - b[0]).map(([imbalance, trials]) => ({ imbalance, trials }));
}
