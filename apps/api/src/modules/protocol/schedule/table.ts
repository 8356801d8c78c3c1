// The schedule of activities from a protocol's tables: every table that marks assessments at visits, a
// table continued over pages (the same header repeated under a '(continued)' title, or no header at all
// with the same columns) read as one, and several schedules (main, appendix, periods) read in turn.
// A column's name is its header cells from top to bottom ('Period 2' 'Day 1' 'Pre-dose'), so repeated
// names in two periods stay apart; its day and window come from the DAY/WEEK/window rows.
import type { ProtocolEvidence } from '@ctp/contracts';
import type { Block } from '../blocks.ts';
import { evidenceOf } from '../evidence.ts';
import { matchConcepts, tidyLabel } from '../map.ts';
import { gridOf, rawHeader, type Grid } from './grid.ts';
import { parseVisitLabel, visitName, type VisitLabel } from './visit-label.ts';

export interface ScheduleColumn {
  text: string;
  name: string;
  label: VisitLabel | null;
  evidence: ProtocolEvidence;
  assessments: string[];
}

export interface TableSchedule {
  columns: ScheduleColumn[];
  rows: { label: string; visits: number[]; block: Block }[];
}

const BARE_NUMBER = /^[-−–+±]?\s*\d+(?:\s*(?:to|through|-|–|—)\s*[-−–]?\s*\d+)?$/i;

/** A header row's cell with the row's own label in front ('Week' + '6' -> 'Week 6'). */
function prefixed(rowLabel: string, cell: string): string {
  const c = cell.trim();
  if (!c) return c;
  if (/window/i.test(rowLabel)) return /^±/.test(c) ? c : /^[-−–+]/.test(c) ? `window ${c}` : /^\d/.test(c) ? `±${c}` : c;
  if (!BARE_NUMBER.test(c)) return c;
  for (const unit of ['Week', 'Month', 'Day', 'Visit', 'Cycle', 'Period']) if (new RegExp(String.raw`\b${unit}`, 'i').test(rowLabel)) return `${unit} ${c}`;
  return c;
}

/** A label without footnote marks, also one glued to its last word ('Physical examinationk'). */
function rowLabel(raw: string): string {
  const label = tidyLabel(raw);
  const unglued = label.replace(/(\p{Ll}{3,})[a-z]$/u, '$1');
  return unglued !== label && matchConcepts(unglued).length > matchConcepts(label).length ? unglued : label;
}

function columnsOf(grid: Grid): { text: string; name: string; label: VisitLabel | null }[] {
  const width = Math.max(0, ...grid.header.map((h) => h.cells.length), ...grid.body.flatMap((r) => r.columns.map((k) => k + 1)));
  return Array.from({ length: width }, (_, k) => {
    const parts = grid.header.map((h) => ({ window: /window/i.test(h.label), text: prefixed(h.label, h.cells[k] ?? '') })).filter((p) => p.text);
    const nameParts = parts.filter((p) => !p.window).map((p) => p.text).filter((t, i, all) => all.indexOf(t) === i);
    const text = [...nameParts, ...parts.filter((p) => p.window).map((p) => p.text)].join(' ');
    return { text, name: visitName(nameParts.join(' ') || text), label: parseVisitLabel(text) };
  });
}

const signature = (g: Grid) => g.header.map((h) => `${h.label}:${h.cells.join('|')}`).join('\n');
const sameColumns = (a: number[] | null, b: number[] | null) => !!a && !!b && a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) <= 3);

/**
 * A PDF schedule's pages as one table: a table repeating the header of the one before (or with none)
 * continues it, its header lines left out, so that the columns are found from the marks of every page.
 */
function joinPages(tables: Block[][]): Block[][] {
  const out: { signature: string; rows: Block[] }[] = [];
  for (const rows of tables) {
    if (!rows.some((r) => r.cellX)) {
      out.push({ signature: '', rows });
      continue;
    }
    const { signature, firstBody, bodyStart } = rawHeader(rows);
    const last = out[out.length - 1];
    const lastPage = last?.rows[last.rows.length - 1]?.page ?? null;
    const nextPage = lastPage !== null && rows[0]?.page === lastPage + 1;
    if (last && last.signature && firstBody >= 0 && nextPage && (signature === last.signature || !signature)) last.rows.push(...rows.slice(bodyStart));
    else out.push({ signature, rows: [...rows] });
  }
  return out.map((t) => t.rows);
}

/** Every schedule table, continuations joined, as visit columns and assessment rows. */
export function tableSchedules(tables: Block[][]): TableSchedule | null {
  const schedules: Grid[] = [];
  for (const rows of joinPages(tables)) {
    const grid = gridOf(rows);
    if (!grid || !grid.body.length) continue;
    const last = schedules[schedules.length - 1];
    const continues = last && ((grid.header.length && signature(grid) === signature(last)) || (!grid.header.length && sameColumns(grid.xs, last.xs)));
    if (continues) last.body.push(...grid.body);
    else if (grid.header.length) schedules.push(grid);
  }
  const columns: ScheduleColumn[] = [];
  const rows: TableSchedule['rows'] = [];
  for (const grid of schedules) {
    const cols = columnsOf(grid);
    if (cols.filter((c) => c.label).length < 2) continue;
    const used = new Set(grid.body.flatMap((r) => r.columns));
    const index = new Map<number, number>();
    const headerEvidence = grid.headerBlock ? evidenceOf(grid.headerBlock) : evidenceOf(grid.body[0]!.block);
    cols.forEach((c, k) => {
      if (!c.label && !(used.has(k) && c.text)) return;
      const same = columns.findIndex((x) => x.text === c.text);
      if (same >= 0) index.set(k, same);
      else index.set(k, columns.push({ ...c, evidence: { ...headerEvidence, text: c.text || headerEvidence.text }, assessments: [] }) - 1);
    });
    for (const r of grid.body) {
      const label = rowLabel(r.label);
      if (!label) continue;
      const visits = r.columns.filter((k) => index.has(k)).map((k) => index.get(k)!);
      if (visits.length) rows.push({ label, visits, block: r.block });
    }
  }
  if (!rows.length) return null;
  columns.forEach((c, i) => (c.assessments = rows.filter((r) => r.visits.includes(i)).map((r) => r.label)));
  return { columns, rows };
}
