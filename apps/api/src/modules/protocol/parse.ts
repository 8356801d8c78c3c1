// What a study builder needs from a protocol's text: the schedule of assessments (from a table whose
// rows are assessments and whose columns are visits, or else from the prose: 'Week 4 (Day 28 ± 3):
// vital signs, ...'), the eligibility criteria, the primary and secondary endpoints and the planned
// enrollment. Rules over words and layout, no model: each finding keeps the block it came from.
import type { ProtocolEvidence } from '@ctp/contracts';
import type { Block, ExtractedDocument } from './extract.ts';
import { matchConcepts, tidyLabel, type ConceptMatch } from './map.ts';

export interface ParsedVisit {
  code: string;
  name: string;
  day: number;
  dayStated: boolean;
  windowBefore: number;
  windowAfter: number;
  assessments: string[];
  evidence: ProtocolEvidence;
}

export interface ParsedAssessment {
  label: string;
  concepts: ConceptMatch[];
  visits: string[];
  evidence: ProtocolEvidence[];
}

export interface ParsedStatement {
  text: string;
  evidence: ProtocolEvidence;
}

export interface ParsedProtocol {
  scheduleSource: 'table' | 'text' | 'none';
  visits: ParsedVisit[];
  assessments: ParsedAssessment[];
  criteria: { inclusion: ParsedStatement[]; exclusion: ParsedStatement[] };
  endpoints: { primary: ParsedStatement[]; secondary: ParsedStatement[] };
  plannedEnrollment: { value: number; evidence: ProtocolEvidence } | null;
}

const EVIDENCE_CHARS = 500;

export function evidenceOf(block: Block, text = block.text): ProtocolEvidence {
  return {
    page: block.page,
    paragraph: block.paragraph,
    line: block.line,
    table: block.table,
    row: block.row,
    text: text.length > EVIDENCE_CHARS ? `${text.slice(0, EVIDENCE_CHARS - 1)}…` : text,
  };
}

// --- Visit labels -------------------------------------------------------------------------------------

const NUM = String.raw`[-−–]?\s*\d+`;
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
  const label: VisitLabel = { kind: 'visit', day: null, rangeStart: null, visitNumber: null, weekOrMonth: null, cycle: null, windowBefore: null, windowAfter: null };
  let kind: VisitLabel['kind'] | null = null;
  const cycle = /\bC(?:ycle)?\s*(\d+)\s*,?\s*D(?:ay)?\s*(\d+)\b/i.exec(text);
  const dayRange = new RegExp(String.raw`\b(?:study\s+)?days?\s*(${NUM})\s*(?:to|through|-|–|—)\s*(?:day\s*)?(${NUM})`, 'i').exec(text);
  const day = new RegExp(String.raw`\b(?:study\s+)?day\s*(${NUM})\b|\bD(${NUM})\b`, 'i').exec(text);
  const week = /\b(?:week|wk)\s*(\d+)\b|\bW(\d+)\b/i.exec(text);
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
  if (week) label.weekOrMonth = Number(week[1] ?? week[2]);
  else if (month) label.weekOrMonth = Number(month[1] ?? month[2]);
  if (visit) label.visitNumber = Number(visit[1] ?? visit[2]);
  if (label.day === null && week) label.day = Number(week[1] ?? week[2]) * 7;
  if (label.day === null && month) label.day = Number(month[1] ?? month[2]) * 30;
  if (label.day === null && cycle) label.day = null;
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

function codeOf(label: VisitLabel, index: number): string {
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
function visitName(text: string): string {
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
function finishVisits(columns: { text: string; label: VisitLabel | null; evidence: ProtocolEvidence; assessments: string[] }[]): ParsedVisit[] {
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
      name: visitName(c.text),
      day,
      dayStated: stated,
      windowBefore: Math.min(365, Math.max(0, label.windowBefore ?? rangeBefore ?? 0)),
      windowAfter: Math.min(365, Math.max(0, label.windowAfter ?? 0)),
      assessments: c.assessments,
      evidence: c.evidence,
    });
    lastDay = day;
  });
  return visits;
}

