import { describe, expect, it } from 'vitest';
import { studyInsights, type StudyFigures } from '../src/modules/studies/insights.ts';

const base: StudyFigures = {
  status: 'active',
  targetEnrollment: 100,
  plannedEndDate: '2030-01-01',
  today: '2025-01-01',
  current: 0,
  everEnrolled: 0,
  firstEnrollment: null,
  subjects: 0,
  subjectsMissingDemographics: 0,
  visitsDue: 0,
  visitsDueNotCompleted: 0,
  sites: [],
};
const codes = (f: Partial<StudyFigures>) => studyInsights({ ...base, ...f }).map((i) => i.code);

describe('study insights', () => {
  it('says when nothing can be measured yet', () => {
    expect(codes({})).toEqual(['noEnrollmentYet', 'noSites', 'noSubjects']);
  });

  it('reports a reached target and a completed study without a pace', () => {
    expect(codes({ current: 100, everEnrolled: 104, firstEnrollment: '2024-01-01' })[0]).toBe('targetReached');
    expect(codes({ status: 'completed', current: 60, everEnrolled: 60, firstEnrollment: '2022-01-01' })[0]).toBe('enrollmentClosed');
  });

  it('says so when enrollment went above target, with by how much', () => {
    const over = studyInsights({ ...base, current: 113, everEnrolled: 115, firstEnrollment: '2024-01-01' })[0]!;
    expect(over).toMatchObject({ code: 'overTarget', severity: 'warning', params: { current: 113, target: 100, over: 13, percent: 113 } });
  });

  it('projects the pace: at least one month measured, and compared with the planned end date', () => {
    // Ten subjects in the first 5 days count as ten in one month: 90 to go take 9 months.
    const early = studyInsights({ ...base, current: 10, everEnrolled: 10, firstEnrollment: '2024-12-27' })[0]!;
    expect(early.params).toMatchObject({ months: 1, perMonth: 10, monthsToTarget: 9 });
    expect(early.code).toBe('paceOnTrack');
    const late = studyInsights({ ...base, plannedEndDate: '2025-06-01', current: 10, everEnrolled: 10, firstEnrollment: '2024-12-27' })[0]!;
    expect(late.code).toBe('paceBehind');
    expect(late.params.projectedDate! > '2025-06-01').toBe(true);
    expect(codes({ plannedEndDate: null, current: 10, everEnrolled: 10, firstEnrollment: '2024-01-01' })[0]).toBe('paceNoPlannedEnd');
  });

  it('finds no site behind while nothing is enrolled, and all on pace when balanced', () => {
    const sites = [
      { siteNumber: 'S1', status: 'active', target: 10, enrolled: 0 },
      { siteNumber: 'S2', status: 'active', target: 10, enrolled: 0 },
    ];
    expect(codes({ sites })[1]).toBe('sitesNotMeasured');
    const balanced = sites.map((s) => ({ ...s, enrolled: 5 }));
    expect(codes({ sites: balanced })[1]).toBe('sitesOnPace');
  });

  it('reports complete data when every due visit is completed and demographics are filled', () => {
    const ok = studyInsights({ ...base, subjects: 5, visitsDue: 12, visitsDueNotCompleted: 0 }).at(-1)!;
    expect(ok).toMatchObject({ code: 'dataComplete', severity: 'success' });
    expect(studyInsights({ ...base, subjects: 5, visitsDue: 0 }).at(-1)!.message).toMatch(/^No visit due yet/);
  });
});
