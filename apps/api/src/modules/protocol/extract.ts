// Text from a protocol document, in blocks that remember where they came from: a PDF's pages and lines
// (unpdf, with table rows rebuilt from the text's positions), a DOCX's paragraphs and tables (mammoth's
// HTML keeps the tables), a legacy DOC's paragraphs with its table rows (word-extractor turns a cell end
// into a tab and a row end into a line break) and a text file's lines (tables written with |, tabs or
// aligned columns). No external service: every library runs in this process.
import fsp from 'node:fs/promises';
import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';
import { EXTRACT_LIMITS, UnreadableDocumentError, clean, rowBlock, totalChars, type Block, type ExtractedDocument } from './blocks.ts';
import { extractPdf } from './extract-pdf.ts';
import type { ProtocolExtension } from '@ctp/contracts';

export { EXTRACT_LIMITS, UnreadableDocumentError, type Block, type ExtractedDocument } from './blocks.ts';
export { pdfLines } from './extract-pdf.ts';

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

/** A cell's lines joined: a word broken at its hyphen ('Pre-' / 'dose') is one word again. */
const LINE_BREAK = '\u2028';
const joinBrokenLines = (s: string) => s.replace(/(\p{L})-\s*\u2028\s*(?=\p{Ll})/gu, '$1-').replace(/\u2028/g, ' ');

/** Footnote marks set as superscript ('Vital signs<sup>a</sup>'): not part of the text. */
const SUP_MARK = /^\s*[a-z\d*†‡§¶#,]{1,4}\s*$/i;

/**
 * Blocks from the simple, well-formed HTML mammoth writes (p, h1-h6, li, table/tr/td/th, inline tags).
 * A list item keeps its nesting (a criterion's sub-items), a row the cells a merged cell spans, and
 * superscript footnote marks are dropped while subscripts stay in the word (SpO<sub>2</sub>).
 */
export function blocksFromHtml(html: string): { blocks: Block[]; paragraphs: number; tables: number } {
  const blocks: Block[] = [];
  let paragraphs = 0;
  let tables = 0;
  let tableDepth = 0;
  let listDepth = 0;
  let row: string[] | null = null;
  let spanned: boolean[] = [];
  let rowNumber = 0;
  let cell: string | null = null;
  let cellSpan = 1;
  let cellRowSpan = 1;
  let sup: string | null = null;
  /** Columns still covered by a cell above (rowspan): column index -> rows left. */
  let spans = new Map<number, number>();
  let text = '';
  let heading = false;
  let itemLevel: number | null = null;
  const flushText = () => {
    const t = clean(decodeEntities(text));
    text = '';
    if (!t) return;
    paragraphs++;
    blocks.push({
      kind: 'text',
      text: t,
      ...(heading && { heading: true }),
      ...(itemLevel !== null && { listLevel: itemLevel }),
      page: null,
      paragraph: paragraphs,
      line: null,
      table: null,
      row: null,
    });
  };
  const fillSpans = () => {
    if (!row) return;
    while ((spans.get(row.length) ?? 0) > 0) {
      spans.set(row.length, spans.get(row.length)! - 1);
      row.push('');
      spanned.push(false);
    }
  };
  const addText = (t: string) => {
    if (sup !== null) sup += t;
    else if (cell !== null) cell += t;
    else if (tableDepth === 0) text += t;
  };
  const re = /<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[4] !== undefined) {
      addText(m[4]);
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    const attrs = m[3] ?? '';
    if (tag === 'sup') {
      if (!closing) sup = '';
      else if (sup !== null) {
        const kept = SUP_MARK.test(decodeEntities(sup)) ? '' : sup;
        sup = null;
        addText(kept);
      }
      continue;
    }
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
      if (tag === 'tr' && !closing) {
        row = [];
        spanned = [];
      } else if (tag === 'tr' && closing && row) {
        fillSpans();
        if (row.some(Boolean)) {
          const b = rowBlock(row, { page: null, paragraph: null, line: null, table: tables, row: ++rowNumber });
          blocks.push(spanned.some(Boolean) ? { ...b, spanned } : b);
        }
        row = null;
      } else if ((tag === 'td' || tag === 'th') && !closing) {
        fillSpans();
        cell = '';
        cellSpan = Math.min(50, Number(/colspan="?(\d+)/i.exec(attrs)?.[1] ?? 1) || 1);
        cellRowSpan = Math.min(500, Number(/rowspan="?(\d+)/i.exec(attrs)?.[1] ?? 1) || 1);
      } else if ((tag === 'td' || tag === 'th') && closing && row && cell !== null) {
        const start = row.length;
        row.push(clean(joinBrokenLines(decodeEntities(cell.trim()))));
        spanned.push(false);
        for (let i = 1; i < cellSpan; i++) {
          row.push('');
          spanned.push(true);
        }
        if (cellRowSpan > 1) for (let i = 0; i < cellSpan; i++) spans.set(start + i, cellRowSpan - 1);
        cell = null;
      } else if (cell !== null && closing && (tag === 'p' || tag === 'li' || /^h[1-6]$/.test(tag))) cell += ' ';
      else if (cell !== null && tag === 'br') cell += LINE_BREAK;
      continue;
    }
    if (tag === 'ol' || tag === 'ul') {
      flushText();
      listDepth = Math.max(0, listDepth + (closing ? -1 : 1));
      itemLevel = listDepth > 0 ? listDepth - 1 : null;
      continue;
    }
    if (tag === 'p' || tag === 'li' || /^h[1-6]$/.test(tag)) {
      if (!closing) {
        flushText();
        heading = /^h[1-6]$/.test(tag);
        if (tag === 'li') itemLevel = listDepth - 1;
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
