// Numbered and bulleted lists as a protocol writes its criteria and endpoints: one item per top-level
// entry ('1.', '[31b]', 'I3', a Word list item), its sub-items ('a.', '(a)', '•', a nested list item) and
// an embedded table kept inside it, lines wrapped in a PDF or text file joined, and the sentence that
// introduces the list ('... must meet all of the following criteria:') left out.
import type { Block } from './blocks.ts';
import { evidenceOf } from './evidence.ts';
import type { ParsedStatement } from './parse.ts';

type Marker = 'number' | 'bracket' | 'letter' | 'roman' | 'bullet' | 'code';
const MARKERS: [Marker, RegExp][] = [
  ['bracket', /^\[\d{1,3}[a-z]?\]\s*/i],
  ['code', /^\(?[IE]\d{1,3}[a-z]?[.):]?\s+/],
  ['number', /^\(?\d{1,3}[a-z]?[.)]\s+|^\(\d{1,3}[a-z]?\)\s+/],
  ['roman', /^\(?(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)[.)]\s+/i],
  ['letter', /^\(?[a-z][.)]\s+|^\([a-z]\)\s+/i],
  ['bullet', /^[•·▪◦●○*–—-]\s+/],
];

function markerOf(text: string): { kind: Marker; length: number } | null {
  for (const [kind, re] of MARKERS) {
    const m = re.exec(text);
    if (m) return { kind, length: m[0].length };
  }
  return null;
}

/** Numbered items run together in one paragraph ('1. Healthy adults ... 2. Non-smokers ...'), apart. */
function splitRunOn(text: string): string[] {
  const starts = [...text.matchAll(/(?:^|\s)(\d{1,2})[.)]\s+(?=[A-Z(])/g)];
  const numbers = starts.map((m) => Number(m[1]));
  if (starts.length < 2 || !numbers.every((n, i) => n === i + 1)) return [text];
  return starts.map((m, i) => text.slice(m.index, starts[i + 1]?.index ?? text.length).trim());
}

/** A PDF line read as a row only because its number stands apart ('1.' | 'Adults aged ...'). */
const numberedLine = (b: Block) => b.kind === 'row' && !!b.cells?.[0] && markerOf(`${b.cells[0]} `)?.length === b.cells[0].length + 1;

export function listItems(blocks: Block[], format: string): ParsedStatement[] {
  const items: { text: string; block: Block; marked: boolean }[] = [];
  const wrapsLines = format === 'txt' || format === 'pdf';
  let top: Marker | 'list' | null = null;
  let lastParagraph: number | null = null;
  for (const b of blocks) {
    const previous = items[items.length - 1];
    if (b.kind === 'row' && !numberedLine(b)) {
      // A table inside a criterion: its rows belong to the item above.
      if (previous) previous.text = `${previous.text} ${(b.cells ?? []).filter(Boolean).join(' ')}`;
      continue;
    }
    const text = b.kind === 'row' ? (b.cells ?? []).filter(Boolean).join(' ') : b.text;
    if (!text.trim()) continue;
    const marker = markerOf(text);
    const stripped = marker ? text.slice(marker.length).trim() : text.trim();
    if (b.listLevel !== undefined) {
      // A Word list: the nesting says what is a sub-item.
      top = 'list';
      if (b.listLevel > 0 && previous) previous.text = `${previous.text} ${text}`;
      else items.push({ text: stripped, block: b, marked: true });
    } else if (marker) {
      top ??= marker.kind;
      if (marker.kind !== top && top !== 'list' && previous) previous.text = `${previous.text} ${text}`;
      else for (const part of splitRunOn(text)) {
        const item = part.replace(markerOf(part) ? part.slice(0, markerOf(part)!.length) : '', '').trim();
        if (item.length >= 3) items.push({ text: item, block: b, marked: true });
      }
    } else {
      const sameParagraph = format === 'pdf' || b.paragraph === lastParagraph;
      if (previous && wrapsLines && sameParagraph && !/[.;:]$/.test(previous.text)) previous.text = `${previous.text} ${stripped}`;
      else if (previous && previous.marked && top !== null && wrapsLines && /^\p{Ll}/u.test(stripped)) previous.text = `${previous.text} ${stripped}`;
      else for (const part of splitRunOn(text)) {
        const m = markerOf(part);
        const item = (m ? part.slice(m.length) : part).trim();
        if (item.length >= 3) items.push({ text: item, block: b, marked: !!m });
      }
    }
    lastParagraph = b.paragraph;
  }
  // The sentence introducing a marked list is not one of its items.
  const firstMarked = items.findIndex((i) => i.marked);
  const kept = firstMarked > 0 ? items.slice(firstMarked) : items;
  return kept.map((i) => ({ text: i.text.slice(0, 2000), evidence: evidenceOf(i.block, i.text) }));
}
