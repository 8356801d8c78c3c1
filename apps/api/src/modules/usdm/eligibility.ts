// Eligibility criteria with their parameters resolved: a criterion item's text carries
// <usdm:tag name="min_age"/> placeholders that its syntax-template dictionary maps to
// <usdm:ref klass=".." id=".." attribute=".."/> references into the document (and may carry such
// references directly). A value the document does not give stays as [tag] and is listed as unresolved.
import type { Criterion, Design, StudyVersion } from './document.ts';
import type { ObjectIndex } from './object-index.ts';

const EXCLUSION = 'C25370';

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const REF = /<usdm:ref\b[^>]*?(?:\/>|>\s*<\/usdm:ref>)/g;
const TAG = /<usdm:tag\b[^>]*?(?:\/>|>\s*<\/usdm:tag>)/g;

type Quantityish = { value?: unknown; unit?: { standardCode?: { decode?: string }; decode?: string } | null };

function unitOf(q: Quantityish): string {
  const u = q.unit?.standardCode?.decode ?? q.unit?.decode;
  return u ? ` ${u}` : '';
}

// A category that is neither (C25532 inclusion, C25370 exclusion) is read as inclusion for the reviewer to see.

/** A referenced value as text: strings and numbers as they are, codes by decode, quantities and ranges with units. */
export function renderValue(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const parts = v.map(renderValue).filter((x): x is string => !!x);
    return parts.length ? parts.join(', ') : null;
  }
  const o = v as Record<string, unknown>;
  if (o.instanceType === 'Code') return (o.decode as string) ?? null;
  if (o.instanceType === 'AliasCode') return renderValue(o.standardCode);
  if (o.instanceType === 'Quantity') return `${String(o.value)}${unitOf(o as Quantityish)}`;
  if (o.instanceType === 'Range') {
    const min = o.minValue as Quantityish | null;
    const max = o.maxValue as Quantityish | null;
    if (!min || !max) return null;
    return `${String(min.value)} to ${String(max.value)}${unitOf(max)}`;
  }
  if (typeof o.text === 'string') return o.text;
  return null;
}

function resolveRef(index: ObjectIndex, ref: string): string | null {
  const id = attr(ref, 'id');
  const attribute = attr(ref, 'attribute');
  if (!id || !attribute) return null;
  const found = index.find(id);
  return found ? renderValue(found.value[attribute]) : null;
}

export interface ResolvedText {
  text: string;
  unresolved: string[];
}

export function resolveText(index: ObjectIndex, version: StudyVersion, raw: string, dictionaryId: string | null | undefined): ResolvedText {
  const unresolved: string[] = [];
  const dictionary = dictionaryId ? (version.dictionaries ?? []).find((d) => d.id === dictionaryId) : undefined;
  const maps = new Map((dictionary?.parameterMaps ?? []).map((m) => [m.tag, m.reference]));
  let text = raw.replace(TAG, (tag) => {
    const name = attr(tag, 'name') ?? '?';
    const reference = maps.get(name);
    const value = reference ? resolveRef(index, reference) : null;
    if (value === null) unresolved.push(name);
    return value ?? `[${name}]`;
  });
  text = text.replace(REF, (ref) => {
    const value = resolveRef(index, ref);
    const name = `${attr(ref, 'klass') ?? '?'}.${attr(ref, 'attribute') ?? '?'}`;
    if (value === null) unresolved.push(name);
    return value ?? `[${name}]`;
  });
  // Other markup (paragraphs, emphasis) is dropped; the words stay.
  text = text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  return { text, unresolved };
}

export interface ReadCriterion {
  criterion: Criterion;
  kind: 'inclusion' | 'exclusion';
  code: string;
  text: string;
  unresolved: string[];
}

export function readCriteria(index: ObjectIndex, version: StudyVersion, design: Design): ReadCriterion[] {
  const counters = { inclusion: 0, exclusion: 0 };
  const used = new Set<string>();
  return design.eligibilityCriteria.map((criterion) => {
    const item = index.resolve<{ text: string; dictionaryId?: string | null; name: string }>(criterion, 'criterionItemId', criterion.criterionItemId, ['EligibilityCriterionItem']);
    const kind = criterion.category.code === EXCLUSION || /exclusion/i.test(criterion.category.decode) ? 'exclusion' : 'inclusion';
    counters[kind] += 1;
    const wanted = `${kind === 'inclusion' ? 'I' : 'E'}${criterion.identifier.replace(/[^A-Za-z0-9]/g, '').slice(0, 10) || counters[kind]}`;
    let code = wanted;
    for (let n = 2; used.has(code); n++) code = `${wanted}-${n}`;
    used.add(code);
    const { text, unresolved } = resolveText(index, version, item.text, item.dictionaryId);
    return { criterion, kind, code, text: text || item.name, unresolved };
  });
}
