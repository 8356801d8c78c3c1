// Reading a CDISC Library XML export (the ODM-based "Library XML" the CDISC Library API writes for an
// implementation guide: SDTMIG, CDASHIG) into plain data: the standard, its datasets in the guide's order
// with their variables, and the code lists. Shared by scripts/cdisc-catalogue/build.ts (the shipped
// catalogue) and the API's standards import, so both read an export the same way.
// Safety: a DOCTYPE is refused before parsing (a Library export has none; a DTD is how entity expansion
// and external entity attacks get in), fast-xml-parser fetches nothing, and the entity decoder knows
// only the five XML entities and numeric character references. The caller caps the file size.
// Messages name elements and OIDs of the standard, never data values.
import { XMLValidator } from 'fast-xml-parser';
import type { CdiscVariable } from '@ctp/contracts';
import { safeCdiscXmlParser } from './safe-xml.ts';

/** The guides the product loads, and the catalogue type each one feeds. */
export const IMPORTABLE_STANDARDS = { SDTMIG: 'SDTM', CDASHIG: 'CDASH' } as const;
export type ImportableStandard = keyof typeof IMPORTABLE_STANDARDS;

/** The longest note kept, in characters (the IG's full text stays in the IG). */
export const NOTE_MAX = 500;

export class CdiscLibraryFormatError extends Error {}

export interface CdiscLibraryCodeList {
  oid: string;
  name: string;
  /** The NCI C-code (the Alias of context nci:ExtCodeID), when the export gives one. */
  code: string | null;
  /** Enumerated values; empty for a reference to an external Controlled Terminology list. */
  values: string[];
  external: boolean;
}

/** A variable as the catalogue stores it and the Domains tab shows it (sdtmTargets: CDASHIG's SDTMIG
 *  targets, "AE.AETERM; SUPPAE.QVAL", else null), before it has an id. */
export type CdiscLibraryVariable = Omit<CdiscVariable, 'id'>;

export interface CdiscLibraryDataset {
  /** The ItemGroupDef's Name: an SDTM domain (DM), or a CDASH domain or scenario group (LB.CentralProcessing). */
  code: string;
  /** The domain the dataset belongs to (the code before any scenario). */
  domain: string;
  /** The group's own title (empty for a CDASH scenario group, which takes its domain's). */
  title: string;
  name: string;
  class: string | null;
  structure: string | null;
  description: string | null;
  /** Empty for a CDASHIG domain that only heads its scenario groups (DS). */
  variables: CdiscLibraryVariable[];
}

export interface CdiscLibraryExport {
  standard: {
    code: ImportableStandard;
    version: string;
    type: (typeof IMPORTABLE_STANDARDS)[ImportableStandard];
    label: string;
    source: string;
    published: string | null;
  };
  datasets: CdiscLibraryDataset[];
  codeLists: CdiscLibraryCodeList[];
}

