// What a study builder needs from a protocol's text: the schedule of assessments (from a table whose
// rows are assessments and whose columns are visits, or else from the prose: 'Week 4 (Day 28 ± 3):
// vital signs, ...'), the eligibility criteria, the primary and secondary endpoints and the planned
// enrollment. Rules over words and layout, no model: each finding keeps the block it came from. The parts
// live beside it: schedule/ (tables, visit labels, prose phrases), sections, lists, endpoints, enrollment.
import type { ProtocolEvidence } from '@ctp/contracts';
import type { Block, ExtractedDocument } from './blocks.ts';
import { evidenceOf } from './evidence.ts';
import { matchConcepts, type ConceptMatch } from './map.ts';
import { tableSchedules, type TableSchedule } from './schedule/table.ts';
import { plannedEnrollment } from './enrollment.ts';
import { endpointsFromTable } from './endpoints.ts';
import { listItems } from './lists.ts';
import { assessmentPhrases } from './schedule/prose-phrases.ts';
import { looksLikeHeading, readSections, sectionBlocks, sectionOf } from './sections.ts';
import { finishVisits, NUM, parseVisitLabel, type VisitLabel } from './schedule/visit-label.ts';

export { evidenceOf } from './evidence.ts';
export { parseVisitLabel, parseWindow } from './schedule/visit-label.ts';

export interface ParsedVisit {
  code: string;
  name: string;
  day: number;
  dayStated: boolean;
  /** The day computed from weeks or months, the protocol giving no day. */
  dayDerived: boolean;
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

// --- Schedule from prose ------------------------------------------------------------------------------------

const VISIT_LEAD = new RegExp(
  String.raw`^(?:visit\s*\d+\s*[-–—:,]?\s*)?(?:screening|baseline|randomi[sz]ation visit|(?:study\s+)?day\s*${NUM}|week\s*\d+|month\s*\d+|end of (?:study|treatment|trial)|early termination|follow[- ]?up(?: visit)?|visit\s*\d+|cycle\s*\d+\s*,?\s*day\s*\d+|unscheduled visit)\b[^:]{0,80}?[:–—]\s*`,
  'i',
);
const EVERY_VISIT = /\b(?:at|during) (?:every|each|all)(?: study| scheduled| clinic)? visits?\b|\bat all time ?points\b/i;

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
  const sections = readSections(blocks);
  const sectionOfBlock = sections.of;
  const inSchedule = (b: Block) => sectionOfBlock.get(b) === 'schedule';
  const inLists = (b: Block) => ['inclusion', 'exclusion', 'primary', 'secondary'].includes(sectionOfBlock.get(b) ?? '');

  // Endpoints written as a sentence ('The primary endpoint is ...').
  const sentenceEndpoints = (kind: 'primary' | 'secondary') =>
    blocks.flatMap((b) => {
      if (b.kind !== 'text' || inLists(b)) return [];
      const m = new RegExp(String.raw`\bthe ${kind} (?:efficacy |safety )?(?:end ?points?|outcomes?(?: measures?)?) (?:is|are|will be|include)\s*:?\s*(.{5,})`, 'i').exec(b.text);
      return m ? [{ text: m[1]!.replace(/\.$/, '').slice(0, 2000), evidence: evidenceOf(b) }] : [];
    });

  // The schedule: every schedule table (continuations joined), else the prose.
  const byTable = new Map<number, Block[]>();
  for (const b of blocks) if (b.kind === 'row' && b.table !== null) (byTable.get(b.table) ?? byTable.set(b.table, []).get(b.table)!).push(b);
  const schedule: TableSchedule | null = tableSchedules([...byTable.values()]);

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
      // Proposed from prose only with its visits: named without a visit, it is no schedule.
      if (known || !every || !visits.length) continue;
      addAssessment(p.label, p.concepts, visits.map((v) => v.code), evidenceOf(b));
    }
  }
  const order = new Map(visits.map((v, i) => [v.code, i]));
  for (const a of assessments.values()) a.visits.sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0));
  for (const v of visits) {
    v.assessments = [...assessments.values()].filter((a) => a.visits.includes(v.code)).map((a) => a.label);
  }

  const table = endpointsFromTable(blocks);
  const primary = table?.primary ?? listItems(sectionBlocks(sections.runs.primary), doc.format);
  const secondary = table?.secondary ?? listItems(sectionBlocks(sections.runs.secondary), doc.format);
  return {
    scheduleSource,
    visits,
    assessments: [...assessments.values()],
    criteria: {
      inclusion: listItems(sectionBlocks(sections.runs.inclusion), doc.format),
      exclusion: listItems(sectionBlocks(sections.runs.exclusion), doc.format),
    },
    endpoints: { primary: primary.length ? primary : sentenceEndpoints('primary'), secondary: secondary.length ? secondary : sentenceEndpoints('secondary') },
    plannedEnrollment: plannedEnrollment(blocks),
  };
}
