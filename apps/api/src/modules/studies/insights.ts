// AI Study Insights: plain rules over one study's own figures, each item saying what it measured.
// No I/O here (detail.ts loads the figures); every formula is written beside its code.
import type { StudyInsight, StudyStatus } from '@ctp/contracts';

/** Average days in a month (365.25 / 12): months = days / 30.4375. */
export const DAYS_PER_MONTH = 30.4375;
/** A site is behind when its enrolled/target is below this share of the study-wide ratio. */
export const SITE_BEHIND_SHARE = 0.5;
const LISTED_SITES = 3;

export interface StudyFigures {
  status: StudyStatus;
  targetEnrollment: number;
  plannedEndDate: string | null;
  /** The database's current_date, 'YYYY-MM-DD'. */
  today: string;
  /** Subjects enrolled or completed (the spec's currentEnrollment). */
  current: number;
  /** Subjects with an enrollment date, whatever happened to them since (withdrawn included). */
  everEnrolled: number;
  firstEnrollment: string | null;
  subjects: number;
  subjectsMissingDemographics: number;
  visitsDue: number;
  visitsDueNotCompleted: number;
  sites: { siteNumber: string; status: string; target: number; enrolled: number }[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function studyInsights(f: StudyFigures): StudyInsight[] {
  return [enrollmentPace(f), ...siteInsights(f), missingData(f)];
}

/**
 * Enrollment pace since the first enrollment:
 *   months      = max(1, (today - first enrollment date) / 30.4375)   (at least a month, so day one is not a spike)
 *   perMonth    = subjects ever enrolled / months
 *   monthsToTarget = (target - current) / perMonth
 *   projected   = today + monthsToTarget * 30.4375 days, compared with the planned end date.
 */
export function enrollmentPace(f: StudyFigures): StudyInsight {
  const kind = 'enrollmentPace' as const;
  const { current, targetEnrollment: target } = f;
  if (current > target) {
    // Over-enrollment is worth saying: it costs budget and may need the sponsor's and ethics' agreement.
    const over = current - target;
    const percent = Math.round((100 * current) / target);
    return { kind, severity: 'warning', code: 'overTarget', params: { current, target, over, percent }, message: `Enrolled above target: ${current} of ${target} subjects (${percent}%), ${over} more than planned.` };
  }
  if (current === target) {
    return { kind, severity: 'success', code: 'targetReached', params: { current, target }, message: `Enrollment target reached: ${current} of ${target} subjects enrolled.` };
  }
  if (f.status === 'completed') {
    return { kind, severity: 'info', code: 'enrollmentClosed', params: { current, target }, message: `Study completed with ${current} of ${target} subjects enrolled.` };
  }
  if (!f.firstEnrollment || f.everEnrolled === 0) {
    return { kind, severity: 'info', code: 'noEnrollmentYet', params: { target }, message: `No subject enrolled yet, so the pace towards the target of ${target} cannot be measured.` };
  }
  const months = Math.max(1, daysBetween(f.firstEnrollment, f.today) / DAYS_PER_MONTH);
  const perMonth = f.everEnrolled / months;
  const monthsToTarget = (target - current) / perMonth;
  const projectedDate = addDays(f.today, Math.ceil(monthsToTarget * DAYS_PER_MONTH));
  const params = {
    enrolled: f.everEnrolled,
    current,
    target,
    since: f.firstEnrollment,
    months: round1(months),
    perMonth: round1(perMonth),
    monthsToTarget: round1(monthsToTarget),
    projectedDate,
    plannedEndDate: f.plannedEndDate,
  };
  const measured = `${plural(f.everEnrolled, 'subject', 'subjects')} enrolled since ${f.firstEnrollment}, withdrawals included (${params.perMonth} per month); ${target - current} more needed takes about ${params.monthsToTarget} months, reaching the target around ${projectedDate}`;
  if (!f.plannedEndDate) {
    return { kind, severity: 'info', code: 'paceNoPlannedEnd', params, message: `${measured}; the study has no planned end date to compare with.` };
  }
  return projectedDate <= f.plannedEndDate
    ? { kind, severity: 'success', code: 'paceOnTrack', params, message: `${measured}, before the planned end on ${f.plannedEndDate}.` }
    : { kind, severity: 'warning', code: 'paceBehind', params, message: `${measured}, after the planned end on ${f.plannedEndDate}.` };
}

/**
 * Sites behind, among active study sites:
 *   studyRatio = sum(enrolled at active sites) / sum(targets of active sites)
 *   behind     = active sites with enrolled / target < 0.5 * studyRatio
 * plus the sites still pending activation.
 */
export function siteInsights(f: StudyFigures): StudyInsight[] {
  const kind = 'sitesBehind' as const;
  if (!f.sites.length) {
    return [{ kind, severity: 'info', code: 'noSites', params: {}, message: 'No site is assigned to this study yet.' }];
  }
  const active = f.sites.filter((s) => s.status === 'active' && s.target > 0);
  const targets = active.reduce((a, s) => a + s.target, 0);
  const studyRatio = targets > 0 ? active.reduce((a, s) => a + s.enrolled, 0) / targets : 0;
  const behind = studyRatio > 0
    ? active.filter((s) => s.enrolled / s.target < SITE_BEHIND_SHARE * studyRatio).sort((a, b) => a.enrolled / a.target - b.enrolled / b.target)
    : [];
  const pending = f.sites.filter((s) => s.status === 'pending');
  const studyPercent = Math.round(studyRatio * 100);
  const items: StudyInsight[] = [];
  if (behind.length) {
    const sites = behind.slice(0, LISTED_SITES).map((s) => s.siteNumber).join(', ');
    items.push({
      kind,
      severity: 'warning',
      code: 'sitesBehind',
      params: { count: behind.length, measured: active.length, studyPercent, sites },
      message: `${behind.length} of ${plural(active.length, 'active site', 'active sites')} enrolled less than half the study-wide rate (${studyPercent}% of target): ${sites}${behind.length > LISTED_SITES ? ', ...' : ''}.`,
    });
  }
  if (pending.length) {
    const sites = pending.slice(0, LISTED_SITES).map((s) => s.siteNumber).join(', ');
    items.push({
      kind,
      severity: 'warning',
      code: 'sitesPending',
      params: { count: pending.length, total: f.sites.length, sites },
      message: `${plural(pending.length, 'site is', 'sites are')} still pending activation: ${sites}${pending.length > LISTED_SITES ? ', ...' : ''}.`,
    });
  }
  if (!items.length) {
    items.push(
      active.length && studyRatio > 0
        ? { kind, severity: 'success', code: 'sitesOnPace', params: { measured: active.length, studyPercent }, message: `All ${plural(active.length, 'active site enrolls', 'active sites enroll')} at least half the study-wide rate (${studyPercent}% of target).` }
        : { kind, severity: 'info', code: 'sitesNotMeasured', params: { measured: active.length }, message: `${plural(active.length, 'active site', 'active sites')} and no enrollment yet to compare sites with.` },
    );
  }
  return items;
}

/**
 * Data still missing:
 *   visits due by today (scheduled on or before today) that are not completed
 *   subjects missing any demographic field (year of birth, sex, ethnicity)
 */
export function missingData(f: StudyFigures): StudyInsight {
  const kind = 'dataMissing' as const;
  const params = {
    visitsDue: f.visitsDue,
    visitsMissing: f.visitsDueNotCompleted,
    subjects: f.subjects,
    subjectsMissingDemographics: f.subjectsMissingDemographics,
  };
  if (f.subjects === 0) {
    return { kind, severity: 'info', code: 'noSubjects', params, message: 'No subject yet, so there is no visit or demographic data to check.' };
  }
  if (f.visitsDueNotCompleted === 0 && f.subjectsMissingDemographics === 0) {
    return {
      kind,
      severity: 'success',
      code: 'dataComplete',
      params,
      message: `${f.visitsDue ? `All ${plural(f.visitsDue, 'visit', 'visits')} due by today completed` : 'No visit due yet'}; all ${plural(f.subjects, 'subject has', 'subjects have')} complete demographics.`,
    };
  }
  return {
    kind,
    severity: 'warning',
    code: 'dataMissing',
    params,
    message: `${f.visitsDueNotCompleted} of ${plural(f.visitsDue, 'visit', 'visits')} due by today not completed; ${f.subjectsMissingDemographics} of ${plural(f.subjects, 'subject', 'subjects')} missing demographics (year of birth, sex or ethnicity).`,
  };
}
