// The coding matcher: a dictionary indexed once (words -> terms, and each word's one-letter deletions
// for typos, the symmetric-delete method), then each verbatim normalised (normalize.ts) and scored
// against the terms that share a word with it, twice: as normalised (lay words and abbreviations
// rewritten) and as written (spelling and plurals only), keeping each term's better reading, so a lay
// rule never hides the verbatim's own LLT ("lethargy" is Lethargy before it is Fatigue):
//   exact           1 for the term's own words, all of them (qualifiers included)
//   qualifiers      0.99 for the term's words once qualifiers are set aside ("felt nauseous": Nauseous)
//   synonym         0.98 for the term's words reached through a lay word or an abbreviation
//   word order      0.97 for the same words in another order
//   word match      otherwise, per word: exact 1; an inflection (coughing -> cough) 0.97; a typo at
//                   Damerau-Levenshtein distance d counts 1 - 0.15 d, and only for verbatim words that
//                   are not dictionary words themselves ("gain" is never read as "pain")
//   partial score   0.7 term coverage + 0.3 verbatim coverage; minus 0.02 for a non-current LLT
// A candidate needs at least half of its term's words. A candidate that contradicts the verbatim's side,
// direction or negation (contradictions.ts) ranks below every one that does not. Ties: the higher score,
// then the LLT that is current, then the PT coded most often in the study before, then the shorter term
// and the PT itself; candidates left tied on score with another PT say so in their reasons.
import type { MeddraTermRow } from '@ctp/db';
import { allTokens, inflectionsOf, normalizeVerbatim, termTokens } from './normalize.ts';
import { contradiction, isMeaningWord, polarityOf, samePoles, type Polarity } from './contradictions.ts';

/** A lowest level term with its primary path, as the dictionaries store it (the SOC abbreviation is not matched). */
export type DictionaryTerm = Omit<MeddraTermRow, 'socAbbrev'>;

export interface Candidate extends DictionaryTerm {
  score: number;
  reasons: string[];
}

interface IndexedTerm {
  term: DictionaryTerm;
  tokens: string[];
  key: string;
  sortedKey: string;
  /** Every word, qualifiers included: an exact match is on these. */
  fullKey: string;
  polarity: Polarity;
}

export interface DictionaryIndex {
  size: number;
  terms: IndexedTerm[];
  byToken: Map<string, number[]>;
  /** An LLT by its code (a study synonym names its term by code). */
  byCode: Map<string, DictionaryTerm>;
  /** A one-letter deletion (or the word itself) -> vocabulary words. */
  deletes: Map<string, string[]>;
}

