// Text from a protocol document, in blocks that remember where they came from: a PDF's pages and lines
// (unpdf, with table rows rebuilt from the text's positions), a DOCX's paragraphs and tables (mammoth's
// HTML keeps the tables), a legacy DOC's paragraphs with its table rows (word-extractor turns a cell end
// into a tab and a row end into a line break) and a text file's lines (tables written with |, tabs or
// aligned columns). No external service: every library runs in this process.
import fsp from 'node:fs/promises';
import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { extractTextItems, getDocumentProxy } from 'unpdf';
import type { ProtocolExtension } from '@ctp/contracts';

export interface Block {
  kind: 'text' | 'row';
  /** The block's text; a row's cells joined with ' | '. */
  text: string;
  /** A table row's cells in order. */
  cells?: string[];
  /**
   * The horizontal centre of each cell where empty cells leave no trace (a PDF's rows, a text file's
   * aligned columns): cells are matched to the header's columns by position, not by order.
   */
  cellX?: number[];
  /** A heading by its style (DOCX h1-h6). Plain-text headings are recognised by their words. */
  heading?: boolean;
  page: number | null;
  paragraph: number | null;
  line: number | null;
  table: number | null;
  row: number | null;
}

export interface ExtractedDocument {
  format: ProtocolExtension;
  pages: number | null;
  paragraphs: number;
  tables: number;
  blocks: Block[];
}

/** The most a document may hold: beyond this the analysis refuses it (a protocol is far smaller). */
export const EXTRACT_LIMITS = { pdfPages: 1000, characters: 5_000_000 } as const;

export class UnreadableDocumentError extends Error {}

const clean = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
    .replace(/[\u00a0\u2000-\u200b]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function rowBlock(cells: string[], at: Omit<Block, 'kind' | 'text' | 'cells'>, cellX?: number[]): Block {
  return { kind: 'row', text: cells.filter(Boolean).join(' | '), cells, ...(cellX && { cellX }), ...at };
}

function totalChars(blocks: Block[]) {
  return blocks.reduce((n, b) => n + b.text.length, 0);
}

// --- Plain text -------------------------------------------------------------------------------------

/** A text line as table cells: '|' or tab separated, or columns set apart by runs of 3+ spaces. */
function textCells(line: string): { cells: string[]; cellX?: number[] } | null {
  if ((line.match(/\|/g) ?? []).length >= 2) {
    if (/^\s*\|?[\s:|-]+\|?\s*$/.test(line)) return { cells: [] }; // a |---|---| separator
    const parts = line.split('|').map(clean);
    if (/^\s*\|/.test(line)) parts.shift();
    if (/\|\s*$/.test(line)) parts.pop();
    return { cells: parts };
  }
  if (line.includes('\t')) return { cells: line.split('\t').map(clean) };
  const cells: string[] = [];
  const cellX: number[] = [];
  const re = /\S+(?: {1,2}\S+)*/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    cells.push(clean(m[0]));
    cellX.push(m.index + m[0].length / 2);
  }
  return cells.length >= 2 ? { cells, cellX } : null;
}

export function extractPlainText(content: string): ExtractedDocument {
  const blocks: Block[] = [];
  let paragraph = 0;
  let table = 0;
  let row = 0;
  let inParagraph = false;
  let inTable = false;
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    if (!raw.trim()) {
      inParagraph = false;
      inTable = false;
      return;
    }
    if (!inParagraph) paragraph++;
    inParagraph = true;
    const cells = textCells(raw);
    if (cells && cells.cells.length === 0) return; // a separator line keeps the table going
    if (cells) {
      if (!inTable) {
        table++;
        row = 0;
      }
      inTable = true;
      blocks.push(rowBlock(cells.cells, { page: null, paragraph, line: i + 1, table, row: ++row }, cells.cellX));
      return;
    }
    inTable = false;
    blocks.push({ kind: 'text', text: clean(raw), page: null, paragraph, line: i + 1, table: null, row: null });
  });
  return { format: 'txt', pages: null, paragraphs: paragraph, tables: table, blocks };
}

