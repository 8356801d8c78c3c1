import { describe, expect, it } from 'vitest';
import type { SiteStudy } from '@ctp/contracts';
import { siteInsights, type SiteMetrics } from '../src/modules/sites/insights.ts';
import { subjectCode } from '../src/modules/patients/schedule.ts';
import { containsPattern } from '../src/sql-helpers.ts';
import { listQuery } from '../src/modules/sites/rest-query.ts';

const quiet: SiteMetrics = {
  screened: 0,
  everEnrolled: 0,
  screenFailures: 0,
  withdrawals: 0,
  visitsDue: 0,
  visitsCompleted: 0,
  visitsMissed: 0,
  deviations: 0,
  seriousDeviations: 0,
};
const study = (over: Partial<SiteStudy>): SiteStudy => ({
  studyId: 1,
  studyCode: 'ONC-2024-001',
  title: 'T',
  status: 'active',
  studySiteStatus: 'active',
  enrollmentTarget: 10,
  currentEnrollment: 0,
  assignedOn: '2026-01-01',
  activatedOn: '2026-01-10',
  version: 1,
  ...over,
});

describe('site insights', () => {
  it('grades enrollment against the target at 80% and 50%', () => {
    const codes = (current: number) =>
      siteInsights(quiet, [study({ currentEnrollment: current })], '2026-03-01').map((i) => [
        i.severity,
        i.code,
      ]);
    expect(codes(8)).toEqual([['success', 'enrollmentOnTarget']]);
    expect(codes(5)).toEqual([['info', 'enrollmentProgress']]);
    expect(codes(4)).toEqual([['warning', 'enrollmentBelowTarget']]);
  });

  it('reports pending activation with the days waited, and no data when there is nothing to measure', () => {
    const pending = siteInsights(
      quiet,
      [study({ studySiteStatus: 'pending', assignedOn: '2026-02-19', activatedOn: null })],
      '2026-03-01',
    );
    expect(pending).toEqual([
      expect.objectContaining({ code: 'activationPending', params: { study: 'ONC-2024-001', days: 10 } }),
    ]);
    expect(siteInsights(quiet, [], '2026-03-01').map((i) => i.code)).toEqual(['noData']);
  });

  it('flags high screen-failure and withdrawal rates, low visit completion and serious deviations, warnings first', () => {
    const metrics: SiteMetrics = {
      screened: 10,
      everEnrolled: 6,
      screenFailures: 3,
      withdrawals: 1,
      visitsDue: 20,
      visitsCompleted: 17,
      visitsMissed: 2,
      deviations: 2,
      seriousDeviations: 1,
    };
    const out = siteInsights(metrics, [study({ currentEnrollment: 9 })], '2026-03-01');
    expect(out.map((i) => [i.severity, i.code])).toEqual([
      ['warning', 'screenFailureHigh'],
      ['warning', 'withdrawalHigh'],
      ['warning', 'visitCompletionLow'],
      ['warning', 'protocolDeviations'],
      ['success', 'enrollmentOnTarget'],
    ]);
    expect(out[0]!.params).toEqual({ failures: 3, screened: 10, rate: 30 });
    expect(out[2]!.params).toEqual({ completed: 17, due: 20, missed: 2, rate: 85 });
    const good = siteInsights(
      {
        ...metrics,
        screenFailures: 1,
        withdrawals: 0,
        visitsCompleted: 19,
        deviations: 0,
        seriousDeviations: 0,
      },
      [],
      '2026-03-01',
    );
    expect(good.map((i) => i.code)).toEqual([
      'screenFailureNormal',
      'withdrawalNormal',
      'visitCompletionGood',
      'noDeviations',
    ]);
  });
});

describe('subject codes and helpers', () => {
  it('builds codes in the demo format', () => {
    expect(subjectCode('ONC-2024-001', 3, 5)).toBe('ONC-03-0005');
    expect(subjectCode('CARD-2025-010', 12, 1234)).toBe('CARD-12-1234');
  });

  it('escapes LIKE wildcards in a search term', () => {
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });

  it('keeps the named query parameters, takes the first of repeated ones and caps the limit', () => {
    expect(
      listQuery({ studyId: ['3', '4'], limit: '5000', offset: '10', other: 'x', search: '' }, [
        'studyId',
        'search',
      ]),
    ).toEqual({
      studyId: '3',
      limit: '100',
      offset: '10',
    });
    expect(listQuery({ limit: 'abc' }, [])).toEqual({ limit: 'abc' });
  });
});
