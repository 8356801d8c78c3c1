// Predictive analytics (/analytics): the enrollment forecast (Poisson-gamma recruitment model), the
// key risk indicators of risk-based monitoring, and the screen's computed figures. The formulas are
// stated in the README ("Predictive analytics") and on the screen.
import { z } from 'zod';
import { id } from './common.ts';

export const analyticsOverviewInput = z.object({ studyId: id.optional() }).optional();
export type AnalyticsOverviewInput = z.infer<typeof analyticsOverviewInput>;
export const analyticsStudyInput = z.object({ studyId: id });
export type AnalyticsStudyInput = z.infer<typeof analyticsStudyInput>;

export const FORECAST = {
  /** Monte Carlo runs for a study's forecast. */
  runs: 2000,
  /** Runs not finished within this many days count as not finishing (10 years). */
  horizonDays: 3653,
  /** The chart's forecast points at most. */
  maxChartPoints: 120,
  /** Interval levels shown: 80 % (10th-90th percentile) and 95 % (2.5th-97.5th). */
  intervals: [80, 95],
  /** Studies in the predictions list at most. */
  maxPredictions: 50,
} as const;

/** Average days in a month (365.25 / 12). */
export const DAYS_PER_MONTH = 30.4375;

export const KRI_CODES = [
  'queryRate',
  'queryAnswerDays',
  'aeRate',
  'missingForms',
  'outOfWindow',
  'screenFailure',
  'enrollmentVsPlan',
] as const;
export type KriCode = (typeof KRI_CODES)[number];

export const KRI_LIMITS = {
  /** |z| beyond the 95 % funnel limit: worth a look. */
  warning: 1.96,
  /** |z| beyond the 99.8 % funnel limit: a clear outlier among the study's sites. */
  alert: 3.09,
  /** Overdispersion is estimated (and corrected for) only with at least this many sites. */
  minSitesForOverdispersion: 5,
} as const;

export type KriStatistic = 'binomial' | 'poisson' | 'mean';
export type KriLevel = 'within' | 'warning' | 'alert' | 'no-data';
/** Which way is adverse: higher than the study's sites, lower, or either. */
export type KriDirection = 'higher' | 'lower' | 'both';

export interface KriResult {
  code: KriCode;
  statistic: KriStatistic;
  adverse: KriDirection;
  /** The site's value (a proportion, a rate per unit or a mean), null without data. */
  value: number | null;
  /** The same figure over all the study's sites. */
  reference: number | null;
  numerator: number;
  denominator: number;
  /** z-score against the study's sites (after the overdispersion correction), null without data. */
  z: number | null;
  level: KriLevel;
}

/** A site's performance score components (each 0-1) and the score (0-100, one decimal). */
export interface SitePerformance {
  visits: number | null;
  queries: number | null;
  enrollment: number | null;
  score: number | null;
}
