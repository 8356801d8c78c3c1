// The USDM import vs protocol analysis comparison: visits pair by day, then by name; assessments by
// library domain, then by name; what differs is named.
import { describe, expect, it } from 'vitest';
import type { ProtocolAnalysis, UsdmProposal } from '@ctp/contracts';
import { compareWithProtocol } from '../src/features/usdm/compare-with-protocol.ts';

const origin = (id: string) => ({ id, name: id, instanceType: 'Encounter' });
const evidence = { page: 1, paragraph: null, line: 1, table: null, row: null, text: 'x' };

function usdm(visits: [string, string, number | null, number, number][], forms: [string, string | null, string[]][]): UsdmProposal {
  return {
    usdmVersion: '4.0.0',
    systemName: null,
    study: { origin: origin('S'), title: 'T', titles: [], acronym: null, code: 'T', identifiers: [], phase: null, phaseDecode: null, studyType: null, therapeuticAreas: [], plannedEnrollment: null, description: null },
    arms: [],
    epochs: [],
    elements: [],
    cells: [],
    visits: visits.map(([code, name, dayOffset, windowBefore, windowAfter]) => ({ origin: origin(code), code, name, dayOffset, windowBefore, windowAfter, epochCode: null, unscheduled: dayOffset === null, conditional: false, timing: null })),
    forms: forms.map(([name, libraryDomain, visitCodes]) => ({ origin: origin(name), name, category: 'Visit', libraryDomain, matchedFields: [], concepts: [], visitCodes })),
    criteria: [],
    objectives: [],
  };
}

function analysis(visits: [string, string, number, number, number][], forms: [string, string | null, string[]][]): ProtocolAnalysis {
  return {
    forms: forms.map((f) => f[0]),
    dataPoints: [],
    document: { fileName: 'p.pdf', format: 'pdf', pages: 1, paragraphs: 1, tables: 1 },
    scheduleSource: 'table',
    visits: visits.map(([code, name, day, windowBefore, windowAfter]) => ({ code, name, day, dayStated: true, windowBefore, windowAfter, assessments: [], evidence })),
    proposedForms: forms.map(([name, libraryDomain, v]) => ({ key: name, name, category: 'Visit', libraryDomain, fieldsCount: 0, dataPoints: [], assessments: [], matched: [], visits: v, evidence: [] })),
    assessments: [],
    criteria: { inclusion: [], exclusion: [] },
    endpoints: { primary: [], secondary: [] },
    plannedEnrollment: null,
  };
}

describe('compareWithProtocol', () => {
  const u = usdm(
    [
      ['E1', 'Screening', -14, 0, 0],
      ['E2', 'Baseline', 1, 0, 0],
      ['E3', 'Week 4', 29, 3, 3],
      ['E4', 'Unscheduled', null, 0, 0],
    ],
    [
      ['Vital Signs', 'VS', ['E1', 'E2', 'E3']],
      ['ECG', null, ['E2']],
      ['Quality of life', null, ['E3']],
    ],
  );
  const p = analysis(
    [
      ['SCR', 'Screening visit', -14, 0, 0],
      ['V2', 'Week 4', 28, 2, 2],
      ['V1', 'Day 1', 1, 0, 0],
      ['FU', 'Follow-up', 60, 7, 7],
    ],
    [
      ['Vital signs', 'VS', ['SCR', 'V1', 'V2']],
      ['ECG', null, ['V1', 'FU']],
      ['Laboratory', 'LB', ['SCR']],
    ],
  );
  const c = compareWithProtocol(u, p);

  it('pairs visits by day, then by name, and names what differs', () => {
    expect(c.visits.map((r) => [r.usdm?.code ?? null, r.protocol?.code ?? null, r.match, r.differences])).toEqual([
      ['E1', 'SCR', 'same', []],
      ['E2', 'V1', 'same', []],
      ['E3', 'V2', 'differs', ['day', 'window']],
      ['E4', null, 'usdmOnly', []],
      [null, 'FU', 'protocolOnly', []],
    ]);
    expect(c.summary.visits).toEqual({ same: 2, differs: 1, usdmOnly: 1, protocolOnly: 1 });
  });

  it('pairs assessments by library domain, then by name, comparing their visits through the visit pairs', () => {
    expect(c.assessments.map((r) => [r.usdm?.name ?? null, r.protocol?.name ?? null, r.match])).toEqual([
      ['Vital Signs', 'Vital signs', 'same'],
      ['ECG', 'ECG', 'differs'],
      ['Quality of life', null, 'usdmOnly'],
      [null, 'Laboratory', 'protocolOnly'],
    ]);
    expect(c.assessments[1]!.protocol!.visits).toEqual(['Baseline', 'Follow-up']);
    expect(c.summary.assessments).toEqual({ same: 1, differs: 1, usdmOnly: 1, protocolOnly: 1 });
  });
});
