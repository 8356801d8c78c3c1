// One way to parse an uploaded CDISC XML file (an ODM form export, a CDISC Library export) safely.
// The callers refuse a DOCTYPE before parsing (neither format has one; a DTD is how entity expansion and
// external entity attacks get in); fast-xml-parser never fetches external entities; and the entity
// decoder here knows only the five XML entities and numeric character references, decoded in one pass.
// Attributes go under '@', text under '#text', namespace prefixes are dropped (def:Class is Class), values
// stay text, and the named elements are always lists (so one occurrence is not a lone object).
import { XMLParser, type EntityDecoderOptions } from 'fast-xml-parser';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** One pass over the text, so '&amp;#65;' stays '&#65;' (a second pass would turn it into 'A'). */
export function decodeXmlEntities(text: string): string {
  return text.replace(/&(?:([a-z]+)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));/g, (match, name?: string, dec?: string, hex?: string) => {
    if (name !== undefined) return NAMED[name] ?? match;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
    const valid = cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
    return valid ? String.fromCodePoint(cp) : match;
  });
}

const entityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => {},
  addInputEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
  decode: decodeXmlEntities,
};

/** A parser for CDISC XML whose `repeated` elements always parse as lists. */
export function safeCdiscXmlParser(repeated: ReadonlySet<string>): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    attributesGroupName: '@',
    textNodeName: '#text',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    entityDecoder,
    isArray: (name, _path, _leaf, isAttribute) => !isAttribute && repeated.has(name),
  });
}