// --- Schedule from a table -------------------------------------------------------------------------------

const MARK = /^(?:x|✓|✔|√|•|●|■|yes|y)(?:[a-z]?[*†‡§¹²³⁴⁵⁶⁷⁸⁹\d,]*)?(?:\s*\(.{0,40}\))?$/i;
export const isMark = (cell: string) => MARK.test(cell.trim());

/** A header row's cell with the row's own label in front ('Study day' + '28' -> 'Day 28'). */
function prefixed(rowLabel: string, cell: string): string {
  const c = cell.trim();
  if (!c || !/^[-−–+±]?\s*\d/.test(c)) return c;
  if (/window/i.test(rowLabel)) return /^[±+]/.test(c) ? c : /^[-−–]/.test(c) ? `window ${c}` : `±${c}`;
  if (/\bweek/i.test(rowLabel)) return `Week ${c}`;
  if (/\bmonth/i.test(rowLabel)) return `Month ${c}`;
  if (/\bday/i.test(rowLabel)) return `Day ${c}`;
  if (/\bvisit/i.test(rowLabel)) return `Visit ${c}`;
  return c;
}
const HEADER_ROW_LABEL = /^(?:visit|study ?day|day|week|month|window|time ?point|procedures?|assessments?|activit(?:y|ies)|evaluations?|period|timing|examinations?|study period)s?\b/i;

interface Column {
  x: number | null;
  parts: string[];
}

interface TableSchedule {
  columns: { text: string; label: VisitLabel | null; evidence: ProtocolEvidence; assessments: string[] }[];
  rows: { label: string; visits: number[]; block: Block }[];
}