// --- DOCX (mammoth's HTML) -------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/** Blocks from the simple, well-formed HTML mammoth writes (p, h1-h6, li, table/tr/td/th, inline tags). */
export function blocksFromHtml(html: string): { blocks: Block[]; paragraphs: number; tables: number } {
  const blocks: Block[] = [];
  let paragraphs = 0;
  let tables = 0;
  let tableDepth = 0;
  let row: string[] | null = null;
  let rowNumber = 0;
  let cell: string | null = null;
  let cellSpan = 1;
  let cellRowSpan = 1;
  /** Columns still covered by a cell above (rowspan): column index -> rows left. */
  let spans = new Map<number, number>();
  let text = '';
  let heading = false;
  const flushText = () => {
    const t = clean(decodeEntities(text));
    text = '';
    if (!t) return;
    paragraphs++;
    blocks.push({ kind: 'text', text: t, ...(heading && { heading: true }), page: null, paragraph: paragraphs, line: null, table: null, row: null });
  };
  const fillSpans = () => {
    if (!row) return;
    while ((spans.get(row.length) ?? 0) > 0) {
      spans.set(row.length, spans.get(row.length)! - 1);
      row.push('');
    }
  };
  const re = /<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[4] !== undefined) {
      if (cell !== null) cell += m[4];
      else if (tableDepth === 0) text += m[4];
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    const attrs = m[3] ?? '';
    if (tag === 'table') {
      if (!closing) {
        if (tableDepth === 0) {
          flushText();
          tables++;
          rowNumber = 0;
          spans = new Map();
        }
        tableDepth++;
      } else tableDepth = Math.max(0, tableDepth - 1);
      continue;
    }
    if (tableDepth > 1) {
      // A table inside a cell: its text joins the outer cell.
      if (cell !== null && closing && (tag === 'td' || tag === 'th' || tag === 'p')) cell += ' ';
      continue;
    }
    if (tableDepth === 1) {
      if (tag === 'tr' && !closing) row = [];
      else if (tag === 'tr' && closing && row) {
        fillSpans();
        if (row.some(Boolean)) blocks.push(rowBlock(row, { page: null, paragraph: null, line: null, table: tables, row: ++rowNumber }));
        row = null;
      } else if ((tag === 'td' || tag === 'th') && !closing) {
        fillSpans();
        cell = '';
        cellSpan = Math.min(50, Number(/colspan="?(\d+)/i.exec(attrs)?.[1] ?? 1) || 1);
        cellRowSpan = Math.min(500, Number(/rowspan="?(\d+)/i.exec(attrs)?.[1] ?? 1) || 1);
      } else if ((tag === 'td' || tag === 'th') && closing && row && cell !== null) {
        const start = row.length;
        row.push(clean(decodeEntities(cell)));
        for (let i = 1; i < cellSpan; i++) row.push('');
        if (cellRowSpan > 1) for (let i = 0; i < cellSpan; i++) spans.set(start + i, cellRowSpan - 1);
        cell = null;
      } else if (cell !== null && closing && (tag === 'p' || tag === 'li' || /^h[1-6]$/.test(tag))) cell += ' ';
      else if (cell !== null && tag === 'br') cell += ' ';
      continue;
    }
    if (tag === 'p' || tag === 'li' || /^h[1-6]$/.test(tag)) {
      if (!closing) {
        flushText();
        heading = /^h[1-6]$/.test(tag);
      } else {
        flushText();
        heading = false;
      }
    } else if (tag === 'br') text += ' ';
  }
  flushText();
  return { blocks, paragraphs, tables };
}

async function extractDocx(path: string): Promise<ExtractedDocument> {
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml({ path }, { externalFileAccess: false }));
  } catch {
    throw new UnreadableDocumentError('The DOCX file could not be read');
  }
  if (html.length > EXTRACT_LIMITS.characters * 4) throw new UnreadableDocumentError('The document is too large to analyse');
  const { blocks, paragraphs, tables } = blocksFromHtml(html);
  return { format: 'docx', pages: null, paragraphs, tables, blocks };
}

// --- DOC (word-extractor) --------------------------------------------------------------------------

/** A legacy Word body: a line per paragraph, a table row as its cells each followed by a tab. */
export function blocksFromWordBody(body: string): { blocks: Block[]; paragraphs: number; tables: number } {
  const blocks: Block[] = [];
  let paragraphs = 0;
  let tables = 0;
  let row = 0;
  let inTable = false;
  for (const raw of body.split('\n')) {
    if (!raw.trim()) {
      inTable = false;
      continue;
    }
    paragraphs++;
    if (raw.includes('\t')) {
      const cells = raw.split('\t');
      if (cells.length > 1 && !cells[cells.length - 1]!.trim()) cells.pop();
      if (!inTable) {
        tables++;
        row = 0;
      }
      inTable = true;
      blocks.push(rowBlock(cells.map(clean), { page: null, paragraph: paragraphs, line: null, table: tables, row: ++row }));
      continue;
    }
    inTable = false;
    blocks.push({ kind: 'text', text: clean(raw), page: null, paragraph: paragraphs, line: null, table: null, row: null });
  }
  return { blocks, paragraphs, tables };
}

async function extractDoc(path: string): Promise<ExtractedDocument> {
  let body: string;
  try {
    body = (await new WordExtractor().extract(path)).getBody();
  } catch {
    throw new UnreadableDocumentError('The DOC file could not be read');
  }
  const { blocks, paragraphs, tables } = blocksFromWordBody(body);
  return { format: 'doc', pages: null, paragraphs, tables, blocks };
}

// --- PDF (unpdf) --------------------------------------------------------------------------------------

interface PdfItem {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

/** A line's items as cells: text set apart by a gap wider than `gapEm` times the font size starts a cell. */
function lineCells(items: PdfItem[], size: number, gapEm: number): { cells: string[]; cellX: number[] } {
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
  return { cells: kept.map((c) => c.text), cellX: kept.map((c) => (c.start + c.end) / 2) };
}

/**
 * A page's text items as lines (top to bottom), each split into cells where a wide gap (1 em) separates
 * text. Lines in a table (two or more cells, or a one-cell line between such rows) are split again at a
 * narrower gap: a table's columns sit closer than the words of a sentence ever do in a drawn run.
 */
export function pdfLines(items: PdfItem[]): { cells: string[]; cellX: number[]; inTable: boolean }[] {
  const visible = items.filter((i) => i.str.trim());
  const sorted = [...visible].sort((a, b) => b.y - a.y || a.x - b.x);
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
  const isRow = wide.map((c) => c.cells.length >= 2);
  let inTable = false;
  return lines.map((l, i) => {
    inTable = isRow[i]! || (inTable && (!!isRow[i + 1] || !!isRow[i + 2]));
    return inTable ? { ...lineCells(l.items, l.size, 0.35), inTable } : { ...wide[i]!, inTable };
  });
}

async function extractPdf(path: string): Promise<ExtractedDocument> {
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
        blocks.push(rowBlock(l.cells, { page: p + 1, paragraph: null, line: i + 1, table, row: ++row }, l.cellX));
        return;
      }
      table = 0;
      blocks.push({ kind: 'text', text: l.cells.join(' '), page: p + 1, paragraph: null, line: i + 1, table: null, row: null });
    });
  });
  const paragraphs = blocks.filter((b) => b.kind === 'text').length;
  return { format: 'pdf', pages: totalPages, paragraphs, tables, blocks };
}

/** Reads the file as the kind its (already checked) extension names. */
export async function extractDocument(path: string, format: ProtocolExtension): Promise<ExtractedDocument> {
  let doc: ExtractedDocument;
  if (format === 'txt') {
    const stat = await fsp.stat(path);
    if (stat.size > EXTRACT_LIMITS.characters * 4) throw new UnreadableDocumentError('The document is too large to analyse');
    doc = extractPlainText(await fsp.readFile(path, 'utf8'));
  } else if (format === 'docx') doc = await extractDocx(path);
  else if (format === 'doc') doc = await extractDoc(path);
  else doc = await extractPdf(path);
  if (totalChars(doc.blocks) > EXTRACT_LIMITS.characters) throw new UnreadableDocumentError('The document is too large to analyse');
  if (!doc.blocks.some((b) => /[a-z]{3}/i.test(b.text))) {
    throw new UnreadableDocumentError(format === 'pdf' ? 'No text could be read from this PDF (a scanned document has no text layer)' : 'No text could be read from this document');
  }
  return doc;
}
