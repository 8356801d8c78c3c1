// analytics.forecast: one study's enrollment forecast (forecast.ts) from its sites' history, with the
// chart's series (actual cumulative enrollments, the forecast median and its 80 % and 95 % bands) and
// the per-site table. A subject counts from its enrollment date, whatever its later status: the model
// forecasts enrollments, and withdrawals after enrollment are not replaced.
import { DAYS_PER_MONTH, FORECAST } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import { assertStudyVisible, canSeeStudySite, visibleStudyIds, type StudyScope } from '../../access.ts';
import { daysBetween, todayIso } from '../../sql-helpers.ts';
import { activationDelays, enrollmentsByDay, siteRows, studyRow, type SiteRow } from './data.ts';
import { forecastStudyForDay, probabilityBy, seedFor, type Quantiles, type SiteHistory, type StudyForecast } from './forecast.ts';
import { refuse } from '../../refusal.ts';

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A site's state in the model: active sites recruit, pending ones will, the others no longer do. */
export function siteHistory(site: { siteId: number; status: string; enrolled: number; activeDays: number | null; waitedDays: number; target: number }): SiteHistory {
  const state = site.status === 'active' ? 'active' : site.status === 'pending' ? 'pending' : 'closed';
  return {
    id: site.siteId,
    state,
    enrolled: site.enrolled,
    exposureDays: state === 'active' ? Math.max(0, site.activeDays ?? 0) : 0,
    waitedDays: Math.max(0, site.waitedDays),
    target: site.target,
  };
}

export type ForecastState = 'forecast' | 'complete' | 'no-enrollments' | 'not-recruiting';

export interface DateQuantiles {
  p025: string | null;
  p10: string | null;
  p50: string | null;
  p90: string | null;
  p975: string | null;
}

/** Days from today as calendar dates: a completion on day 3.2 happens on the 4th day. */
export function datesOf(today: string, q: Quantiles): DateQuantiles {
  const at = (d: number | null) => (d === null ? null : addDays(today, Math.ceil(d)));
  return { p025: at(q.p025), p10: at(q.p10), p50: at(q.p50), p90: at(q.p90), p975: at(q.p975) };
}

export const months = (days: number | null) => (days === null ? null : Math.round((days / DAYS_PER_MONTH) * 10) / 10);

export interface ChartPoint {
  date: string;
  actual: number | null;
  median: number | null;
  band80: [number, number] | null;
  band95: [number, number] | null;
}

/** Cumulative enrollments at most ~150 points from the first enrollment to today (the last one on today). */
function actualSeries(days: { day: string; n: number }[], today: string): ChartPoint[] {
  if (!days.length) return [];
  const first = days[0]!.day;
  const span = Math.max(1, daysBetween(first, today));
  const step = Math.max(7, Math.ceil(span / 150));
  const points: ChartPoint[] = [];
  let k = 0;
  let total = 0;
  for (let offset = 0; ; offset += step) {
    const date = offset >= span ? today : addDays(first, offset);
    while (k < days.length && days[k]!.day <= date) total += days[k++]!.n;
    points.push({ date, actual: total, median: null, band80: null, band95: null });
    if (date === today) break;
  }
  return points;
}

/** The forecast's grid: day 0 to a little past the 97.5th percentile, at most FORECAST.maxChartPoints points. */
function gridFor(f: StudyForecast): number[] {
  const far = f.completion.p975 ?? f.completion.p90 ?? f.completion.p50 ?? FORECAST.horizonDays;
  const end = Math.min(FORECAST.horizonDays, Math.max(28, Math.ceil(far * 1.1)));
  const step = Math.max(7, Math.ceil(end / (FORECAST.maxChartPoints - 1)));
  const grid: number[] = [];
  for (let d = 0; d < end; d += step) grid.push(d);
  grid.push(end);
  return grid;
}

