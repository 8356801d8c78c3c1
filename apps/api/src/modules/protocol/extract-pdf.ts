// A PDF's text as lines from the positions pdf.js gives each text run (unpdf): runs on one baseline are a
// line; small raised runs after a word are footnote marks and go ('Physical examinationᵏ'), small lowered
// ones are subscripts and stay in the word ('SpO₂', 'FEV₁'). Each line keeps its runs with their extent
// (pieces) so that a table can be rebuilt by its columns rather than by the gaps between words.
import fsp from 'node:fs/promises';
import { extractTextItems, getDocumentProxy } from 'unpdf';
import { isMark } from './schedule/grid.ts';
import { EXTRACT_LIMITS, rowBlock, UnreadableDocumentError, clean, type Block, type ExtractedDocument, type Piece } from './blocks.ts';

export interface PdfItem {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

const FOOTNOTE_MARK = /^[a-z\d*†‡§¶#,]{1,4}$/i;

/** Footnote marks dropped, subscripts joined to the run they follow. */
export function attachScripts(items: PdfItem[]): PdfItem[] {
  const kept = items.filter((i) => i.str.trim()).map((i) => ({ ...i }));
  const gone = new Set<PdfItem>();
  for (const s of kept) {
    const size = s.fontSize || 10;
    const left = kept.find(
      (l) =>
        l !== s &&
        !gone.has(l) &&
        (l.fontSize || 10) > size * 1.2 &&
        Math.abs(l.x + l.width - s.x) <= size * 0.6 &&
        Math.abs(l.y - s.y) < (l.fontSize || 10) * 0.7,
    );
    if (!left) continue;
    const lift = s.y - left.y;
    const big = left.fontSize || 10;
    if (lift > big * 0.1 && FOOTNOTE_MARK.test(s.str.trim())) gone.add(s);
    else if (lift < -big * 0.1) {
      left.str += s.str.trim();
      left.width = s.x + s.width - left.x;
      gone.add(s);
    }
  }
  return kept.filter((i) => !gone.has(i));
}

/** A line's items as cells: text set apart by a gap wider than `gapEm` times the font size starts a cell. */
function lineCells(items: PdfItem[], size: number, gapEm: number): { cells: string[]; cellX: number[]; pieces: Piece[] } {
  const cells: { text: string; start: number; end: number }[] = [];
  for (const p of items) {
    const last = cells[cells.length - 1];
    const gap = last ? p.x - last.end : Infinity;
    const em = Math.max(size, p.fontSize || 0);
    if (last && gap < em * gapEm) {
      last.text += (gap > (p.fontSize || size) * 0.15 && !last.text.endsWith(' ') ? ' ' : '') + p.str;
      last.end = Math.max(last.end, p.x + p.width);
    } else cells.push({ text: p.str, start: p.x, end: p.x + p.width });
  }
  const kept = cells.map((c) => ({ ...c, text: clean(c.text) })).filter((c) => c.text);
  return { cells: kept.map((c) => c.text), cellX: kept.map((c) => (c.start + c.end) / 2), pieces: kept.map((c) => ({ text: c.text, x0: c.start, x1: c.end })) };
}

export interface PdfLine {
  cells: string[];
  cellX: number[];
  /** The line's runs (words drawn together) with their extent, for rebuilding table columns. */
  pieces: Piece[];
  inTable: boolean;
}

/**
 * A page's text items as lines (top to bottom), each split into cells where a wide gap (1 em) separates
 * text. Lines in a table (two or more cells, or a one-cell line between such rows) are split again at a
 * narrower gap: a table's columns sit closer than the words of a sentence ever do in a drawn run.
 */
export function pdfLines(raw: PdfItem[]): PdfLine[] {
  const sorted = attachScripts(raw).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; size: number; items: PdfItem[] }[] = [];
  for (const item of sorted) {
    const size = item.fontSize || 10;
    const line = lines.find((l) => Math.abs(l.y - item.y) <= Math.max(l.size, size) * 0.45);
    if (line) line.items.push(item);
    else lines.push({ y: item.y, size, items: [item] });
  }
  lines.sort((a, b) => b.y - a.y);
  for (const l of lines) l.items.sort((a, b) => a.x - b.x);
  const wide = lines.map((l) => lineCells(l.items, l.size, 1.0));
  // A line of marks alone is a table row (the marks of a row whose label runs over two lines around them).
  const marksOnly = wide.map((c) => c.cells.length > 0 && c.cells.every(isMark));
  const isRow = wide.map((c, i) => c.cells.length >= 2 || marksOnly[i]!);
  let inTable = false;
  return lines.map((l, i) => {
    // A one-cell line between rows is the table's too (a wrapped label, a category), and so is the line
    // just below a row of marks alone (its label's second line).
    inTable = isRow[i]! || (inTable && (!!isRow[i + 1] || !!isRow[i + 2] || !!isRow[i + 3] || !!marksOnly[i - 1]));
    const pieces = lineCells(l.items, l.size, 0.12).pieces;
    return inTable ? { ...lineCells(l.items, l.size, 0.35), pieces, inTable } : { ...wide[i]!, pieces, inTable };
  });
}

/**
 * Lines that come again at the top or bottom of most pages (a running header, a footer with the page
 * number) are the page's furniture, not the protocol's text: left out, they no longer end up inside a
 * criterion that runs over a page break.
 */
export function dropRunningLines(blocks: Block[]): Block[] {
  const pages = new Map<number, Block[]>();
  for (const b of blocks) if (b.page !== null) (pages.get(b.page) ?? pages.set(b.page, []).get(b.page)!).push(b);
  if (pages.size < 2) return blocks;
  const key = (b: Block) => b.text.replace(/\d+/g, '#').toLowerCase();
  // Text lines only: a table's header repeated on its continued pages is the table's, not the page's.
  const edges = new Set<Block>([...pages.values()].flatMap((bs) => [...bs.slice(0, 2), ...bs.slice(-2)]).filter((b) => b.kind === 'text'));
  const seen = new Map<string, Set<number>>();
  for (const b of edges) (seen.get(key(b)) ?? seen.set(key(b), new Set()).get(key(b))!).add(b.page!);
  const least = Math.max(2, Math.ceil(pages.size / 2));
  return blocks.filter((b) => !(edges.has(b) && seen.get(key(b))!.size >= least));
}

export async function extractPdf(path: string): Promise<ExtractedDocument> {
  let pages: PdfItem[][];
  let totalPages: number;
  try {
    const data = new Uint8Array(await fsp.readFile(path));
    const pdf = await getDocumentProxy(data, { useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
    try {
      if (pdf.numPages > EXTRACT_LIMITS.pdfPages) throw new UnreadableDocumentError(`The PDF has more than ${EXTRACT_LIMITS.pdfPages} pages`);
      ({ items: pages, totalPages } = await extractTextItems(pdf));
    } finally {
      await pdf.loadingTask.destroy();
    }
  } catch (err) {
    if (err instanceof UnreadableDocumentError) throw err;
    if ((err as { name?: string } | null)?.name === 'PasswordException') {
      throw new UnreadableDocumentError('The PDF is password-protected: remove the password and upload it again');
    }
    throw new UnreadableDocumentError('The PDF file could not be read');
  }
  const blocks: Block[] = [];
  let tables = 0;
  pages.forEach((items, p) => {
    let table = 0;
    let row = 0;
    pdfLines(items).forEach((l, i) => {
      if (l.inTable) {
        if (table === 0) {
          tables++;
          table = tables;
          row = 0;
        }
        blocks.push({ ...rowBlock(l.cells, { page: p + 1, paragraph: null, line: i + 1, table, row: ++row }, l.cellX), pieces: l.pieces });
        return;
      }
      table = 0;
      blocks.push({ kind: 'text', text: l.cells.join(' '), pieces: l.pieces, page: p + 1, paragraph: null, line: i + 1, table: null, row: null });
    });
  });
  const kept = dropRunningLines(blocks);
  const paragraphs = kept.filter((b) => b.kind === 'text').length;
  return { format: 'pdf', pages: totalPages, paragraphs, tables, blocks: kept };
}
