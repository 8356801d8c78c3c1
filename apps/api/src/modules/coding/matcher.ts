// The coding matcher: a dictionary indexed once (words -> terms, and each word's one-letter deletions
// for typos, the symmetric-delete method), then each verbatim normalised (normalize.ts) and scored
// against the terms that share a word with it:
//   word match      exact 1; a typo at Damerau-Levenshtein distance d counts 1 - 0.15 d
//   term coverage   matched weight of the term's words / its word count
//   verbatim cover  verbatim words matched / verbatim words (qualifiers already set aside)
//   score           1 for the same words in the same order; 0.97 in another order; otherwise
//                   0.7 term coverage + 0.3 verbatim coverage, minus 0.02 for a non-current LLT
// A candidate needs at least half of its term's words. Ties prefer the shorter term, then the PT itself.
import type { MeddraTermRow } from '@ctp/db';
import { normalizeVerbatim, termTokens } from './normalize.ts';

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
    const entry = { term, tokens, key: tokens.join(' '), sortedKey: [...tokens].sort().join(' ') };
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

/** Vocabulary words within the allowed distance of a verbatim word (1 for words of 4+ letters, 2 from 8). */
function similarWords(index: DictionaryIndex, word: string): Map<string, number> {
  const found = new Map<string, number>();
  if (index.byToken.has(word)) found.set(word, 0);
  if (word.length < 4) return found;
  const max = word.length >= 8 ? 2 : 1;
  const probes = new Set(deletions(word));
  if (max === 2) for (const d of [...probes]) for (const dd of deletions(d)) probes.add(dd);
  for (const probe of probes) {
    for (const candidate of index.deletes.get(probe) ?? []) {
      if (found.has(candidate)) continue;
      const distance = editDistance(word, candidate, max);
      if (distance <= max) found.set(candidate, distance);
    }
  }
  return found;
}

export function match(index: DictionaryIndex, verbatim: string, limit = 10): { candidates: Candidate[]; normalizedKey: string } {
  const n = normalizeVerbatim(verbatim);
  const normalizedKey = n.tokens.join(' ');
  if (!n.tokens.length) return { candidates: [], normalizedKey };
  const baseReasons = [...n.reasons];
  if (n.ignored.length) baseReasons.push(`extra words set aside: ${n.ignored.join(', ')}`);

  // For each verbatim word, the vocabulary words it may be (with their distance).
  const similar = n.tokens.map((t) => similarWords(index, t));
  const candidates = new Set<number>();
  for (const s of similar) for (const w of s.keys()) for (const i of index.byToken.get(w) ?? []) candidates.add(i);

  const scored: { candidate: Candidate; words: number }[] = [];
  const sortedKey = [...n.tokens].sort().join(' ');
  for (const i of candidates) {
    const entry = index.terms[i]!;
    const reasons = [...baseReasons];
    let score: number;
    if (entry.key === normalizedKey) {
      score = 1;
      reasons.unshift(n.reasons.some((r) => r.startsWith('lay') || r.startsWith('abbrev')) ? 'synonym of the LLT' : 'exact LLT match');
    } else if (entry.sortedKey === sortedKey) {
      score = 0.97;
      reasons.unshift('same words in another order');
    } else {
      let termWeight = 0;
      const usedVerbatim = new Set<number>();
      const typos: string[] = [];
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
          if (bestDistance > 0) typos.push(`"${n.tokens[bestAt]}" ~ "${t}" (distance ${bestDistance})`);
        }
      }
      const termCoverage = termWeight / entry.tokens.length;
      if (termCoverage < 0.5) continue;
      const verbatimCoverage = usedVerbatim.size / n.tokens.length;
      score = 0.7 * termCoverage + 0.3 * verbatimCoverage;
      if (typos.length) reasons.unshift(`spelling corrected: ${typos.join(', ')}`);
      // One statement about coverage, naming the words, so the LLT's side and the verbatim's side are never
      // confused ("all the words found" beside "2 of 3 words not in the term" read as a contradiction).
      const extra = n.tokens.filter((_, k) => !usedVerbatim.has(k));
      if (termCoverage === 1) reasons.unshift(`every word of the LLT is in the verbatim${extra.length ? `, which also says: ${extra.join(', ')}` : ''}`);
      else {
        reasons.push(`covers ${Math.round(termCoverage * 100)} % of the LLT's words`);
        if (extra.length) reasons.push(`verbatim words not in the LLT: ${extra.join(', ')}`);
      }
    }
    if (!entry.term.isCurrent) {
      score -= 0.02;
      reasons.push('non-current LLT');
    }
    scored.push({ candidate: { ...entry.term, score: Math.round(score * 1000) / 1000, reasons }, words: entry.tokens.length });
  }
  scored.sort(
    (a, b) =>
      b.candidate.score - a.candidate.score ||
      a.words - b.words ||
      Number(b.candidate.lltCode === b.candidate.ptCode) - Number(a.candidate.lltCode === a.candidate.ptCode) ||
      a.candidate.lltName.localeCompare(b.candidate.lltName),
  );
  return { candidates: scored.slice(0, limit).map((s) => s.candidate), normalizedKey };
}
