// What investigators type, brought to the words a dictionary uses, remembering each change as a reason:
//   spelling  British -> American (oedema -> edema, haemorrhage -> hemorrhage, tumour -> tumor ...)
//   lay term  'throwing up' -> vomiting, 'high blood pressure' -> hypertension (lay-terms.ts)
//   abbrev.   SOB -> dyspnea, HTN -> hypertension (lay-terms.ts)
//   plural    headaches -> headache (the dictionary's terms are stemmed the same way)
//   extra     qualifiers and filler words ('mild', 'since', 'morning') are set aside, not matched; the
//             side, direction and negation words never are (contradictions.ts)
import { ABBREVIATIONS, LAY_TERMS, QUALIFIERS } from './lay-terms.ts';

export interface Normalized {
  /** The tokens to match, stemmed. */
  tokens: string[];
  /** Words set aside as qualifiers or filler. */
  ignored: string[];
  reasons: string[];
}

const SPELLING: [RegExp, string][] = [
  [/^oe(?=d|s|st)/, 'e'], // oedema, oesophagitis, oestrogen
  [/oea$/, 'ea'], // diarrhoea, dyspnoea, amenorrhoea
  [/oeic$/, 'eic'],
  [/haem/, 'hem'],
  [/aem/, 'em'], // anaemia, leukaemia, ischaemia, septicaemia, hyperkalaemia
  [/^paed/, 'ped'],
  [/faec/, 'fec'],
  [/^tumour/, 'tumor'],
  [/^colour/, 'color'],
  [/^behaviour/, 'behavior'],
  [/^odour/, 'odor'],
  [/^(hospital|immun|local|general|paraly|sensit|steril|organ)is(e|ed|es|ing|ation)$/, '$1iz$2'],
  [/^paralyse(d?)$/, 'paralyze$1'],
  [/^(cent|fib|lit)re$/, '$1er'],
  [/^sulph/, 'sulf'],
  [/^anaesthe/, 'anesthe'],
  [/^flush(es)?$/, 'flash$1'], // hot flushes -> hot flashes
];

/** Lower case, accents and punctuation removed, split into words. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function americanSpelling(word: string): string {
  let w = word;
  for (const [pattern, replacement] of SPELLING) w = w.replace(pattern, replacement);
  return w;
}

/** A simple plural stem, applied to dictionary terms and verbatims alike. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|sis|ous|as)$/.test(word)) return word;
  if (/(xes|zes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * Base forms a verb or adjective form may stand for (coughing -> cough, vomited -> vomiting / vomit,
 * wheezing -> wheeze, fatigued -> fatigue): the matcher takes only those that are dictionary words.
 */
export function inflectionsOf(word: string): string[] {
  const out: string[] = [];
  if (word.length > 5 && word.endsWith('ing')) {
    const base = word.slice(0, -3);
    out.push(base, `${base}e`);
    if (/(.)\1$/.test(base)) out.push(base.slice(0, -1)); // vomitting -> vomit
  }
  if (word.length > 4 && word.endsWith('ed')) {
    const base = word.slice(0, -2);
    out.push(`${base}ing`, base, word.slice(0, -1));
    if (/(.)\1$/.test(base)) out.push(base.slice(0, -1));
  }
  return out.filter((w) => w !== word && w.length >= 3);
}

/** Replaces the longest lay phrase or abbreviation starting at each word. */
function applyPhrases(input: string[], reasons: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < input.length; ) {
    let matched = false;
    for (let len = Math.min(5, input.length - i); len >= 1; len--) {
      const phrase = input.slice(i, i + len).join(' ');
      const lay = LAY_TERMS.get(phrase);
      const abbrev = len === 1 ? ABBREVIATIONS.get(phrase) : undefined;
      const to = lay ?? abbrev;
      if (to !== undefined) {
        // A rule that keeps the words (weight gain -> weight gain) only stops a shorter rule from firing.
        if (to !== phrase) reasons.push(lay !== undefined ? `lay term: "${phrase}" → ${to}` : `abbreviation: ${phrase.toUpperCase()} → ${to}`);
        out.push(...to.split(' '));
        i += len;
        matched = true;
        break;
      }
    }
    if (!matched) out.push(input[i++]!);
  }
  return out;
}

/** Every word of a text, spelling and plural normalised, nothing set aside (for exact matches). */
export function allTokens(text: string): string[] {
  return words(text).map((w) => stem(americanSpelling(w)));
}

/** Dictionary terms (and a verbatim read literally): spelling and plural only, qualifiers set aside. */
export function termTokens(term: string): string[] {
  return allTokens(term).filter((w) => !QUALIFIERS.has(w));
}

export function normalizeVerbatim(text: string): Normalized {
  const reasons: string[] = [];
  const spelled = words(text).map((w) => {
    const a = americanSpelling(w);
    if (a !== w) reasons.push(`spelling variant: ${w} → ${a}`);
    return a;
  });
  const phrased = applyPhrases(spelled, reasons);
  const tokens: string[] = [];
  const ignored: string[] = [];
  for (const w of phrased) {
    if (QUALIFIERS.has(w)) {
      ignored.push(w);
      continue;
    }
    const s = stem(w);
    if (s !== w) reasons.push(`plural: ${w} → ${s}`);
    tokens.push(s);
  }
  return { tokens, ignored, reasons };
}
