// The planned enrollment: a count of people the protocol will enrol, randomise or recruit, written in
// digits ('approximately 120 participants') or in words ('Seventy five patients', 'three hundred').
import type { Block } from './blocks.ts';
import { evidenceOf } from './evidence.ts';
import type { ParsedProtocol } from './parse.ts';

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 };
const NUMBER_WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(SCALES)].join('|')})`;
const NUMBER_WORDS = new RegExp(String.raw`\b${NUMBER_WORD}(?:(?:[\s-]+|\s+and\s+)${NUMBER_WORD})*\b`, 'gi');

/** 'One hundred and twenty' -> 120, 'seventy-five' -> 75; null when the words make no number. */
export function wordsToNumber(words: string): number | null {
  let total = 0;
  let current = 0;
  for (const w of words.toLowerCase().split(/[\s-]+/).filter((x) => x && x !== 'and')) {
    if (w in UNITS) current += UNITS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
  }
  return total + current;
}

/** A text with its numbers in words written in digits ('Seventy five patients' -> '75 patients'). */
export function numbersInWords(text: string): string {
  return text.replace(NUMBER_WORDS, (m) => {
    const n = wordsToNumber(m);
    return n === null || (n < 2 && !/\s/.test(m.trim())) ? m : String(n);
  });
}

const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d{1,7})`;
const PEOPLE = String.raw`(?:[a-z-]+\s+){0,3}?(?:participants|subjects|patients|volunteers|individuals|people|women|men|children|adults)`;
const ENROLMENT_PATTERNS = [
  new RegExp(String.raw`\b(?:approximately|about|around|up to|a total of|total of|some|~)\s*${COUNT}\s+${PEOPLE}\b`, 'i'),
  new RegExp(String.raw`\b${COUNT}\s+${PEOPLE}\s+(?:will|are planned to|is planned to|shall)\s+(?:be\s+)?(?:enrol?led|randomi[sz]ed|recruited|included|screened)`, 'i'),
  new RegExp(String.raw`\b(?:sample size|planned enrol?ment|target enrol?ment|number of (?:participants|subjects|patients))\b[^0-9.]{0,40}${COUNT}\b`, 'i'),
];
const ENROLMENT_CONTEXT = /\benrol|\brandomi[sz]|\brecruit|\bplanned|\bsample size|\binclude|\bparticipat|\btotal/i;

export function plannedEnrollment(blocks: Block[]): ParsedProtocol['plannedEnrollment'] {
  const texts = blocks.map((b) => numbersInWords(b.text));
  for (const [i, pattern] of ENROLMENT_PATTERNS.entries()) {
    for (const [k, b] of blocks.entries()) {
      const m = pattern.exec(texts[k]!);
      if (!m) continue;
      if (i === 0 && !ENROLMENT_CONTEXT.test(b.text)) continue;
      const value = Number(m[1]!.replace(/,/g, ''));
      if (value >= 1 && value <= 1_000_000) return { value, evidence: evidenceOf(b, b.text) };
    }
  }
  return null;
}