/** Whitespace-normalised text; a stray literal backslash-n of the exports ("ECG Clinical Significance \\n") goes. */
export const clean = (s: string | undefined | null): string =>
  (s ?? '')
    .replace(/\\n/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** Like clean, but the exports' paragraph breaks (a literal backslash-n) become line breaks. */
const cleanParagraphs = (s: string | undefined): string =>
  (s ?? '')
    .split(/\\n/)
    .map(clean)
    .filter(Boolean)
    .join('\n');

/** A note cut at NOTE_MAX characters on a word boundary, with an ellipsis when cut. */
export function shortNote(raw: string | undefined): string | null {
  const s = cleanParagraphs(raw);
  if (!s) return null;
  if (s.length <= NOTE_MAX) return s;
  const cut = s.slice(0, NOTE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > NOTE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** "SPECIAL PURPOSE" -> "Special Purpose". */
export function titleCase(s: string): string {
  return s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** "CentralProcessingCS" -> "Central Processing CS"; "PKSampleCollectionTimeInterval" -> "PK Sample ..." */
export function spellScenario(s: string): string {
  return s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

// --- The XML tree -----------------------------------------------------------------------------------

type Attrs = Record<string, string | undefined>;
interface XNode {
  '@'?: Attrs;
  '#text'?: string;
  [child: string]: unknown;
}

// Elements read as lists even when they occur once.
const REPEATED = new Set('Study MetaDataVersion ItemGroupDef ItemRef ItemDef CodeList CodeListItem EnumeratedItem Alias TranslatedText CodeListRef'.split(' '));

// Namespace prefixes go (def:Class and mdr:Class are both Class; mdr:Core is Core), values stay text.
const parser = safeCdiscXmlParser(REPEATED);

const attr = (n: XNode | undefined, name: string): string | undefined => n?.['@']?.[name];
const list = (n: XNode | undefined, name: string): XNode[] => ((n?.[name] as XNode[] | undefined) ?? []).map((x) => (typeof x === 'string' ? { '#text': x } : x));
const one = (n: XNode | undefined, name: string): XNode | undefined => {
  const v = n?.[name];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' ? { '#text': first } : (first as XNode | undefined);
};
/** The text of an element's first TranslatedText (Description, CDISCNotes ...), or of the element itself. */
function textOf(n: XNode | undefined): string {
  if (!n) return '';
  const t = list(n, 'TranslatedText')[0];
  return t ? (t['#text'] ?? '') : (n['#text'] ?? '');
}

const NUMERIC_TYPES = new Set(['integer', 'float', 'double']);

// --- The export ---------------------------------------------------------------------------------------

function standardOf(study: XNode, mdv: XNode): CdiscLibraryExport['standard'] {
  const globals = one(study, 'GlobalVariables');
  const studyName = clean(textOf(one(globals, 'StudyName')));
  // "SDTMIG v3.4": the guide's code and version (some exports write 3-4).
  const m = /^([A-Za-z][A-Za-z0-9-]*)\s+v(\d+(?:[.-]\d+)*)$/.exec(studyName);
  if (!m) throw new CdiscLibraryFormatError('The export does not name its standard and version (StudyName such as "SDTMIG v3.4")');
  const code = m[1]!.toUpperCase();
  const version = m[2]!.replace(/-/g, '.');
  if (!Object.hasOwn(IMPORTABLE_STANDARDS, code)) {
    throw new CdiscLibraryFormatError(`Only SDTMIG and CDASHIG exports can be imported; this file is ${code.slice(0, 40)} ${version.slice(0, 20)}`);
  }
  const standard = code as ImportableStandard;
  const description = clean(textOf(one(globals, 'StudyDescription')));
  const published = attr(mdv, 'DatePublished') ?? null;
  return {
    code: standard,
    version,
    type: IMPORTABLE_STANDARDS[standard],
    label: !description ? `${standard} v${version}` : description.endsWith(version) ? description : `${description} v${version}`,
    source: `CDISC Library export of ${standard} v${version}${published ? ` (published ${published})` : ''}`,
    published,
  };
}

function codeListsOf(mdv: XNode): CdiscLibraryCodeList[] {
  return list(mdv, 'CodeList').map((cl) => {
    const alias = list(cl, 'Alias').find((a) => attr(a, 'Context') === 'nci:ExtCodeID');
    const values = [...list(cl, 'EnumeratedItem'), ...list(cl, 'CodeListItem')].map((i) => attr(i, 'CodedValue') ?? '').filter(Boolean);
    return {
      oid: attr(cl, 'OID') ?? '',
      name: clean(attr(cl, 'Name')),
      code: attr(alias, 'Name') ?? null,
      values,
      external: !!one(cl, 'ExternalCodeList'),
    };
  });
}

function variableOf(ref: XNode, def: XNode, codeLists: Map<string, CdiscLibraryCodeList>): CdiscLibraryVariable {
  const name = clean(attr(def, 'Name'));
  const dataType = clean(attr(def, 'DataType'));
  const submission = attr(def, 'SubmissionDataType');
  const order = Number(attr(ref, 'OrderNumber'));
  if (!name || !dataType || !Number.isInteger(order)) {
    throw new CdiscLibraryFormatError(`The ItemDef ${attr(def, 'OID')} lacks a Name, DataType or order number`);
  }
  const listOid = attr(list(def, 'CodeListRef')[0], 'CodeListOID');
  const codeList = listOid ? codeLists.get(listOid) : undefined;
  const codelistCode = codeList?.code ?? (listOid ? listOid.replace(/^CL\./, '').split('.')[0]! : null);
  const targets = list(def, 'Alias')
    .filter((a) => attr(a, 'Context')?.startsWith('sdtmigDatasetMappingTarget'))
    .map((a) => clean(attr(a, 'Name')))
    .filter(Boolean);
  return {
    order,
    name,
    label: clean(textOf(one(def, 'Description'))),
    dataType,
    // Submission type as published; an export without it follows the data type (Define-XML's rule).
    simpleType: submission === 'Char' || submission === 'Num' ? submission : NUMERIC_TYPES.has(dataType) ? 'Num' : 'Char',
    role: clean(attr(ref, 'Role')) || null,
    core: clean(attr(def, 'Core')) || null,
    codelistCode,
    // A bare C-code as the list's name says nothing more than the code.
    codelistName: codeList && codeList.name && codeList.name !== codelistCode ? codeList.name : null,
    notes: shortNote(textOf(one(def, 'CDISCNotes')) || textOf(one(def, 'ImplementationNotes'))),
    sdtmTargets: targets.length ? targets.join('; ') : null,
  };
}

function datasetsOf(mdv: XNode, type: 'SDTM' | 'CDASH', codeLists: Map<string, CdiscLibraryCodeList>): CdiscLibraryDataset[] {
  const groups = list(mdv, 'ItemGroupDef');
  const defs = new Map(list(mdv, 'ItemDef').map((d) => [attr(d, 'OID'), d]));
  const byName = new Map(groups.map((g) => [attr(g, 'Name'), g]));
  return groups.map((g) => {
    const code = clean(attr(g, 'Name'));
    if (!code) throw new CdiscLibraryFormatError(`The ItemGroupDef ${attr(g, 'OID')} has no Name`);
    const dot = code.indexOf('.');
    const domain = dot === -1 ? code : code.slice(0, dot);
    const domainGroup = byName.get(domain) ?? g;
    const title = clean(textOf(one(g, 'Description')));
    const domainTitle = clean(textOf(one(domainGroup, 'Description'))) || title;
    if (!domainTitle) throw new CdiscLibraryFormatError(`The export gives no title for ${code}`);
    // A CDASH scenario group (LB.CentralProcessing) takes its domain's title with the scenario spelled out.
    const scenario = dot === -1 ? null : spellScenario(code.slice(dot + 1));
    const rawClass = attr(one(g, 'Class'), 'Name') ?? attr(one(domainGroup, 'Class'), 'Name');
    const cls = rawClass ? titleCase(rawClass) : null;
    const structure = clean(attr(g, 'Structure')) || null;
    const description =
      type === 'CDASH'
        ? scenario
          ? `Data collection fields for ${domainTitle}, scenario ${scenario}; they map to SDTM ${domain}.`
          : `Data collection fields for ${domainTitle}; they map to SDTM ${domain}.`
        : cls && structure
          ? `${cls} class dataset. Structure: ${structure.replace(/\.?$/, '.')}`
          : cls
            ? `${cls} class dataset.`
            : null;
    const variables = list(g, 'ItemRef').map((ref) => {
      const def = defs.get(attr(ref, 'ItemOID'));
      if (!def) throw new CdiscLibraryFormatError(`${code} refers to an item the export does not define (${attr(ref, 'ItemOID')?.slice(0, 80)})`);
      return variableOf(ref, def, codeLists);
    });
    return { code, domain, title, name: scenario ? `${domainTitle} (${scenario})` : domainTitle, class: cls, structure, description, variables };
  });
}

/** The export as data; CdiscLibraryFormatError (message fit for the user) when it is not a usable export. */
export function parseCdiscLibraryXml(xml: string): CdiscLibraryExport {
  if (/<!DOCTYPE/i.test(xml)) throw new CdiscLibraryFormatError('The file declares a DOCTYPE. CDISC Library exports have none, and it is refused so that no entity is read');
  const check = XMLValidator.validate(xml);
  if (check !== true) throw new CdiscLibraryFormatError(`The file is not well-formed XML (line ${check.err.line})`);
  const doc = parser.parse(xml) as XNode;
  const root = one(doc, 'ODM');
  const study = one(root, 'Study');
  const mdv = one(study, 'MetaDataVersion');
  // The Library XML marks its root with mdr:LibraryXMLVersion; a Define-XML or a study's ODM has none.
  if (!root || !attr(root, 'LibraryXMLVersion') || !study || !mdv) {
    throw new CdiscLibraryFormatError('The file is not a CDISC Library export (an ODM file with a Library XML version, a Study and its MetaDataVersion)');
  }
  const standard = standardOf(study, mdv);
  const codeLists = codeListsOf(mdv);
  const datasets = datasetsOf(mdv, standard.type, new Map(codeLists.map((c) => [c.oid, c])));
  const codes = new Set<string>();
  for (const d of datasets) {
    if (codes.has(d.code)) throw new CdiscLibraryFormatError(`The export defines the dataset ${d.code.slice(0, 40)} twice`);
    codes.add(d.code);
  }
  // A CDASHIG domain may be only the heading of its scenario groups (DS): kept, with no variables.
  if (!datasets.some((d) => d.variables.length)) throw new CdiscLibraryFormatError(`The ${standard.code} ${standard.version} export has no datasets with variables`);
  return { standard, datasets, codeLists };
}
