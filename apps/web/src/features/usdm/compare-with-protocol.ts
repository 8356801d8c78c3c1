// A USDM import and a protocol analysis of the same protocol side by side (issue 32 item 3): which visits
// and which assessments each found. Visits pair by study day first (the schedule's own key), then by
// name; assessments by CDASH library domain where both map to one, else by name. Pure, so it is tested
// without a browser.
import type { ProtocolAnalysis, UsdmProposal } from '@ctp/contracts';

export type MatchKind = 'same' | 'differs' | 'usdmOnly' | 'protocolOnly';

export interface VisitSide {
  code: string;
  name: string;
  day: number | null;
  windowBefore: number;
  windowAfter: number;
}
export interface AssessmentSide {
  name: string;
  libraryDomain: string | null;
  /** Visit names (not codes: the two sides code visits differently). */
  visits: string[];
}
export interface Row<T> {
  usdm: T | null;
  protocol: T | null;
  match: MatchKind;
  /** For 'differs': what differs (day, window, visits). */
  differences: string[];
}
export interface ScheduleComparison {
  visits: Row<VisitSide>[];
  assessments: Row<AssessmentSide>[];
  summary: Record<'visits' | 'assessments', Record<MatchKind, number>>;
}

export const normalName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Pairs items of two lists: by each key in turn, each item used once; what is left stays alone. */
function pair<A, B>(as: A[], bs: B[], keys: [(a: A) => string | null, (b: B) => string | null][]): [A | null, B | null][] {
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const pairs: [number, number][] = [];
  for (const [keyA, keyB] of keys) {
    as.forEach((a, i) => {
      if (usedA.has(i)) return;
      const k = keyA(a);
      if (k === null) return;
      const j = bs.findIndex((b, jj) => !usedB.has(jj) && keyB(b) === k);
      if (j < 0) return;
      usedA.add(i);
      usedB.add(j);
      pairs.push([i, j]);
    });
  }
  pairs.sort((x, y) => x[0] - y[0]);
  const out: [A | null, B | null][] = pairs.map(([i, j]) => [as[i]!, bs[j]!]);
  as.forEach((a, i) => usedA.has(i) || out.push([a, null]));
  bs.forEach((b, j) => usedB.has(j) || out.push([null, b]));
  return out;
}

function row<T>(usdm: T | null, protocol: T | null, differences: string[]): Row<T> {
  const match: MatchKind = !protocol ? 'usdmOnly' : !usdm ? 'protocolOnly' : differences.length ? 'differs' : 'same';
  return { usdm, protocol, match, differences };
}

function counts<T>(rows: Row<T>[]): Record<MatchKind, number> {
  const c: Record<MatchKind, number> = { same: 0, differs: 0, usdmOnly: 0, protocolOnly: 0 };
  for (const r of rows) c[r.match] += 1;
  return c;
}

export function compareWithProtocol(usdm: UsdmProposal, analysis: ProtocolAnalysis): ScheduleComparison {
  const usdmVisits: VisitSide[] = usdm.visits.map((v) => ({ code: v.code, name: v.name, day: v.dayOffset, windowBefore: v.windowBefore, windowAfter: v.windowAfter }));
  const protocolVisits: VisitSide[] = analysis.visits.map((v) => ({ code: v.code, name: v.name, day: v.day, windowBefore: v.windowBefore, windowAfter: v.windowAfter }));
  const byDay = (v: VisitSide) => (v.day === null ? null : String(v.day));
  const byName = (v: VisitSide) => normalName(v.name);
  const visitPairs = pair(usdmVisits, protocolVisits, [
    [byDay, byDay],
    [byName, byName],
  ]);
  const visits = visitPairs.map(([u, p]) => {
    const differences: string[] = [];
    if (u && p) {
      if (u.day !== p.day) differences.push('day');
      if (u.windowBefore !== p.windowBefore || u.windowAfter !== p.windowAfter) differences.push('window');
    }
    return row(u, p, differences);
  });
  // Assessments' visits are compared through the visit pairs, by the USDM side's names.
  const nameOfUsdmVisit = new Map(usdmVisits.map((v) => [v.code, v.name]));
  const pairedName = new Map<string, string>();
  for (const [u, p] of visitPairs) if (p) pairedName.set(p.code, u ? u.name : p.name);
  const usdmAssessments: AssessmentSide[] = usdm.forms.map((f) => ({
    name: f.name,
    libraryDomain: f.libraryDomain,
    visits: f.visitCodes.map((c) => nameOfUsdmVisit.get(c) ?? c),
  }));
  const protocolAssessments: AssessmentSide[] = analysis.proposedForms.map((f) => ({
    name: f.name,
    libraryDomain: f.libraryDomain,
    visits: f.visits.map((c) => pairedName.get(c) ?? c),
  }));
  const assessments = pair(usdmAssessments, protocolAssessments, [
    [(a) => a.libraryDomain, (a) => a.libraryDomain],
    [(a) => normalName(a.name), (a) => normalName(a.name)],
  ]).map(([u, p]) => {
    const same = u && p && [...u.visits].sort().join('\n') === [...p.visits].sort().join('\n');
    return row(u, p, u && p && !same ? ['visits'] : []);
  });
  return { visits, assessments, summary: { visits: counts(visits), assessments: counts(assessments) } };
}
