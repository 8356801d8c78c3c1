// Endpoints from an objectives/endpoints table: a header naming the endpoints column, rows or lines
// giving the level ('Primary', 'Secondary', or an objective starting so), and in the endpoints column
// one endpoint per bullet, its wrapped lines joined. A DOCX table gives its cells; a PDF's lines are
// split at the endpoints column by where their text sits.
import type { Block } from './blocks.ts';
import { evidenceOf } from './evidence.ts';
import type { ParsedStatement } from './parse.ts';
import { looksLikeHeading, sectionOf } from './sections.ts';

type Level = 'primary' | 'secondary' | 'other';
const LEVEL = /^(primary|secondary|exploratory|tertiary|other)\b/i;
const ENDPOINT_HEADER = /^(?:endpoints?|outcome measures?|outcomes?)\b/i;
const BULLET = /(?:^|\s)[•·▪◦●○]\s+/;

const levelOf = (text: string): Level | null => {
  const m = LEVEL.exec(text.trim());
  return !m ? null : /primary/i.test(m[1]!) ? 'primary' : /secondary/i.test(m[1]!) ? 'secondary' : 'other';
};

interface Line {
  left: string;
  right: string;
  block: Block;
}

/** The lines of the table under a header whose cell names the endpoints, split into objective and endpoint sides. */
function tableLines(blocks: Block[]): Line[] {
  for (let i = 0; i < blocks.length; i++) {
    const head = blocks[i]!;
    if (head.kind !== 'row') continue;
    const cells = head.cells ?? [];
    const e = cells.findIndex((c, k) => k > 0 && ENDPOINT_HEADER.test(c));
    if (e < 0) continue;
    const lines: Line[] = [];
    if (head.pieces) {
      // PDF: the endpoints column starts where its header does.
      const edge = head.pieces.find((p) => ENDPOINT_HEADER.test(p.text))!.x0 - 4;
      for (const b of blocks.slice(i + 1)) {
        if (b.kind === 'text' && (sectionOf(b) || (looksLikeHeading(b) && !b.pieces?.some((p) => p.x0 >= edge)))) break;
        const pieces = b.pieces ?? [];
        lines.push({ left: pieces.filter((p) => p.x0 < edge).map((p) => p.text).join(' '), right: pieces.filter((p) => p.x0 >= edge).map((p) => p.text).join(' '), block: b });
      }
    } else {
      for (const b of blocks.slice(i + 1)) {
        if (b.kind !== 'row' || b.table !== head.table) break;
        const c = b.cells ?? [];
        lines.push({ left: c.slice(0, e).join(' ').trim(), right: c.slice(e).join(' ').trim(), block: b });
      }
    }
    return lines;
  }
  return [];
}

export function endpointsFromTable(blocks: Block[]): { primary: ParsedStatement[]; secondary: ParsedStatement[] } | null {
  const lines = tableLines(blocks);
  if (!lines.length) return null;
  const found: Record<Level, { text: string; block: Block }[]> = { primary: [], secondary: [], other: [] };
  let level: Level | null = null;
  let open: { text: string; block: Block } | null = null;
  for (const l of lines) {
    const stated = levelOf(l.left);
    if (stated) [level, open] = [stated, null];
    if (!l.right || !level) continue;
    const parts = l.right.split(BULLET);
    parts.forEach((part, k) => {
      const text = part.trim();
      if (!text) return;
      const starts = k > 0 || BULLET.test(` ${l.right.trimStart().slice(0, 2)}`) || !open || !l.block.pieces;
      if (starts) found[level!].push((open = { text, block: l.block }));
      else open!.text = `${open!.text} ${text}`;
    });
  }
  if (!found.primary.length && !found.secondary.length) return null;
  const statements = (xs: { text: string; block: Block }[]) => xs.map((x) => ({ text: x.text.slice(0, 2000), evidence: evidenceOf(x.block, x.text) }));
  return { primary: statements(found.primary), secondary: statements(found.secondary) };
}
