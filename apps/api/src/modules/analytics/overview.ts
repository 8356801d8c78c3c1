// analytics.overview: the screen's figures that reuse other modules' computations, for the chosen study
// (default: the user's first recruiting study by code):
//   dataQuality   the dashboard's data quality score (dashboard/quality.ts) over the study
//   compliance    100 × compliance checks passed / checks (dashboard/compliance.ts), one decimal
//   reports       the CTMS Reports figures (trials/portfolio.ts) over the study
// analytics.predictions: per recruiting study the user may see (at most FORECAST.maxPredictions, by code),
// the enrollment forecast's median completion date, its 80 % interval and the probability of reaching the
// target by the plan's end (the 'Last Patient In' milestone, else the planned end date): the same forecast
// as analytics.forecast (forecastStudyForDay: same runs, inputs and seed of the study and UTC day).
import { FORECAST } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import type { Config } from '../../config.ts';
import { assertStudyVisible, visibleStudyIds, type StudyScope } from '../../access.ts';
import { computeDataQualityScore } from '../dashboard/quality.ts';
import { computeCompliance } from '../dashboard/compliance.ts';
import { cachedFigure, scopeKey } from '../dashboard/figure-cache.ts';
import { portfolioReports } from '../trials/portfolio.ts';
import { daysBetween, todayIso } from '../../sql-helpers.ts';
import { defaultStudyId, pooledActivationDelays, portfolioSiteRows, recruitingStudies } from './data.ts';
import { forecastStudyForDay, probabilityBy } from './forecast.ts';
import { siteHistory } from './study-forecast.ts';
import { datesOf, months } from './study-forecast.ts';

interface Ctx {
  db: Db;
  config: Config;
  scope: StudyScope;
}

export async function analyticsOverview(ctx: Ctx, studyId: number | undefined) {
  const ids = visibleStudyIds(ctx.scope);
  if (studyId !== undefined) assertStudyVisible(ctx.scope, studyId);
  const selected = studyId ?? (await defaultStudyId(ctx.db, ids));
  const ttl = ctx.config.DASHBOARD_CACHE_SECONDS;
  // The same cache keys as the dashboard's: one computation serves both screens.
  const [compliance, dataQuality, reports] = await Promise.all([
    cachedFigure(ctx.db, 'compliance', ttl, () => computeCompliance(ctx.db)),
    selected === null ? null : cachedFigure(ctx.db, `quality:${scopeKey([selected])}`, ttl, () => computeDataQualityScore(ctx.db, [selected])),
    selected === null ? null : portfolioReports(ctx.db, [selected]),
  ]);
  const passed = compliance.checks.filter((c) => c.passed).length;
  return {
    studyId: selected,
    dataQuality,
    compliance: {
      score: compliance.checks.length ? Math.round((1000 * passed) / compliance.checks.length) / 10 : null,
      passed,
      total: compliance.checks.length,
      failed: compliance.checks.filter((c) => !c.passed).map((c) => ({ code: c.code, regulation: c.regulation, params: c.params, check: c.check })),
    },
    reports,
  };
}

export async function analyticsPredictions(ctx: Ctx) {
  const ids = visibleStudyIds(ctx.scope);
  return cachedFigure(ctx.db, `predictions:${scopeKey(ids)}`, ctx.config.DASHBOARD_CACHE_SECONDS, () => computePredictions(ctx.db, ids));
}

async function computePredictions(db: Db, ids: number[] | null) {
  const { studies, total } = await recruitingStudies(db, ids, FORECAST.maxPredictions);
  const sites = await portfolioSiteRows(db, studies.map((s) => s.id));
  // A study with fewer than 3 activations of its own draws pending sites' delays from the pool (activationDelays).
  const pool = studies.some((s) => s.delays.length < 3) ? await pooledActivationDelays(db, ids) : [];
  const utcDate = todayIso();
  const items = studies.map((s) => {
    const remaining = Math.max(0, s.target - s.enrolled);
    const planDays = s.planEnd ? daysBetween(s.today, s.planEnd) : null;
    const base = { studyId: s.id, code: s.code, title: s.title, enrolled: s.enrolled, target: s.target, planEnd: s.planEnd };
    if (remaining === 0) return { ...base, state: 'complete' as const, completion: null, monthsToCompletion: null, probabilityByPlanEnd: 1 };
    const histories = sites.filter((r) => r.studyId === s.id).map(siteHistory);
    const f = forecastStudyForDay(s.id, utcDate, histories, remaining, s.delays.length >= 3 ? s.delays : pool);
    if (!f) return { ...base, state: 'no-enrollments' as const, completion: null, monthsToCompletion: null, probabilityByPlanEnd: null };
    return {
      ...base,
      state: 'forecast' as const,
      completion: datesOf(s.today, f.completion),
      monthsToCompletion: months(f.completion.p50),
      probabilityByPlanEnd: planDays === null ? null : Math.round(probabilityBy(f, planDays) * 1000) / 1000,
    };
  });
  // Most at risk of missing the plan first; studies without a forecast last.
  items.sort((a, b) => (a.probabilityByPlanEnd ?? 2) - (b.probabilityByPlanEnd ?? 2) || a.code.localeCompare(b.code));
  return { items, total, runs: FORECAST.runs };
}
