// The coding matcher on the CTCAE demo dictionary: each kind of variation investigators type, and the
// top-1 / top-5 accuracy on a verbatim set generated from the dictionary's own terms with realistic
// variations (extra words, a typo, a plural, British spelling, word order) plus lay words and
// abbreviations, with the median time per term.
import { describe, expect, it } from 'vitest';
import demo from '../../../packages/db/src/reference/ctcae-v5-demo-dictionary.json' with { type: 'json' };
import { buildIndex, editDistance, match, type DictionaryTerm } from '../src/modules/coding/matcher.ts';
import { americanSpelling, normalizeVerbatim, stem } from '../src/modules/coding/normalize.ts';

const terms: DictionaryTerm[] = demo.terms.map(([code, term, soc]) => ({
  lltCode: code!,
  lltName: term!,
  ptCode: code!,
  ptName: term!,
  hltCode: null,
  hltName: null,
  hlgtCode: null,
  hlgtName: null,
  socCode: null,
  socName: soc!,
  isCurrent: true,
}));
const index = buildIndex(terms);
const top = (verbatim: string) => match(index, verbatim).candidates[0];

describe('normalisation', () => {
  it('spelling, plurals and edit distance', () => {
    expect(americanSpelling('oedema')).toBe('edema');
    expect(americanSpelling('diarrhoea')).toBe('diarrhea');
    expect(americanSpelling('haemorrhage')).toBe('hemorrhage');
    expect(americanSpelling('anaemia')).toBe('anemia');
    expect(stem('headaches')).toBe('headache');
    expect(stem('allergies')).toBe('allergy');
    expect(stem('sepsis')).toBe('sepsis');
    expect(editDistance('headahce', 'headache')).toBe(1);
    expect(editDistance('nausia', 'nausea')).toBe(1);
    expect(normalizeVerbatim('Mild headache since morning').ignored).toEqual(['mild', 'since', 'morning']);
  });
});