function deletions(word: string): string[] {
  const out = new Set<string>([word]);
  if (word.length > 3) for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function buildIndex(terms: DictionaryTerm[]): DictionaryIndex {
  const index: DictionaryIndex = { size: terms.length, terms: [], byToken: new Map(), byCode: new Map(), deletes: new Map() };
  const vocabulary = new Set<string>();
  terms.forEach((term, i) => {
    const tokens = termTokens(term.lltName);
    const all = allTokens(term.lltName);
    const entry = { term, tokens, key: tokens.join(' '), sortedKey: [...tokens].sort().join(' '), fullKey: all.join(' '), polarity: polarityOf(all) };
    index.terms.push(entry);
    index.byCode.set(term.lltCode, term);
    for (const t of new Set(tokens)) {
      push(index.byToken, t, i);
      vocabulary.add(t);
    }
  });
  for (const word of vocabulary) for (const d of deletions(word)) push(index.deletes, d, word);
  return index;
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), stopping above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    let best = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/** Weight of an inflection (coughing -> cough) against an exact word. */
const INFLECTION = 0.2;

/**
 * Vocabulary words a verbatim word may be, with their distance: itself; its inflections' base forms
 * (distance 0.2); and, only when the word is not a dictionary word itself, typos within 1 (words of 4+
 * letters) or 2 (from 8). Side, direction and negation words are never corrected, and a typo is never
 * read as a word of another direction (hypertensoin is hypertension, never hypotension).
 */
function similarWords(index: DictionaryIndex, word: string): Map<string, number> {
  const found = new Map<string, number>();
  const known = index.byToken.has(word);
  if (known) found.set(word, 0);
  for (const base of inflectionsOf(word)) if (index.byToken.has(base) && !found.has(base)) found.set(base, INFLECTION);
  if (known || found.size || word.length < 4 || isMeaningWord(word)) return found;
  const max = word.length >= 8 ? 2 : 1;
  const probes = new Set(deletions(word));
  if (max === 2) for (const d of [...probes]) for (const dd of deletions(d)) probes.add(dd);
  for (const probe of probes) {
    for (const candidate of index.deletes.get(probe) ?? []) {
      if (found.has(candidate) || !samePoles(word, candidate)) continue;
      const distance = editDistance(word, candidate, max);
      if (distance <= max) found.set(candidate, distance);
    }
  }
  return found;
}

/** One reading of the verbatim: its tokens and what was done to get them. */
interface Reading {
  tokens: string[];
  reasons: string[];
  /** Reached through a lay word or an abbreviation. */
  rewritten: boolean;
}

interface Scored {
  candidate: Candidate;
  contradicts: boolean;
  words: number;
}

/** Scores one term against one reading, or null when it shares too little. */
function score(entry: IndexedTerm, reading: Reading, similar: Map<string, number>[], fullKey: string, verbatimPolarity: Polarity): Scored | null {
  const key = reading.tokens.join(' ');
  const reasons = [...reading.reasons];
  const conflict = contradiction(verbatimPolarity, entry.polarity);
  let value: number;
  if (!conflict && !reading.rewritten && entry.fullKey === fullKey) {
    value = 1;
    reasons.unshift('exact LLT match');
  } else if (!conflict && entry.key === key) {
    value = reading.rewritten ? 0.98 : 0.99;
    reasons.unshift(reading.rewritten ? 'synonym of the LLT' : 'the LLT\'s words once qualifiers are set aside');
  } else if (!conflict && entry.sortedKey === [...reading.tokens].sort().join(' ')) {
    value = 0.97;
    reasons.unshift('same words in another order');
  } else {
    let termWeight = 0;
    const usedVerbatim = new Set<number>();
    const changed: string[] = [];
    for (const t of entry.tokens) {
      let best = 0;
      let bestAt = -1;
      let bestDistance = 0;
      similar.forEach((s, k) => {
        const d = s.get(t);
        if (d === undefined || usedVerbatim.has(k)) return;
        const w = 1 - 0.15 * d;
        if (w > best) [best, bestAt, bestDistance] = [w, k, d];
      });
      if (bestAt >= 0) {
        usedVerbatim.add(bestAt);
        termWeight += best;
        if (bestDistance === INFLECTION) changed.push(`inflection: "${reading.tokens[bestAt]}" → "${t}"`);
        else if (bestDistance > 0) changed.push(`spelling corrected: "${reading.tokens[bestAt]}" ~ "${t}" (distance ${bestDistance})`);
      }
    }
    const termCoverage = termWeight / entry.tokens.length;
    if (termCoverage < 0.5) return null;
    const verbatimCoverage = usedVerbatim.size / reading.tokens.length;
    value = 0.7 * termCoverage + 0.3 * verbatimCoverage;
    reasons.unshift(...changed);
    const unmatched = reading.tokens.length - usedVerbatim.size;
    const missing = entry.tokens.length - usedVerbatim.size;
    const extra = `${unmatched} of the verbatim's ${reading.tokens.length} words ${unmatched === 1 ? 'is' : 'are'} not in the LLT`;
    if (missing === 0 && unmatched > 0) reasons.push(`every word of the LLT found; ${extra}`);
    else if (missing > 0) reasons.push(`${usedVerbatim.size} of the LLT's ${entry.tokens.length} words found${unmatched ? `; ${extra}` : ''}`);
  }
  if (conflict) reasons.unshift(`contradicts the verbatim (${conflict})`);
  if (!entry.term.isCurrent) {
    value -= 0.02;
    reasons.push('non-current LLT');
  }
  return { candidate: { ...entry.term, score: Math.round(value * 1000) / 1000, reasons }, contradicts: !!conflict, words: entry.tokens.length };
}

export interface MatchOptions {
  limit?: number;
  /** How often each PT was coded in the study before (breaks ties between PTs). */
  ptFrequency?: ReadonlyMap<string, number>;
}

export function match(index: DictionaryIndex, verbatim: string, options: number | MatchOptions = {}): { candidates: Candidate[]; normalizedKey: string } {
  const { limit = 10, ptFrequency } = typeof options === 'number' ? { limit: options } : options;
  const n = normalizeVerbatim(verbatim);
  const normalizedKey = n.tokens.join(' ');
  const literal = termTokens(verbatim);
  if (!n.tokens.length && !literal.length) return { candidates: [], normalizedKey };
  const setAside = n.ignored.length ? [`extra words set aside: ${n.ignored.join(', ')}`] : [];
  // A lay word or an abbreviation changed the words (a rule that maps a phrase to itself changes nothing).
  const rewritten = n.reasons.some((r) => r.startsWith('lay') || r.startsWith('abbrev')) && literal.join(' ') !== normalizedKey;
  const readings: Reading[] = [{ tokens: n.tokens, reasons: [...n.reasons, ...setAside], rewritten }];
  // The verbatim as written, when a lay word or an abbreviation changed it: its own LLT stays in reach.
  if (rewritten && literal.length) readings.push({ tokens: literal, reasons: [...setAside], rewritten: false });
  const all = allTokens(verbatim);
  const fullKey = all.join(' ');
  const verbatimPolarity = polarityOf(all);

  const best = new Map<number, Scored>();
  for (const reading of readings) {
    if (!reading.tokens.length) continue;
    const similar = reading.tokens.map((t) => similarWords(index, t));
    const candidates = new Set<number>();
    for (const s of similar) for (const w of s.keys()) for (const i of index.byToken.get(w) ?? []) candidates.add(i);
    for (const i of candidates) {
      const scored = score(index.terms[i]!, reading, similar, fullKey, verbatimPolarity);
      const kept = best.get(i);
      if (scored && (!kept || rank(scored, kept, ptFrequency) < 0)) best.set(i, scored);
    }
  }
  // Ties are told among the first ten even when fewer are asked for (a proposal keeps only the first).
  const ranked = [...best.values()].sort((a, b) => rank(a, b, ptFrequency)).slice(0, Math.max(limit, 10));
  markTies(ranked, ptFrequency);
  return { candidates: ranked.slice(0, limit).map((s) => s.candidate), normalizedKey };
}

/** The ranking: no contradiction first, then score, current LLT, the study's PT frequency, fewer words, the PT itself, name. */
function rank(a: Scored, b: Scored, ptFrequency?: ReadonlyMap<string, number>): number {
  return (
    Number(a.contradicts) - Number(b.contradicts) ||
    b.candidate.score - a.candidate.score ||
    Number(b.candidate.isCurrent) - Number(a.candidate.isCurrent) ||
    (ptFrequency?.get(b.candidate.ptCode) ?? 0) - (ptFrequency?.get(a.candidate.ptCode) ?? 0) ||
    a.words - b.words ||
    Number(b.candidate.lltCode === b.candidate.ptCode) - Number(a.candidate.lltCode === a.candidate.ptCode) ||
    a.candidate.lltName.localeCompare(b.candidate.lltName)
  );
}

/** Candidates whose score and PT frequency equal another's of a different PT: the coder chooses. */
function markTies(ranked: Scored[], ptFrequency?: ReadonlyMap<string, number>) {
  const frequency = (s: Scored) => ptFrequency?.get(s.candidate.ptCode) ?? 0;
  for (let i = 0; i < ranked.length; i++) {
    const a = ranked[i]!;
    if (a.contradicts) continue;
    const tied = ranked.filter(
      (b, j) => j !== i && !b.contradicts && b.candidate.score === a.candidate.score && b.candidate.ptCode !== a.candidate.ptCode && frequency(b) === frequency(a),
    );
    if (tied.length) a.candidate.reasons.push(`tie: same score as ${tied.slice(0, 3).map((b) => b.candidate.lltName).join(', ')} (another PT); choose`);
  }
}
