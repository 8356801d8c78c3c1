// Reading an uploaded ODM file safely, and small accessors over the parsed tree.
// Safety: a file with a DOCTYPE is refused before parsing (ODM has none; a DTD is how entity
// expansion and external entity attacks get in), and the parser is the shared safe one (@ctp/db
// safe-xml.ts: no external entities, only the five XML entities and numeric character references).
// Capping the upload size is the caller's job.
import { XMLValidator } from 'fast-xml-parser';
import { safeCdiscXmlParser } from '@ctp/db';
import { OdmImportError } from './odm-model.ts';

/** A parsed element: attributes under '@', text under '#text', child elements by local name. */
export interface XNode {
  '@'?: Record<string, unknown>;
  '#text'?: unknown;
  [child: string]: unknown;
}

// Elements that may repeat, always read as lists (so one occurrence is not a lone object).
const REPEATED = new Set(
  'Study MetaDataVersion StudyEventRef StudyEventDef FormRef FormDef ItemGroupRef ItemGroupDef ItemRef ItemDef CodeList CodeListItem EnumeratedItem Alias TranslatedText RangeCheck CheckValue MeasurementUnit MeasurementUnitRef'.split(' '),
);

const parser = safeCdiscXmlParser(REPEATED);

/** An OID as it may appear in a message: control characters dropped, at most `max` characters. */
export function q(oid: string | undefined, max = 80): string {
  if (!oid) return '(no OID)';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = oid.replace(/[\u0000-\u001F\u007F]/g, '');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** The parsed ODM root element; OdmImportError when the text is not well-formed ODM. */
export function parseOdm(xml: string): XNode {
  if (/<!DOCTYPE/i.test(xml)) {
    throw new OdmImportError('The file declares a DOCTYPE. ODM files have none, and it is refused so that no entity or external resource is read.');
  }
  const check = XMLValidator.validate(xml);
  if (check !== true) throw new OdmImportError(`The file is not well-formed XML (line ${check.err.line}).`);
  let doc: XNode;
  try {
    doc = parser.parse(xml) as XNode;
  } catch {
    throw new OdmImportError('The file could not be read as XML.');
  }
  const root = child(doc, 'ODM');
  if (!root) throw new OdmImportError('The file is not CDISC ODM: its root element is not ODM.');
  return root;
}

/** Child elements by name (always a list). */
export function kids(node: XNode | undefined, name: string): XNode[] {
  const value = node?.[name];
  if (value === undefined || value === null) return [];
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.map((v) => (typeof v === 'object' && v !== null ? (v as XNode) : { '#text': v }));
}
export function child(node: XNode | undefined, name: string): XNode | undefined {
  return kids(node, name)[0];
}
/** An attribute's value, or undefined when absent or blank. */
export function attr(node: XNode | undefined, name: string): string | undefined {
  const value = node?.['@']?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
export function textOf(node: XNode | undefined): string | undefined {
  const value = node?.['#text'];
  const text = typeof value === 'string' ? value.trim() : undefined;
  return text || undefined;
}
/** The English (or unlabelled, else first) TranslatedText of a Question, Description, Decode... */
export function textIn(node: XNode | undefined): string | undefined {
  const texts = kids(node, 'TranslatedText');
  const lang = (t: XNode) => attr(t, 'lang')?.toLowerCase();
  const best = texts.find((t) => lang(t) === undefined || lang(t) === 'en' || lang(t)?.startsWith('en-')) ?? texts[0];
  return textOf(best);
}
/** Alias Name by Context (the first one of each context). */
export function aliasMap(node: XNode): Map<string, string> {
  const map = new Map<string, string>();
  for (const a of kids(node, 'Alias')) {
    const context = attr(a, 'Context');
    const name = attr(a, 'Name');
    if (context && name !== undefined && !map.has(context)) map.set(context, name);
  }
  return map;
}
/** Refs sorted by OrderNumber, document order among equals and for refs without one. */
export function sortRefs(refs: XNode[]): XNode[] {
  const key = (r: XNode) => {
    const n = Number(attr(r, 'OrderNumber'));
    return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
  };
  return refs
    .map((r, i) => ({ r, i, k: key(r) }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.r);
}
/** Elements by their OID attribute (the first of a duplicated OID wins). */
export function byOid(nodes: XNode[]): Map<string, XNode> {
  const map = new Map<string, XNode>();
  for (const n of nodes) {
    const oid = attr(n, 'OID');
    if (oid !== undefined && !map.has(oid)) map.set(oid, n);
  }
  return map;
}
/** A ctp:* alias holding JSON, parsed; OdmImportError naming the element when it is not JSON. */
export function aliasJson(aliases: Map<string, string>, context: string, ownerOid: string | undefined): unknown {
  const raw = aliases.get(context);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new OdmImportError(`The ${context} alias of ${q(ownerOid)} is not valid JSON.`);
  }
}
