// A schedule table as a grid: the header rows (each with its label and the text it gives each visit
// column) and the body rows (an assessment and the columns it is marked in). A PDF's table is rebuilt
// from where its text sits: the columns are where the marks are, a header line without a label of its
// own continues the row above (a cell broken over lines: '−42 to' / '−9'), and a header cell spanning
// columns ('Cycle 1' over its days, 'Day 1' over its time points) covers the columns it is centred over.
// A DOCX table gives its columns and merged cells directly.
import type { Block, Piece } from '../blocks.ts';

const MARK = /^(?:x|✓|✔|√|•|●|■|yes|y)(?:[a-z]?[*†‡§¹²³⁴⁵⁶⁷⁸⁹\d,]*)?(?:\s*\(.{0,40}\))?$/i;
export const isMark = (cell: string) => MARK.test(cell.trim());

export interface Grid {
  header: { label: string; cells: string[] }[];
  headerBlock: Block | null;
  body: { label: string; columns: number[]; block: Block }[];
  /** Column centres of a positional table (a continuation without header is matched by them). */
  xs: number[] | null;
}

/** A cell's lines as one text: a word broken at its hyphen ('Pre-' / 'dose') is whole again. */
export function joinLines(lines: string[]): string {
  return lines
    .map((l) => l.trim())
    .filter(Boolean)
    .reduce((all, l) => (!all ? l : /\p{L}-$/u.test(all) && /^\p{Ll}/u.test(l) ? all + l : `${all} ${l}`), '');
}

const centre = (p: Piece) => (p.x0 + p.x1) / 2;

function piecesOf(b: Block): Piece[] {
  if (b.pieces) return b.pieces;
  return (b.cells ?? []).map((text, i) => {
    const x = b.cellX?.[i] ?? i;
    return { text, x0: x - text.length / 2, x1: x + text.length / 2 };
  });
}

function cluster(xs: number[], tol: number): number[] {
  const sorted = [...xs].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const x of sorted) {
    const g = groups[groups.length - 1];
    if (g && x - g[g.length - 1]! <= tol) g.push(x);
    else groups.push([x]);
  }
  return groups.map((g) => g.reduce((s, x) => s + x, 0) / g.length);
}

