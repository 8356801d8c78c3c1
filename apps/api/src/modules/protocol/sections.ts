// A protocol's sections as its headings mark them: the eligibility criteria, the endpoints and the
// schedule. A heading may come again (a synopsis summarising the criteria, then the eligibility section):
// each occurrence is a run of its own, and the run under a heading of its own is preferred to a line
// such as 'Main inclusion criteria: adults ...' in a synopsis.
import type { Block } from './blocks.ts';

/** A section number on a line of its own ('4.1' above 'Inclusion Criteria', '5'). */
const SECTION_NUMBER = /^(?:\d+(?:\.\d+)+\.?|\d{1,2})$/;

export type Section = 'inclusion' | 'exclusion' | 'primary' | 'secondary' | 'schedule' | 'other';

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

export function looksLikeHeading(b: Block): boolean {
  if (b.kind !== 'text') return false;
  if (b.heading) return true;
  const t = b.text;
  if (SECTION_NUMBER.test(t)) return true;
  if (t.length > 90) return false;
  if (/^\d+\.\d+(?:\.\d+)*\.?\s+[A-Z]/.test(t) && !/[.;]$/.test(t)) return true;
  if (/^[A-Z][A-Z0-9 ,&/()'-]{3,}:?$/.test(t) && /[A-Z]{3}/.test(t)) return true;
  // 'Objectives:' is a heading, 'Participants must meet all of the following:' introduces a list.
  return OTHER_HEADING.test(t) && t.length < 60 && !/[.;]$/.test(t) && (!t.endsWith(':') || t.split(/\s+/).length <= 3);
}

export function sectionOf(b: Block): { section: Section; rest: string } | null {
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


export interface Run {
  /** Written on the heading's own line ('Primary endpoint: ...'), not under a heading. */
  inline: boolean;
  blocks: Block[];
}

export interface Sections {
  of: Map<Block, Section | null>;
  runs: Record<Section, Run[]>;
}

/** Which section each block belongs to, and each section's runs in document order. */
export function readSections(blocks: Block[]): Sections {
  const runs: Record<Section, Run[]> = { inclusion: [], exclusion: [], primary: [], secondary: [], schedule: [], other: [] };
  const of = new Map<Block, Section | null>();
  let current: Section | null = null;
  let run: Run | null = null;
  for (const b of blocks) {
    // A heading caught between a PDF's table-like lines (one cell) is still a heading.
    const cells = b.kind === 'row' ? (b.cells ?? []).filter(Boolean) : [];
    const asText: Block = cells.length === 1 ? { ...b, kind: 'text', text: cells[0]! } : b;
    const s = sectionOf(asText);
    if (s) {
      current = s.section;
      run = { inline: !!s.rest, blocks: s.rest ? [{ ...b, text: s.rest }] : [] };
      runs[current].push(run);
      of.set(b, current);
      continue;
    }
    if (looksLikeHeading(asText)) {
      current = null;
      run = null;
    }
    of.set(b, current);
    run?.blocks.push(b);
  }
  return { of, runs };
}

/** A section's blocks: the fullest run under a heading of its own, else every inline run. */
export function sectionBlocks(runs: Run[]): Block[] {
  const headed = runs.filter((r) => !r.inline && r.blocks.length);
  if (headed.length) return headed.reduce((best, r) => (r.blocks.length >= best.blocks.length ? r : best)).blocks;
  return runs.flatMap((r) => r.blocks);
}