function tableSchedule(rows: Block[]): TableSchedule | null {
  const positional = rows.some((r) => r.cellX);
  const labelled = (r: Block) => (r.cells ?? []).map((c, i) => (i === 0 ? c : prefixed(r.cells![0] ?? '', c)));
  const visitCount = (r: Block) => labelled(r).slice(1).filter((c) => parseVisitLabel(c)).length + (parseVisitLabel(labelled(r)[0] ?? '') && !HEADER_ROW_LABEL.test(r.cells?.[0] ?? '') ? 1 : 0);
  const firstBody = rows.findIndex((r) => (r.cells ?? []).slice(1).some(isMark));
  if (firstBody < 0) return null;
  // The header: from the first row (of the six above the first marked row) that names a visit or is
  // labelled like a header row, down to the first marked row; wrapped header lines included.
  const from = Math.max(0, firstBody - 6);
  const headerStart = rows.slice(from, firstBody).findIndex((r) => visitCount(r) > 0 || HEADER_ROW_LABEL.test(r.cells?.[0] ?? ''));
  const headerRows = headerStart < 0 ? [] : rows.slice(from + headerStart, firstBody);
  const best = [...headerRows].sort((a, b) => visitCount(b) - visitCount(a))[0];
  if (!best || visitCount(best) < 2) return null;
  const body = rows.slice(firstBody);

  const columns: Column[] = [];
  let spacing = Infinity;
  if (positional) {
    // Columns where the best header row names visits; other header rows' cells join the nearest one.
    const cells = labelled(best);
    cells.forEach((c, i) => {
      if (i > 0 || (parseVisitLabel(c) && !HEADER_ROW_LABEL.test(c))) {
        if (parseVisitLabel(c) || c.trim()) columns.push({ x: best.cellX?.[i] ?? null, parts: [] });
      }
    });
    const xs = columns.map((c) => c.x ?? 0).sort((a, b) => a - b);
    for (let i = 1; i < xs.length; i++) spacing = Math.min(spacing, xs[i]! - xs[i - 1]!);
    if (!Number.isFinite(spacing) || spacing <= 0) spacing = 40;
  } else {
    const width = Math.max(...rows.map((r) => r.cells?.length ?? 0));
    for (let i = 1; i < width; i++) columns.push({ x: null, parts: [] });
  }
  const columnAt = (r: Block, i: number): number => {
    if (!positional) return i - 1;
    const x = r.cellX?.[i];
    if (x === undefined) return -1;
    let bestIndex = -1;
    let bestDistance = Infinity;
    columns.forEach((c, k) => {
      const d = Math.abs((c.x ?? 0) - x);
      if (d < bestDistance) [bestIndex, bestDistance] = [k, d];
    });
    return bestDistance <= spacing * 0.6 ? bestIndex : -1;
  };
  for (const r of headerRows) {
    const cells = labelled(r);
    cells.forEach((c, i) => {
      if (!c) return;
      if (i === 0 && (!positional || HEADER_ROW_LABEL.test(c))) return;
      const k = columnAt(r, i);
      if (k >= 0 && !columns[k]!.parts.includes(c)) columns[k]!.parts.push(c);
    });
  }

  const parsedRows: TableSchedule['rows'] = [];
  for (const r of body) {
    const cells = r.cells ?? [];
    const label = tidyLabel(cells[0] ?? '');
    const visits = new Set<number>();
    cells.forEach((c, i) => {
      if (i === 0 || !isMark(c)) return;
      const k = columnAt(r, i);
      if (k >= 0) visits.add(k);
    });
    if (!label || isMark(label)) continue;
    if (!visits.size) {
      // A label wrapped onto the next line continues the row above; any other unmarked row is a category.
      const previous = parsedRows[parsedRows.length - 1];
      if (previous && positional && /^[a-z(]/.test(label) && cells.length === 1) previous.label = `${previous.label} ${label}`;
      continue;
    }
    parsedRows.push({ label, visits: [...visits].sort((a, b) => a - b), block: r });
  }
  if (!parsedRows.length) return null;

  const used = new Set(parsedRows.flatMap((r) => r.visits));
  const headerEvidence = evidenceOf(best);
  const kept = columns
    .map((c, k) => ({ k, text: c.parts.join(' ').trim(), label: parseVisitLabel(c.parts.join(' ')) }))
    .filter((c) => c.label || (used.has(c.k) && c.text));
  const index = new Map(kept.map((c, i) => [c.k, i]));
  return {
    columns: kept.map((c) => ({
      text: c.text,
      label: c.label,
      evidence: { ...headerEvidence, text: c.text || headerEvidence.text },
      assessments: parsedRows.filter((r) => r.visits.includes(c.k)).map((r) => r.label),
    })),
    rows: parsedRows.map((r) => ({ ...r, visits: r.visits.filter((k) => index.has(k)).map((k) => index.get(k)!) })),
  };
}

// --- Sections -------------------------------------------------------------------------------------------

type Section = 'inclusion' | 'exclusion' | 'primary' | 'secondary' | 'schedule' | 'other';

const SECTION_PATTERNS: [Section, RegExp][] = [
  ['inclusion', /\binclusion criteria\b/i],
  ['exclusion', /\bexclusion criteria\b/i],
  ['primary', /\bprimary (?:efficacy |safety )?(?:end ?points?|outcomes?(?: measures?)?|variables?)\b/i],
  ['secondary', /\bsecondary (?:efficacy |safety )?(?:end ?points?|outcomes?(?: measures?)?|variables?)\b/i],
  [
    'schedule',
    /\bschedule of (?:assessments|activities|events|procedures|study procedures|visits|evaluations)\b|\b(?:study|visit) schedule\b|\bstudy visits\b|\btime and events\b|\bstudy (?:procedures|assessments)\b|\b(?:safety|efficacy) assessments\b|\bassessments and procedures\b|\bvisit(?:s)? and assessments\b/i,
  ],
];
const OTHER_HEADING =
  /^(?:\d+(?:\.\d+)*\.?\s+)?(?:objectives?|study (?:design|population|objectives?|treatment|drug)|statistical|statistics|sample size|treatments?|withdrawal|discontinuation|ethics|ethical|references|background|introduction|rationale|synopsis|data (?:management|handling)|randomi[sz]ation|blinding|safety reporting|adverse event reporting|administrative|appendi(?:x|ces)|endpoints?|outcomes?|eligibility|study population|participants|overview|signatures?)\b/i;

function looksLikeHeading(b: Block): boolean {
  if (b.kind !== 'text') return false;
  if (b.heading) return true;
  const t = b.text;
  if (t.length > 90) return false;
  if (/^\d+\.\d+(?:\.\d+)*\.?\s+[A-Z]/.test(t) && !/[.;]$/.test(t)) return true;
  if (/^[A-Z][A-Z0-9 ,&/()'-]{3,}:?$/.test(t) && /[A-Z]{3}/.test(t)) return true;
  return OTHER_HEADING.test(t) && t.length < 60 && !/[.;]$/.test(t);
}

function sectionOf(b: Block): { section: Section; rest: string } | null {
  if (b.kind !== 'text') return null;
  for (const [section, pattern] of SECTION_PATTERNS) {
    const m = pattern.exec(b.text);
    if (!m) continue;
    const before = b.text.slice(0, m.index);
    // A heading ('5.1 Inclusion Criteria', 'Primary endpoint:') or its inline form ('Primary endpoint: ...').
    if (!/^[\s\d.()A-Za-z]{0,12}$/.test(before) || /\b(?:the|see|in|of|meet|meets|all|any)\s*$/i.test(before)) continue;
    const after = b.text.slice(m.index + m[0].length);
    const inline = /^\s*(?:\([^)]*\))?\s*[:–—-]\s*(.+)$/.exec(after);
    if (inline) return { section, rest: inline[1]!.trim() };
    if (/^\s*(?:\([^)]*\))?\s*:?\s*$/.test(after) || (looksLikeHeading(b) && after.length < 40)) return { section, rest: '' };
  }
  return null;
}

// --- Lists: criteria and endpoints ----------------------------------------------------------------------

const LIST_MARKER = /^(?:\(?(?:\d{1,2}|[a-z]|[ivx]{1,4}|[IE]\d{1,2})[.)]|\(?(?:\d{1,2}|[a-z])\)|[•·▪◦●○*–—-])\s+/i;

/** Numbered items run together in one paragraph ('1. Healthy adults ... 2. Non-smokers ...'), apart. */
function splitRunOn(text: string): string[] {
  const starts = [...text.matchAll(/(?:^|\s)(\d{1,2})[.)]\s+(?=[A-Z(])/g)];
  const numbers = starts.map((m) => Number(m[1]));
  if (starts.length < 2 || !numbers.every((n, i) => n === i + 1)) return [text];
  return starts.map((m, i) => text.slice(m.index, starts[i + 1]?.index ?? text.length).trim());
}

function listItems(blocks: Block[], format: ExtractedDocument['format']): ParsedStatement[] {
  const items: { text: string; block: Block }[] = [];
  const wrapsLines = format === 'txt' || format === 'pdf';
  let lastParagraph: number | null = null;
  for (const b of blocks) {
    const text = b.kind === 'row' ? (b.cells ?? []).filter(Boolean).join(' ') : b.text;
    if (!text.trim()) continue;
    const marked = LIST_MARKER.test(text);
    const stripped = text.replace(LIST_MARKER, '').trim();
    const previous = items[items.length - 1];
    const sameParagraph = format === 'pdf' || b.paragraph === lastParagraph;
    if (!marked && previous && wrapsLines && sameParagraph && !/[.;:]$/.test(previous.text)) previous.text = `${previous.text} ${stripped}`;
    else for (const part of splitRunOn(text)) {
      const item = part.replace(LIST_MARKER, '').trim();
      if (item.length >= 3) items.push({ text: item, block: b });
    }
    lastParagraph = b.paragraph;
  }
  return items.map((i) => ({ text: i.text.slice(0, 2000), evidence: evidenceOf(i.block, i.text) }));
}

// --- Planned enrollment -----------------------------------------------------------------------------------

const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d{1,7})`;
const PEOPLE = String.raw`(?:[a-z-]+\s+){0,3}?(?:participants|subjects|patients|volunteers|individuals|people|women|men|children|adults)`;
const ENROLMENT_PATTERNS = [
  new RegExp(String.raw`\b(?:approximately|about|around|up to|a total of|total of|some|~)\s*${COUNT}\s+${PEOPLE}\b`, 'i'),
  new RegExp(String.raw`\b${COUNT}\s+${PEOPLE}\s+(?:will|are planned to|is planned to|shall)\s+(?:be\s+)?(?:enrol?led|randomi[sz]ed|recruited|included|screened)`, 'i'),
  new RegExp(String.raw`\b(?:sample size|planned enrol?ment|target enrol?ment|number of (?:participants|subjects|patients))\b[^0-9.]{0,40}${COUNT}\b`, 'i'),
];
const ENROLMENT_CONTEXT = /\benrol|\brandomi[sz]|\brecruit|\bplanned|\bsample size|\binclude|\bparticipat|\btotal/i;

function plannedEnrollment(blocks: Block[]): ParsedProtocol['plannedEnrollment'] {
  for (const [i, pattern] of ENROLMENT_PATTERNS.entries()) {
    for (const b of blocks) {
      const m = pattern.exec(b.text);
      if (!m) continue;
      if (i === 0 && !ENROLMENT_CONTEXT.test(b.text)) continue;
      const value = Number(m[1]!.replace(/,/g, ''));
      if (value >= 1 && value <= 1_000_000) return { value, evidence: evidenceOf(b, b.text) };
    }
  }
  return null;
}

// --- Schedule from prose ------------------------------------------------------------------------------------

const VISIT_LEAD = new RegExp(
  String.raw`^(?:visit\s*\d+\s*[-–—:,]?\s*)?(?:screening|baseline|randomi[sz]ation visit|(?:study\s+)?day\s*${NUM}|week\s*\d+|month\s*\d+|end of (?:study|treatment|trial)|early termination|follow[- ]?up(?: visit)?|visit\s*\d+|cycle\s*\d+\s*,?\s*day\s*\d+|unscheduled visit)\b[^:]{0,80}?[:–—]\s*`,
  'i',
);
const EVERY_VISIT = /\b(?:at|during) (?:every|each|all)(?: study| scheduled| clinic)? visits?\b|\bat all time ?points\b/i;

/** Assessment phrases in a run of prose: the comma/semicolon/'and' separated items that name a concept. */
function assessmentPhrases(text: string): { label: string; concepts: ConceptMatch[] }[] {
  const out: { label: string; concepts: ConceptMatch[] }[] = [];
  for (const part of text.split(/[;,]|\band\b(?![^()]*\))|\bas well as\b|\bincluding\b(?![^()]*\))/i)) {
    const label = tidyLabel(part.replace(/^\s*(?:a|an|the|will be|are|is|to be)\s+/i, '').replace(/\bwill be\b.*$/i, '')).trim();
    if (label.length < 2 || label.length > 120) continue;
    const concepts = matchConcepts(label);
    if (concepts.length) out.push({ label, concepts });
  }
  return out;
}

// --- The whole analysis -------------------------------------------------------------------------------------

/** A paragraph holding several lists ('Inclusion Criteria: 1. ... Exclusion Criteria: 1. ...'), split at each list's title. */
function splitAtSections(blocks: Block[]): Block[] {
  const marker = /(?:inclusion|exclusion) criteria\s*:|(?:primary|secondary) (?:end ?points?|outcomes?(?: measures?)?)\s*:/gi;
  return blocks.flatMap((b) => {
    if (b.kind !== 'text') return [b];
    const at = [...b.text.matchAll(marker)].map((m) => m.index).filter((i) => i > 0);
    if (!at.length) return [b];
    return [0, ...at].map((start, i) => ({ ...b, text: b.text.slice(start, at[i] ?? b.text.length).trim() })).filter((x) => x.text);
  });
}

export function parseProtocol(doc: ExtractedDocument): ParsedProtocol {
  const blocks = splitAtSections(doc.blocks);
  // Sections: which list each block belongs to.
  const sectionBlocks: Record<Section, Block[]> = { inclusion: [], exclusion: [], primary: [], secondary: [], schedule: [], other: [] };
  const sectionOfBlock = new Map<Block, Section | null>();
  let current: Section | null = null;
  for (const b of blocks) {
    const s = sectionOf(b);
    if (s) {
      current = s.section;
      sectionOfBlock.set(b, current);
      if (s.rest) sectionBlocks[current].push({ ...b, text: s.rest });
      continue;
    }
    if (looksLikeHeading(b)) current = null;
    sectionOfBlock.set(b, current);
    if (current) sectionBlocks[current].push(b);
  }
  const inSchedule = (b: Block) => sectionOfBlock.get(b) === 'schedule';
  const inLists = (b: Block) => ['inclusion', 'exclusion', 'primary', 'secondary'].includes(sectionOfBlock.get(b) ?? '');

  // Endpoints written as a sentence ('The primary endpoint is ...').
  const sentenceEndpoints = (kind: 'primary' | 'secondary') =>
    blocks.flatMap((b) => {
      if (b.kind !== 'text' || inLists(b)) return [];
      const m = new RegExp(String.raw`\bthe ${kind} (?:efficacy |safety )?(?:end ?points?|outcomes?(?: measures?)?) (?:is|are|will be|include)\s*:?\s*(.{5,})`, 'i').exec(b.text);
      return m ? [{ text: m[1]!.replace(/\.$/, '').slice(0, 2000), evidence: evidenceOf(b) }] : [];
    });

  // The schedule: the table with the most assessment rows, else the prose.
  const byTable = new Map<number, Block[]>();
  for (const b of blocks) if (b.kind === 'row' && b.table !== null) (byTable.get(b.table) ?? byTable.set(b.table, []).get(b.table)!).push(b);
  let schedule: TableSchedule | null = null;
  for (const rows of byTable.values()) {
    const found = tableSchedule(rows);
    if (found && (!schedule || found.rows.length > schedule.rows.length)) schedule = found;
  }

  let visits: ParsedVisit[] = [];
  const assessments = new Map<string, ParsedAssessment>();
  const addAssessment = (label: string, concepts: ConceptMatch[], visitCodes: string[], evidence: ProtocolEvidence) => {
    const key = label.toLowerCase();
    const a = assessments.get(key) ?? assessments.set(key, { label, concepts, visits: [], evidence: [] }).get(key)!;
    for (const v of visitCodes) if (!a.visits.includes(v)) a.visits.push(v);
    if (a.evidence.length < 5 && !a.evidence.some((e) => e.text === evidence.text)) a.evidence.push(evidence);
  };
  let scheduleSource: ParsedProtocol['scheduleSource'] = 'none';

  if (schedule) {
    scheduleSource = 'table';
    visits = finishVisits(schedule.columns);
    for (const r of schedule.rows) addAssessment(r.label, matchConcepts(r.label), r.visits.map((k) => visits[k]!.code), evidenceOf(r.block, r.block.text));
  } else {
    // Prose: paragraphs led by a visit ('Week 4 (Day 28 ± 3): vital signs, ...'), with the lines that follow.
    const columns: { text: string; label: VisitLabel | null; evidence: ProtocolEvidence; assessments: string[]; phrases: { label: string; concepts: ConceptMatch[]; block: Block }[] }[] = [];
    let open: (typeof columns)[number] | null = null;
    // What the lines after a lead belong to: its own paragraph (a wrapped line), any line of a PDF, or
    // the list after a lead that ends at its colon ('Week 4 (Day 28 ± 3):' then one assessment a line).
    let leadParagraph: number | null = null;
    let leadIsTitle = false;
    for (const b of blocks) {
      if (b.kind !== 'text' || inLists(b)) {
        open = null;
        continue;
      }
      const lead = VISIT_LEAD.exec(b.text);
      const label = lead ? parseVisitLabel(lead[0].replace(/[:–—]\s*$/, '')) : null;
      if (lead && label) {
        open = { text: lead[0].replace(/[:–—]\s*$/, '').trim(), label, evidence: evidenceOf(b), assessments: [], phrases: [] };
        columns.push(open);
        leadParagraph = b.paragraph;
        leadIsTitle = !b.text.slice(lead[0].length).trim();
        for (const p of assessmentPhrases(b.text.slice(lead[0].length))) open.phrases.push({ ...p, block: b });
        continue;
      }
      if (looksLikeHeading(b) || sectionOf(b)) {
        open = null;
        continue;
      }
      const continues = doc.format === 'pdf' || leadIsTitle || (b.paragraph !== null && b.paragraph === leadParagraph);
      if (open && continues) for (const p of assessmentPhrases(b.text)) open.phrases.push({ ...p, block: b });
    }
    if (columns.length >= 2) {
      scheduleSource = 'text';
      visits = finishVisits(columns.map((c) => ({ ...c, assessments: [...new Set(c.phrases.map((p) => p.label))] })));
      columns.forEach((c, i) => {
        for (const p of c.phrases) addAssessment(p.label, p.concepts, [visits[i]!.code], evidenceOf(p.block));
      });
    }
  }

  // Assessments the schedule or procedures sections name in prose (an adverse event log, 'at each visit').
  // Footnotes and abbreviation lists under a table ('*For women of ...', 'ECG, electrocardiogram') are not assessments.
  const FOOTNOTE = /^(?:[*†‡§]|[a-z\d]{1,2}[).]?\s)|^[A-Z][\w-]*,\s+[A-Za-z]/;
  for (const b of blocks) {
    if (b.kind !== 'text' || !inSchedule(b) || VISIT_LEAD.test(b.text) || FOOTNOTE.test(b.text)) continue;
    const every = EVERY_VISIT.test(b.text);
    for (const p of assessmentPhrases(b.text)) {
      if (schedule && p.concepts.every((c) => c.key.startsWith('instrument:'))) continue;
      const known = [...assessments.values()].some((a) => a.concepts.some((c) => p.concepts.some((pc) => pc.key === c.key)));
      if (known && !every) continue;
      addAssessment(p.label, p.concepts, every ? visits.map((v) => v.code) : [], evidenceOf(b));
    }
  }
  const order = new Map(visits.map((v, i) => [v.code, i]));
  for (const a of assessments.values()) a.visits.sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0));
  for (const v of visits) {
    v.assessments = [...assessments.values()].filter((a) => a.visits.includes(v.code)).map((a) => a.label);
  }

  const primary = listItems(sectionBlocks.primary, doc.format);
  const secondary = listItems(sectionBlocks.secondary, doc.format);
  return {
    scheduleSource,
    visits,
    assessments: [...assessments.values()],
    criteria: { inclusion: listItems(sectionBlocks.inclusion, doc.format), exclusion: listItems(sectionBlocks.exclusion, doc.format) },
    endpoints: { primary: primary.length ? primary : sentenceEndpoints('primary'), secondary: secondary.length ? secondary : sentenceEndpoints('secondary') },
    plannedEnrollment: plannedEnrollment(blocks),
  };
}