/** A positional table (PDF lines, aligned text columns) as a grid. */
function positionalGrid(rows: Block[]): Grid | null {
  const tol = rows.some((r) => r.pieces) ? 3 : 1;
  const rowPieces = rows.map(piecesOf);
  const markXs = rowPieces.flatMap((ps) => ps.flatMap((p, i) => (i > 0 && isMark(p.text) ? [centre(p)] : [])));
  if (!markXs.length) return null;
  const xs = cluster(markXs, tol);
  const gap = (i: number) => (xs.length > 1 ? (i <= 0 ? xs[1]! - xs[0]! : i >= xs.length - 1 ? xs[i]! - xs[i - 1]! : Math.min(xs[i]! - xs[i - 1]!, xs[i + 1]! - xs[i]!)) : 40);
  const leftEdge = xs[0]! - gap(0) / 2;
  const rightEdge = xs[xs.length - 1]! + gap(xs.length - 1) / 2;
  const bounds = [leftEdge, ...xs.slice(1).map((x, i) => (x + xs[i]!) / 2), rightEdge];
  const columnOf = (x: number) => {
    let best = -1;
    xs.forEach((c, i) => {
      if (Math.abs(c - x) <= gap(i) * 0.5 && (best < 0 || Math.abs(c - x) < Math.abs(xs[best]! - x))) best = i;
    });
    return best;
  };
  const split = rowPieces.map((ps) => ({ label: joinLines(ps.filter((p) => centre(p) < leftEdge).map((p) => p.text)), cells: ps.filter((p) => centre(p) >= leftEdge) }));
  const firstBody = split.findIndex((r) => r.cells.some((p) => isMark(p.text) && columnOf(centre(p)) >= 0));
  if (firstBody < 0) return null;

  // Header: lines with a label start a header row, lines without continue it; rows giving no column text
  // (a category such as 'Screening' just above the first marked row) are not header rows.
  const logical: { label: string; lines: Piece[][] }[] = [];
  for (const r of split.slice(0, firstBody)) {
    if (r.label || !logical.length) logical.push({ label: r.label, lines: [] });
    logical[logical.length - 1]!.lines.push(r.cells);
  }
  const header = logical
    .filter((h) => h.lines.some((l) => l.length))
    .map((h) => ({ label: h.label, cells: spread(h.lines, xs, bounds, columnOf) }));
  const body: (Grid['body'][number] & { straddled?: boolean })[] = [];
  // The body starts after the last header line giving column text: a label line between them is the
  // first row's (or a category).
  let start = firstBody;
  while (start > 0 && !split[start - 1]!.cells.length) start--;
  let pending: string | null = null;
  split.slice(start).forEach((r, i) => {
    const block = rows[start + i]!;
    const columns = [...new Set(r.cells.filter((p) => isMark(p.text)).map((p) => columnOf(centre(p))).filter((k) => k >= 0))].sort((a, b) => a - b);
    const previous = body[body.length - 1];
    const adjacent = previous?.block.row === (block.row ?? 0) - 1 && previous?.block.page === block.page;
    if (!columns.length) {
      if (r.cells.length || !r.label) pending = null;
      // A label wrapped onto the next line continues the row above (any second line when the row's marks
      // stood between its label's lines); any other unmarked line is a category, or a label whose marks follow.
      else if (previous && adjacent && (previous.straddled || /^[a-z(]/.test(r.label))) {
        previous.label = `${previous.label} ${r.label}`;
        previous.straddled = false;
      } else pending = r.label;
      return;
    }
    // Marks without a label: centred between the lines of the label above and below.
    const label = r.label || pending;
    if (label) body.push({ label, columns, block, straddled: !r.label });
    pending = null;
  });
  const headerBlock = rows[Math.max(0, firstBody - 1)] ?? null;
  return { header, headerBlock: firstBody > 0 ? headerBlock : null, body: body.map(({ straddled: _, ...b }) => b), xs };
}

/**
 * A header row's pieces (over one or more lines) as the text of each column. Pieces one above the other
 * are one cell; a cell covers the columns it is centred over, reading from the left: its right edge
 * mirrors the previous cell's right edge around its centre, never past the next cell's centre.
 */
function spread(lines: Piece[][], xs: number[], bounds: number[], columnOf: (x: number) => number): string[] {
  const minGap = xs.length > 1 ? Math.min(...xs.slice(1).map((x, i) => x - xs[i]!)) : 40;
  const cells: { x: number; lines: string[][] }[] = [];
  lines.forEach((line, li) => {
    // Runs of one line in one column (or both between columns) are one cell's words.
    const merged: Piece[] = [];
    for (const p of [...line].sort((a, b) => a.x0 - b.x0)) {
      const last = merged[merged.length - 1];
      if (last && p.x0 - last.x1 <= 3 && (columnOf(centre(last)) === columnOf(centre(p)) || columnOf(centre(p)) < 0)) merged[merged.length - 1] = { text: `${last.text} ${p.text}`, x0: last.x0, x1: p.x1 };
      else merged.push(p);
    }
    for (const p of merged) {
      const c = cells.find((x) => Math.abs(x.x - centre(p)) <= minGap * 0.5) ?? cells[cells.push({ x: centre(p), lines: [] }) - 1]!;
      (c.lines[li] ??= []).push(p.text);
    }
  });
  cells.sort((a, b) => a.x - b.x);
  const out = xs.map(() => '');
  const snap = (x: number) => bounds.reduce((best, b) => (Math.abs(b - x) < Math.abs(best - x) ? b : best), bounds[0]!);
  let left = bounds[0]!;
  cells.forEach((c, k) => {
    const next = cells[k + 1]?.x;
    let right = 2 * c.x - left;
    if (next !== undefined && right > next) right = (c.x + next) / 2;
    right = snap(Math.min(right, bounds[bounds.length - 1]!));
    const start = snap(Math.max(left, 2 * c.x - right));
    let covered = xs.map((x, i) => (x > start && x < right ? i : -1)).filter((i) => i >= 0);
    if (!covered.length) covered = [columnOf(c.x)].filter((i) => i >= 0);
    const text = joinLines(c.lines.map((l) => (l ?? []).join(' ')));
    for (const i of covered) out[i] = out[i] ? `${out[i]} ${text}` : text;
    left = Math.max(left, right);
  });
  return out;
}

/** A table whose cells are its columns (DOCX, DOC, | tables): merged header cells repeat their text. */
function cellGrid(rows: Block[]): Grid | null {
  const firstBody = rows.findIndex((r) => (r.cells ?? []).slice(1).some(isMark));
  if (firstBody < 0) return null;
  const width = Math.max(...rows.map((r) => r.cells?.length ?? 0)) - 1;
  const header = rows
    .slice(0, firstBody)
    .map((r) => {
      const cells = [...(r.cells ?? [])];
      for (let i = 1; i < cells.length; i++) if (r.spanned?.[i]) cells[i] = cells[i - 1]!;
      return { label: cells[0] ?? '', cells: Array.from({ length: width }, (_, i) => cells[i + 1] ?? '') };
    })
    .filter((h) => h.cells.some(Boolean));
  const body: Grid['body'] = [];
  for (const r of rows.slice(firstBody)) {
    const cells = r.cells ?? [];
    const columns = cells.flatMap((c, i) => (i > 0 && isMark(c) ? [i - 1] : []));
    if (columns.length && cells[0]) body.push({ label: cells[0], columns, block: r });
  }
  return { header, headerBlock: rows[Math.max(0, firstBody - 1)] ?? null, body, xs: null };
}

/**
 * A positional table's header as written (the lines above its first marked row, a category line just
 * above that left out) and where its body starts: the pages of one schedule repeat the same header.
 */
export function rawHeader(rows: Block[]): { signature: string; firstBody: number; bodyStart: number } {
  const firstBody = rows.findIndex((r) => piecesOf(r).some((p, i) => i > 0 && isMark(p.text)));
  let end = firstBody < 0 ? rows.length : firstBody;
  while (end > 0 && piecesOf(rows[end - 1]!).length === 1) end--;
  return { signature: rows.slice(0, end).map((r) => r.text).join('\n'), firstBody, bodyStart: end };
}

export function gridOf(rows: Block[]): Grid | null {
  return rows.some((r) => r.cellX) ? positionalGrid(rows) : cellGrid(rows);
}
