// Words that turn a term into its opposite when they differ: the side (left, right, bilateral,
// unilateral), the direction (increased/decreased, elevated/depressed, high/low, hyper-/hypo-,
// gain/loss), the result (positive/negative) and negation (no, not, non-, without, absent). They are
// matched like any word, never set aside as "extra words", and a candidate whose words say otherwise
// than the verbatim's (right where the verbatim says left, hypo- where it says hyper-, a negation on one
// side only) contradicts it: the matcher ranks it below every candidate that does not, and never calls
// it an exact match. "Right bundle branch block" is never coded to "Bundle branch block left".

type Axis = 'side' | 'level' | 'result';

const WORD_POLES: Record<string, [Axis, string]> = {};
function pole(axis: Axis, value: string, words: string[]) {
  for (const w of words) WORD_POLES[w] = [axis, value];
}
// Words as the normaliser leaves them (lower case, American spelling, plural stemmed).
pole('side', 'left', ['left']);
pole('side', 'right', ['right']);
pole('side', 'bilateral', ['bilateral', 'both']);
pole('side', 'unilateral', ['unilateral']);
pole('level', 'up', ['increased', 'increase', 'increasing', 'elevated', 'elevation', 'raised', 'high', 'higher', 'gain', 'gained', 'excess', 'excessive', 'rise', 'rising']);
pole('level', 'down', ['decreased', 'decrease', 'decreasing', 'depressed', 'depression', 'reduced', 'reduction', 'low', 'lower', 'lowered', 'loss', 'lost', 'drop', 'fall', 'deficiency']);
pole('result', 'positive', ['positive']);
pole('result', 'negative', ['negative']);

const NEGATIONS = new Set(['no', 'not', 'non', 'without', 'absent', 'absence', 'lack', 'never', 'nil']);

/** The poles a word carries: its own, or hyper-/hypo- as a direction (hypertension, hypokalemia). */
function polesOf(word: string): [Axis, string][] {
  const own = WORD_POLES[word];
  if (own) return [own];
  if (word.startsWith('hyper') && word.length > 6) return [['level', 'up']];
  if (word.startsWith('hypo') && word.length > 5) return [['level', 'down']];
  return [];
}

export interface Polarity {
  poles: Map<Axis, Set<string>>;
  negated: boolean;
}

export function polarityOf(tokens: readonly string[]): Polarity {
  const poles = new Map<Axis, Set<string>>();
  for (const t of tokens) {
    for (const [axis, value] of polesOf(t)) {
      const set = poles.get(axis) ?? new Set<string>();
      set.add(value);
      poles.set(axis, set);
    }
  }
  return { poles, negated: tokens.some((t) => NEGATIONS.has(t)) };
}

/** Why a term contradicts the verbatim ("side: left vs right"), or null when it does not. */
export function contradiction(verbatim: Polarity, term: Polarity): string | null {
  for (const [axis, said] of verbatim.poles) {
    const other = term.poles.get(axis);
    if (other && ![...other].some((v) => said.has(v))) return `${axis}: ${[...said].join('/')} vs ${[...other].join('/')}`;
  }
  if (verbatim.negated !== term.negated) return verbatim.negated ? 'negation: the verbatim negates, the term does not' : 'negation: the term negates, the verbatim does not';
  return null;
}

/** Side, direction and negation words themselves: never corrected as typos. */
export function isMeaningWord(word: string): boolean {
  return WORD_POLES[word] !== undefined || NEGATIONS.has(word);
}

/** Whether a typo correction keeps the word's poles (hyper- stays hyper-, a plain word stays plain). */
export function samePoles(word: string, candidate: string): boolean {
  const a = polesOf(word).map((p) => p.join(':')).sort().join();
  const b = polesOf(candidate).map((p) => p.join(':')).sort().join();
  return a === b && !isMeaningWord(candidate);
}