export async function studyForecast(db: Db, scope: StudyScope, studyId: number) {
  assertStudyVisible(scope, studyId);
  const study = await studyRow(db, studyId);
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  const [sites, byDay, delays] = await Promise.all([
    siteRows(db, studyId),
    enrollmentsByDay(db, studyId),
    activationDelays(db, studyId, visibleStudyIds(scope)),
  ]);
  const today = study.today;
  const enrolled = byDay.reduce((a, d) => a + d.n, 0);
  const remaining = Math.max(0, study.target - enrolled);
  const actual = actualSeries(byDay, today);
  const base = {
    study: { id: study.id, code: study.code, title: study.title, status: study.status, target: study.target, startDate: study.startDate, planEnd: study.planEnd },
    today,
    enrolled,
    remaining,
    runs: FORECAST.runs,
    horizonDays: FORECAST.horizonDays,
  };
  const visibleSites = sites.filter((s) => canSeeStudySite(scope, studyId, s.siteId));
  const siteTable = (f: StudyForecast | null) => visibleSites.map((s) => siteEntry(s, f, today));
  const empty = { model: null, completion: null, monthsToCompletion: null, probabilityByPlanEnd: null, finishing: null, pendingWithoutDelay: 0 };

  if (remaining === 0) {
    // The date the target was reached: the day the cumulative count first reached it.
    let total = 0;
    const reachedOn = byDay.find((d) => (total += d.n) >= study.target)?.day ?? null;
    return { ...base, state: 'complete' as ForecastState, reachedOn, ...empty, series: actual, sites: siteTable(null) };
  }
  if (!['active', 'enrolling'].includes(study.status)) {
    return { ...base, state: 'not-recruiting' as ForecastState, reachedOn: null, ...empty, series: actual, sites: siteTable(null) };
  }
  const histories = sites.map(siteHistory);
  const utcDate = todayIso();
  // A first pass places the chart's grid; the second, with the grid, gives every figure shown (its
  // completion figures are those of the predictions list: forecastStudyForDay).
  const first = forecastStudyForDay(studyId, utcDate, histories, remaining, delays, { runs: Math.ceil(FORECAST.runs / 4) });
  if (!first) {
    return { ...base, state: 'no-enrollments' as ForecastState, reachedOn: null, ...empty, series: actual, sites: siteTable(null) };
  }
  const f = forecastStudyForDay(studyId, utcDate, histories, remaining, delays, { gridDays: gridFor(first), perSite: true })!;
  const forecastPoints: ChartPoint[] = f.bands.map((b) => ({
    date: addDays(today, b.day),
    actual: null,
    median: enrolled + (b.p50 ?? 0),
    band80: [enrolled + (b.p10 ?? 0), enrolled + (b.p90 ?? 0)],
    band95: [enrolled + (b.p025 ?? 0), enrolled + (b.p975 ?? 0)],
  }));
  // Today joins the two lines: the actual count and the forecast's start.
  const series = [...actual.filter((p) => p.date < today), { ...forecastPoints[0]!, actual: enrolled }, ...forecastPoints.slice(1)];
  const planDays = study.planEnd ? daysBetween(today, study.planEnd) : null;
  return {
    ...base,
    state: 'forecast' as ForecastState,
    reachedOn: null,
    model: {
      method: f.prior.method,
      sitesFitted: f.prior.sites,
      priorShape: round(f.prior.shape, 3),
      priorRatePerDay: round(f.prior.rate, 3),
      /** The prior's mean rate per site and month, and its coefficient of variation (1/√α). */
      priorMeanPerMonth: round((f.prior.shape / f.prior.rate) * DAYS_PER_MONTH, 2),
      priorCv: round(1 / Math.sqrt(f.prior.shape), 2),
      seed: seedFor(studyId, utcDate),
    },
    completion: datesOf(today, f.completion),
    monthsToCompletion: { p10: months(f.completion.p10), p50: months(f.completion.p50), p90: months(f.completion.p90), p025: months(f.completion.p025), p975: months(f.completion.p975) },
    probabilityByPlanEnd: planDays === null ? null : round(probabilityBy(f, planDays), 3),
    finishing: round(f.finishing, 3),
    pendingWithoutDelay: f.pendingWithoutDelay,
    series,
    sites: siteTable(f),
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function siteEntry(s: SiteRow, f: StudyForecast | null, today: string) {
  const modelled = f?.sites.find((x) => x.id === s.siteId);
  return {
    siteId: s.siteId,
    siteNumber: s.siteNumber,
    siteName: s.siteName,
    status: s.status,
    enrolled: s.enrolled,
    target: s.target,
    activeDays: s.status === 'active' ? Math.max(0, s.activeDays ?? 0) : null,
    /** Subjects per month: the posterior mean and 95 % interval (the prior for a pending site). */
    ratePerMonth: modelled
      ? { mean: round(modelled.rate.mean * DAYS_PER_MONTH, 2), p025: round(modelled.rate.p025 * DAYS_PER_MONTH, 2), p975: round(modelled.rate.p975 * DAYS_PER_MONTH, 2) }
      : null,
    targetReached: s.enrolled >= s.target,
    /** When the site reaches its own target (median, 80 % and 95 % intervals); null once reached. */
    targetDate: modelled?.toTarget && s.enrolled < s.target ? datesOf(today, modelled.toTarget) : null,
    /** Expected number of the study's remaining subjects this site enrolls. */
    expectedAdditional: modelled ? round(modelled.expectedAdditional, 1) : null,
  };
}
