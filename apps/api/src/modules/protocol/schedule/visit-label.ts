// Visits as a protocol names them, in a schedule's column header or a line of prose: their kind, study
// day (stated, or derived from weeks × 7 and months × 30), window, code and name.
import type { ProtocolEvidence } from '@ctp/contracts';
import type { ParsedVisit } from '../parse.ts';

export const NUM = String.raw`[-−–]?\s*\d+`;
const toInt = (s: string) => Number.parseInt(s.replace(/[−–]/g, '-').replace(/\s+/g, ''), 10);

export interface VisitLabel {
  kind: 'screening' | 'baseline' | 'day' | 'week' | 'month' | 'visit' | 'cycle' | 'endOfTreatment' | 'endOfStudy' | 'earlyTermination' | 'followUp' | 'unscheduled';
  day: number | null;
  /** A stated range ('Day -28 to -1'): the day is its end, the window before reaches its start. */
  rangeStart: number | null;
  visitNumber: number | null;
  weekOrMonth: number | null;
  cycle: { cycle: number; day: number } | null;
  windowBefore: number | null;
  windowAfter: number | null;
  /** The day computed from weeks (× 7) or months (× 30), not written as a day. */
  derived: boolean;
}

/** The window a label states: '± 3', '±3 days', '(+/- 2 d)', '-2/+3 days', '±24 h' (0 days). */
export function parseWindow(text: string): { before: number; after: number } | null {
  const unit = (n: number, u: string | undefined) => (u && /^h/i.test(u) ? Math.ceil(n / 24) : u && /^w/i.test(u) ? n * 7 : n);
  const sym = /(?:±|\+\s*\/\s*[-−–]|\+[-−–])\s*(\d+)\s*(days?|d|hours?|hrs?|h|weeks?|wks?|w)?\b/i.exec(text);
  if (sym) {
    const n = unit(Number(sym[1]), sym[2]);
    return { before: n, after: n };
  }
  const asym = /[-−–]\s*(\d+)\s*(?:days?|d)?\s*\/\s*\+\s*(\d+)\s*(days?|d|hours?|h)?/i.exec(text);
  if (asym) return { before: unit(Number(asym[1]), asym[3]), after: unit(Number(asym[2]), asym[3]) };
  const side = /\bwindow\s*(?:of\s*)?([-−–+])\s*(\d+)\s*(days?|d|hours?|hrs?|h)?/i.exec(text);
  if (side) {
    const n = unit(Number(side[2]), side[3]);
    return side[1] === '+' ? { before: 0, after: n } : { before: n, after: 0 };
  }
  const window = /\bwindow\b[^0-9]{0,12}(\d+)\s*(days?|d|hours?|h)?/i.exec(text);
  if (window) {
    const n = unit(Number(window[1]), window[2]);
    return { before: n, after: n };
  }
  return null;
}

/** Reads a visit from a column header or a prose label; null when the text names no visit. */
export function parseVisitLabel(raw: string): VisitLabel | null {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (!text || text.length > 160) return null;
  const label: VisitLabel = { kind: 'visit', day: null, rangeStart: null, visitNumber: null, weekOrMonth: null, cycle: null, windowBefore: null, windowAfter: null, derived: false };
  let kind: VisitLabel['kind'] | null = null;
  const cycle = /\bC(?:ycle)?\s*(\d+)\s*,?\s*D(?:ay)?\s*(\d+)\b/i.exec(text);
  const dayRange = new RegExp(String.raw`\b(?:study\s+)?days?\s*(${NUM})\s*(?:to|through|-|–|—)\s*(?:day\s*)?(${NUM})`, 'i').exec(text);
  const day = new RegExp(String.raw`\b(?:study\s+)?day\s*(${NUM})\b|\bD(${NUM})\b`, 'i').exec(text);
  const week = new RegExp(String.raw`\b(?:week|wk)s?\s*(${NUM})\b|\bW(\d+)\b`, 'i').exec(text);
  const month = /\bmonths?\s*(\d+)\b|\b(\d+)[- ]months?\b/i.exec(text);
  const visit = /\bvisit\s*(\d+)\b|\bV(\d+)\b/i.exec(text);
  if (/\bscreen(?:ing)?\b|\bpre-?screen/i.test(text)) kind = 'screening';
  else if (/\bearly (?:termination|withdrawal|discontinuation)\b|\bET\b|\bpremature (?:termination|discontinuation)\b|\bwithdrawal visit\b/i.test(text)) kind = 'earlyTermination';
  else if (/\bunscheduled\b/i.test(text)) kind = 'unscheduled';
  else if (/\bend of (?:treatment|therapy)\b|\bEOT\b/i.test(text)) kind = 'endOfTreatment';
  else if (/\bend of (?:study|trial)\b|\bEOS\b|\bstudy (?:exit|end|completion)\b|\bfinal visit\b|\bclose-?out\b/i.test(text)) kind = 'endOfStudy';
  else if (/\bfollow[- ]?up\b|\bFU\b|\btelephone (?:visit|call|contact)\b/i.test(text)) kind = 'followUp';
  else if (/\bbaseline\b|\brandomi[sz]ation(?: visit)?\b|\benrol?ment visit\b/i.test(text) && !day && !week) kind = 'baseline';
  if (cycle) label.cycle = { cycle: Number(cycle[1]), day: Number(cycle[2]) };
  if (dayRange) {
    label.rangeStart = toInt(dayRange[1]!);
    label.day = toInt(dayRange[2]!);
    if (label.day < label.rangeStart) [label.day, label.rangeStart] = [label.rangeStart, label.day];
  } else if (day) label.day = toInt((day[1] ?? day[2])!);
  if (week) label.weekOrMonth = toInt((week[1] ?? week[2])!);
  else if (month) label.weekOrMonth = Number(month[1] ?? month[2]);
  if (visit) label.visitNumber = Number(visit[1] ?? visit[2]);
  if (label.day === null && week) [label.day, label.derived] = [label.weekOrMonth! * 7, true];
  if (label.day === null && month) [label.day, label.derived] = [Number(month[1] ?? month[2]) * 30, true];
  // Cycle 1's days are study days; a later cycle's start depends on the cycle length.
  if (cycle) label.day = label.cycle!.cycle === 1 ? label.cycle!.day : null;
  if (!kind) {
    if (cycle) kind = 'cycle';
    else if (week && !day) kind = 'week';
    else if (month && !day && !week) kind = 'month';
    else if (label.day !== null) kind = week ? 'week' : 'day';
    else if (visit) kind = 'visit';
    else if (/\bbaseline\b/i.test(text)) kind = 'baseline';
  }
  if (!kind) return null;
  label.kind = kind;
  const w = parseWindow(text);
  if (w) {
    label.windowBefore = w.before;
    label.windowAfter = w.after;
  }
  return label;
}

