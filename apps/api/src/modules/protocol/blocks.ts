// The blocks a protocol's text is read into, whatever its format: text and table rows, each remembering
// where it came from (page, paragraph, line, table, row).
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
  /** A PDF line's runs with their extent: a table is rebuilt by its columns from them. */
  pieces?: Piece[];
  /** Cells continuing a merged (colspan) cell on their left (DOCX). */
  spanned?: boolean[];
  /** Nesting of a list item (DOCX: 0 an item, 1 its sub-item). */
  listLevel?: number;
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

export const clean = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')
    .replace(/[\u00a0\u2000-\u200b]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function rowBlock(cells: string[], at: Omit<Block, 'kind' | 'text' | 'cells'>, cellX?: number[]): Block {
  return { kind: 'row', text: cells.filter(Boolean).join(' | '), cells, ...(cellX && { cellX }), ...at };
}

export function totalChars(blocks: Block[]) {
  return blocks.reduce((n, b) => n + b.text.length, 0);
}

/** A run of text on a PDF line and its horizontal extent. */
export interface Piece {
  text: string;
  x0: number;
  x1: number;
}