describe('each kind of variation', () => {
  it.each([
    ['Headache', 'Headache', 'exact LLT match'],
    ['mild headache since morning', 'Headache', 'extra words set aside: mild, since, morning'],
    ['headache behind the eyes', 'Headache', 'every word of the LLT found'],
    ['headaches', 'Headache', 'plural'],
    ['headahce', 'Headache', 'spelling corrected'],
    ['diarrhoea', 'Diarrhea', 'spelling variant'],
    ['throwing up', 'Vomiting', 'lay term'],
    ['high blood pressure', 'Hypertension', 'lay term'],
    ['SOB', 'Dyspnea', 'abbreviation'],
    ['HTN', 'Hypertension', 'abbreviation'],
    ['pain abdominal', 'Abdominal pain', 'same words in another order'],
    ['nausia after dosing', 'Nausea', 'spelling corrected'],
    ['tummy ache', 'Abdominal pain', 'lay term'],
    ['low platelets', 'Platelet count decreased', 'lay term'],
    ['pins and needles in hands', 'Paresthesia', 'lay term'],
  ])('%s -> %s (%s)', (verbatim, expected, reason) => {
    const best = top(verbatim)!;
    expect(best.lltName).toBe(expected);
    expect(best.reasons.join(' | ')).toContain(reason);
    expect(best.socName).toBeTruthy();
  });

  it('explains coverage once and consistently: never "all the words found" beside "words not in the term"', () => {
    // The reported case: every word of the LLT found, the verbatim longer than the term.
    const whole = top('headache behind the eyes')!.reasons;
    expect(whole.filter((r) => /words? (of the LLT )?found|not in the LLT/.test(r))).toEqual([
      "every word of the LLT found; 2 of the verbatim's 3 words are not in the LLT",
    ]);
    // Part of the term matched: how much of the LLT, and how much of the verbatim it lacks; no claim of all.
    const partial = match(index, 'abdominal cramps').candidates.find((c) => c.lltName === 'Abdominal pain')!.reasons;
    expect(partial).toContain("1 of the LLT's 2 words found; 1 of the verbatim's 2 words is not in the LLT");
    for (const verbatim of ['headache behind the eyes', 'abdominal cramps', 'severe nausea and vomiting', 'rash on both arms']) {
      for (const c of match(index, verbatim).candidates) {
        const all = c.reasons.some((r) => r.startsWith('every word of the LLT'));
        const part = c.reasons.some((r) => /^\d+ of the LLT's \d+ words found/.test(r));
        expect(all && part, `${verbatim} -> ${c.lltName}: ${c.reasons.join(' | ')}`).toBe(false);
      }
    }
  });

  it('answers nothing for words that match no term', () => {
    expect(match(index, 'qwerty zxcvb').candidates).toEqual([]);
    expect(match(index, 'mild since yesterday').candidates).toEqual([]);
  });
});

/** A deterministic generator so the measured accuracy is the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function verbatimSet() {
  const next = rng(42);
  const set: { verbatim: string; code: string; kind: string }[] = [];
  const pick = <T,>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const simple = terms.filter((t) => !/[,(]/.test(t.lltName) && t.lltName.split(' ').length <= 4);
  for (let i = 0; i < 150; i++) {
    const t = pick(simple);
    const name = t.lltName.toLowerCase();
    const words = name.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    set.push({ verbatim: name, code: t.lltCode, kind: 'exact' });
    set.push({ verbatim: `${pick(['mild', 'moderate', 'severe'])} ${name} ${pick(['since morning', 'after dosing', 'for 2 days', 'reported by patient'])}`, code: t.lltCode, kind: 'extra words' });
    if (longest.length >= 5) {
      const k = 1 + Math.floor(next() * (longest.length - 2));
      const typo = longest.slice(0, k) + longest[k + 1] + longest[k] + longest.slice(k + 2);
      set.push({ verbatim: name.replace(longest, typo), code: t.lltCode, kind: 'typo' });
    }
    if (!/s$/.test(words.at(-1)!)) set.push({ verbatim: `${name}s`, code: t.lltCode, kind: 'plural' });
    if (words.length === 2) set.push({ verbatim: `${words[1]} ${words[0]}`, code: t.lltCode, kind: 'word order' });
  }
  // British spellings of the dictionary's American terms.
  for (const t of terms.filter((x) => /hem|edema|rrhea|anemia|esophag/i.test(x.lltName) && !/[,(]/.test(x.lltName)).slice(0, 40)) {
    const name = t.lltName.toLowerCase();
    set.push({ verbatim: name.replace(/hem/g, 'haem').replace(/anemia/g, 'anaemia').replace(/edema/g, 'oedema').replace(/rrhea/g, 'rrhoea').replace(/esophag/g, 'oesophag'), code: t.lltCode, kind: 'British spelling' });
  }
  const code = (name: string) => terms.find((t) => t.lltName === name)!.lltCode;
  const lay: [string, string][] = [
    ['throwing up since last night', 'Vomiting'], ['high blood pressure', 'Hypertension'], ['SOB on exertion', 'Dyspnea'], ['HTN', 'Hypertension'],
    ['feeling sick', 'Nausea'], ['tummy ache', 'Abdominal pain'], ['very tired', 'Fatigue'], ['dizzy spells', 'Dizziness'], ['itchy skin', 'Pruritus'],
    ['hair loss', 'Alopecia'], ['cant sleep', 'Insomnia'], ['joint pain knees', 'Arthralgia'], ['muscle aches', 'Myalgia'], ['passed out', 'Syncope'],
    ['heart racing', 'Palpitations'], ['nosebleed', 'Epistaxis'], ['loss of appetite', 'Anorexia'], ['high temperature', 'Fever'], ['loose stools', 'Diarrhea'],
    ['constipated', 'Constipation'], ['low mood', 'Depression'], ['ringing in ears', 'Tinnitus'], ['UTI', 'Urinary tract infection'], ['hot flushes', 'Hot flashes'],
    ['heart attack', 'Myocardial infarction'], ['low potassium', 'Hypokalemia'], ['AFib', 'Atrial fibrillation'], ['mouth ulcers', 'Mucositis oral'], ['hives', 'Urticaria'], ['back ache', 'Back pain'],
  ];
  for (const [verbatim, name] of lay) set.push({ verbatim, code: code(name), kind: 'lay or abbreviation' });
  return set;
}

describe('accuracy and speed on the generated verbatim set', () => {
  it('finds the right term first in most cases and within the top five in nearly all, well under 1 ms each', () => {
    const set = verbatimSet();
    const times: number[] = [];
    let top1 = 0;
    let top5 = 0;
    const byKind = new Map<string, { n: number; top1: number; top5: number }>();
    for (const v of set) {
      const started = performance.now();
      const found = match(index, v.verbatim).candidates;
      times.push(performance.now() - started);
      const rank = found.findIndex((c) => c.lltCode === v.code);
      const k = byKind.get(v.kind) ?? { n: 0, top1: 0, top5: 0 };
      k.n++;
      if (rank === 0) {
        top1++;
        k.top1++;
      }
      if (rank >= 0 && rank < 5) {
        top5++;
        k.top5++;
      }
      byKind.set(v.kind, k);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const pct = (x: number, n: number) => Math.round((x / n) * 1000) / 10;
    // Reported in the test output (the note quotes it).
    console.warn(
      `coding accuracy on ${set.length} verbatims (${terms.length}-term demo dictionary): top-1 ${pct(top1, set.length)} %, top-5 ${pct(top5, set.length)} %, median ${median.toFixed(3)} ms\n` +
        [...byKind].map(([kind, k]) => `  ${kind}: ${k.n} verbatims, top-1 ${pct(k.top1, k.n)} %, top-5 ${pct(k.top5, k.n)} %`).join('\n'),
    );
    expect(top1 / set.length).toBeGreaterThan(0.85);
    expect(top5 / set.length).toBeGreaterThan(0.95);
    // A loose bound for a shared CI machine; the figure itself is reported above and in the notes.
    expect(median).toBeLessThan(5);
  });
});