export function codeOf(label: VisitLabel, index: number): string {
  switch (label.kind) {
    case 'screening':
      return 'SCR';
    case 'baseline':
      return label.day !== null ? dayCode(label.day) : 'BL';
    case 'earlyTermination':
      return 'ET';
    case 'unscheduled':
      return 'UNS';
    case 'endOfTreatment':
      return 'EOT';
    case 'endOfStudy':
      return 'EOS';
    case 'followUp':
      return label.day !== null ? `FU_${dayCode(label.day)}` : 'FU';
    case 'cycle':
      return `C${label.cycle!.cycle}D${label.cycle!.day}`;
    case 'week':
      return `W${label.weekOrMonth ?? Math.round((label.day ?? 0) / 7)}`;
    case 'month':
      return `M${label.weekOrMonth ?? Math.round((label.day ?? 0) / 30)}`;
    case 'day':
      return dayCode(label.day ?? 0);
    default:
      return label.visitNumber !== null ? `V${label.visitNumber}` : `V${index + 1}`;
  }
}
const dayCode = (day: number) => (day < 0 ? `DM${-day}` : `D${day}`);

/** A visit's name from its header: the words without the window ('Week 4 (Day 28)'). */
export function visitName(text: string): string {
  const name = text
    .replace(/[,;]?\s*(?:±|\+\s*\/\s*[-−–]|\+[-−–])\s*\d+\s*(?:days?|d|hours?|hrs?|h|weeks?|w)?\b/gi, ' ')
    .replace(/[,;]?\s*window[^)]*/gi, ' ')
    .replace(/\s+\)/g, ')')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[\s,:;-]+$/, '')
    .trim();
  return (name.length >= 2 ? name : text.trim()).slice(0, 120);
}

/** Visits in schedule order with codes made unique and days filled in where the protocol gives none. */
export function finishVisits(columns: { text: string; name?: string; label: VisitLabel | null; evidence: ProtocolEvidence; assessments: string[] }[]): ParsedVisit[] {
  const used = new Set<string>();
  const visits: ParsedVisit[] = [];
  let lastDay: number | null = null;
  const firstStated = columns.find((c) => c.label?.day !== null && c.label?.day !== undefined)?.label?.day ?? 1;
  columns.forEach((c, i) => {
    const label = c.label ?? parseVisitLabel(`Visit ${i + 1}`)!;
    let code = codeOf(label, i);
    if (used.has(code)) {
      let n = 2;
      while (used.has(`${code}_${n}`)) n++;
      code = `${code}_${n}`;
    }
    used.add(code);
    const stated = label.day !== null;
    // Not stated: screening just before the first stated day, any other visit the day after the previous one.
    const day = stated ? label.day! : label.kind === 'screening' && lastDay === null ? Math.min(firstStated - 1, 0) : (lastDay ?? 0) + 1;
    const rangeBefore = label.rangeStart !== null && label.day !== null ? label.day - label.rangeStart : null;
    visits.push({
      code,
      name: c.name || visitName(c.text),
      day,
      dayStated: stated,
      dayDerived: stated && label.derived,
      windowBefore: Math.min(365, Math.max(0, label.windowBefore ?? rangeBefore ?? 0)),
      windowAfter: Math.min(365, Math.max(0, label.windowAfter ?? 0)),
      assessments: c.assessments,
      evidence: c.evidence,
    });
    lastDay = day;
  });
  return visits;
}

