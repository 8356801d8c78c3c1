// Define-XML v2.1 for a study's tabulation datasets: the dataset-level, variable-level and value-level
// metadata, code lists, derivation methods, comments and the links to the XPT files, as one ODM 1.3.2
// document with the def: 2.1 extensions (CDISC Define-XML Specification v2.1, schema
// define2-1-0.xsd; the layout follows CDISC's official SDTM example defineV21-SDTM.xml).
//
// buildDefineXml is pure: metadata in, the XML text out. The document is built as data and serialised
// by fast-xml-parser's XMLBuilder, which escapes every text and attribute value. Children are added in
// the order the schema's sequences fix, e.g.
//   MetaDataVersion: def:Standards, def:AnnotatedCRF, def:SupplementalDoc, def:ValueListDef*,
//     def:WhereClauseDef*, ItemGroupDef*, ItemDef*, CodeList*, MethodDef*, def:CommentDef*, def:leaf*
//   ItemGroupDef: Description, ItemRef*, Alias*, def:Class, def:leaf
//   ItemDef: Description, CodeListRef, def:Origin*, def:ValueListRef
//   CodeList: Description, (CodeListItem+ | EnumeratedItem+ | ExternalCodeList), Alias*
//
// The schema checks structure and enumerations but not references between definitions (OIDs are plain
// strings to it), so the builder checks those itself and throws DefineXmlError: every CodeListOID,
// MethodOID, CommentOID, StandardOID, leafID and def:ItemOID must point at a definition in the
// document, key variables must exist, names must be SAS names. Rules of the Define-XML specification
// enforced on top: Length is given for text, integer and float and left out for the ISO 8601 types
// (as the example does: BRTHDTC DataType="date" has no Length); SignificantDigits only for float; a
// Derived origin needs a method; a Predecessor origin needs its description (e.g. "DM.AGE").
//
// OIDs follow the example's conventions: IG.<dataset>, IT.<dataset>.<variable>,
// IT.<dataset>.<variable>.<where values> for value-level items, VL.<dataset>.<variable>,
// WC.<dataset>.<variable>.<values>, LF.<dataset>; code lists, methods, comments and standards carry
// the OIDs the caller gives them (CL., MT., COM., STD. by convention).
import { XMLBuilder } from 'fast-xml-parser';

// ---------------------------------------------------------------------------------------------------
// Types

export type DefineDataType =
  | 'text'
  | 'integer'
  | 'float'
  | 'date'
  | 'datetime'
  | 'time'
  | 'partialDate'
  | 'partialTime'
  | 'partialDatetime'
  | 'incompleteDatetime'
  | 'durationDatetime'
  | 'intervalDatetime';

/** Data types that carry a Length (Define-XML 2.1 §5.3.11.1); the ISO 8601 ones do not. */
const LENGTH_TYPES: ReadonlySet<DefineDataType> = new Set(['text', 'integer', 'float']);

export type DefineClass =
  | 'SPECIAL PURPOSE'
  | 'INTERVENTIONS'
  | 'EVENTS'
  | 'FINDINGS'
  | 'FINDINGS ABOUT'
  | 'TRIAL DESIGN'
  | 'RELATIONSHIP'
  | 'STUDY REFERENCE';

export type OriginType =
  'Collected' | 'Derived' | 'Assigned' | 'Protocol' | 'Predecessor' | 'Not Available' | 'Other';
export type OriginSource = 'Investigator' | 'Sponsor' | 'Subject' | 'Vendor';

/** A reference into a document (def:DocumentRef): the document's id and optionally pages in it. */
export interface DefineDocumentRef {
  documentId: string;
  /** Space-separated physical pages ("6 7") or named destinations ("DM"). */
  pages?: string;
  pageType?: 'PhysicalRef' | 'NamedDestination';
}

export interface DefineOrigin {
  type: OriginType;
  source?: OriginSource;
  /** Required for Predecessor (the source variable, e.g. "DM.AGE"). */
  description?: string;
  /** E.g. the annotated CRF pages a Collected value comes from. */
  documentRefs?: DefineDocumentRef[];
}

export type WhereComparator = 'EQ' | 'NE' | 'LT' | 'LE' | 'GT' | 'GE' | 'IN' | 'NOTIN';

/** One condition of a where clause: `variable comparator values` (EQ/NE/LT.. take one value). */
export interface DefineWhereCondition {
  /** A variable of the same dataset, or of another one when `dataset` is given (e.g. DM.COUNTRY). */
  variable: string;
  dataset?: string;
  comparator: WhereComparator;
  values: string[];
}

/** The properties an ItemDef and its ItemRef share, for a variable or a value-level item. */
interface ItemProperties {
  dataType: DefineDataType;
  /** For text: the XPT length in bytes. For integer/float: the longest value's digits (as the example:
   *  AGE Length="2"). Left out for the ISO 8601 types. */
  length?: number;
  /** float only: the digits after the decimal point. */
  significantDigits?: number;
  displayFormat?: string;
  mandatory: boolean;
  origin: DefineOrigin | DefineOrigin[];
  codeListOid?: string;
  methodOid?: string;
  commentOid?: string;
  role?: string;
}

/** Value-level metadata: the properties a variable has where the clause holds (e.g. VSORRES where
 *  VSTESTCD = SYSBP). All conditions hold together. */
export interface DefineValueLevel extends ItemProperties {
  where: DefineWhereCondition[];
  /** The description; the parent variable's label when left out. */
  label?: string;
}

export interface DefineVariable extends ItemProperties {
  /** 1–8 characters, a SAS name. */
  name: string;
  label: string;
  valueLevel?: DefineValueLevel[];
}

export interface DefineDataset {
  /** The dataset name, e.g. DM, SUPPAE. */
  name: string;
  /** The domain; for SUPP-- the parent domain (SUPPAE -> AE), else the name. */
  domain?: string;
  label: string;
  class: DefineClass;
  subClass?: string;
  structure: string;
  purpose?: 'Tabulation' | 'Analysis';
  /** The key variables in key order (KeySequence 1, 2, ...). */
  keys: string[];
  /** Repeating="Yes": more than one record per subject (true by default; DM and TS are "No"). */
  repeating?: boolean;
  isReferenceData?: boolean;
  /** Relative to the define.xml, e.g. "dm.xpt". */
  href: string;
  /** The leaf title; the href when left out. */
  title?: string;
  commentOid?: string;
  /** The Standard OID; the first IG standard when left out. */
  standardOid?: string;
  isNonStandard?: boolean;
  hasNoData?: boolean;
  /** For SUPP-- datasets, the parent domain's label (Alias Context="DomainDescription"). */
  domainDescription?: string;
  /** In dataset order. */
  variables: DefineVariable[];
}

export interface DefineTerm {
  codedValue: string;
  /** The decode; terms with decodes make CodeListItems, without EnumeratedItems (all or none). */
  decode?: string;
  /** The term's NCI C-code. */
  nciCode?: string;
  orderNumber?: number;
  /** A sponsor extension of an extensible CDISC code list (def:ExtendedValue="Yes"). */
  extended?: boolean;
}

export interface DefineCodeList {
  oid: string;
  name: string;
  dataType: 'text' | 'integer' | 'float';
  /** The code list's NCI C-code (Alias Context="nci:ExtCodeID"). */
  nciCode?: string;
  terms?: DefineTerm[];
  /** A dictionary instead of terms (MedDRA, WHODD, ...). */
  external?: { dictionary: string; version: string; href?: string; ref?: string };
  sasFormatName?: string;
  /** The CT standard's OID; for a code list with an NCI code, the first CT standard when left out. */
  standardOid?: string;
  commentOid?: string;
}

export interface DefineMethod {
  oid: string;
  name: string;
  type: 'Computation' | 'Imputation' | 'Transpose' | 'Other';
  description: string;
  formalExpressions?: { context: string; expression: string }[];
  documentRefs?: DefineDocumentRef[];
}

export interface DefineComment {
  oid: string;
  description: string;
  documentRefs?: DefineDocumentRef[];
}

/** A document the define.xml links to (annotated CRF, reviewer's guide, complex algorithms). */
export interface DefineDocument {
  /** The leaf ID (an XML ID: letters, digits, '.', '-', '_', not starting with a digit). */
  id: string;
  href: string;
  title: string;
  /** annotatedCrf: listed under def:AnnotatedCRF; supplemental: under def:SupplementalDoc. */
  kind?: 'annotatedCrf' | 'supplemental' | 'other';
}

export interface DefineStandard {
  oid: string;
  name:
    | 'SDTMIG'
    | 'SDTMIG-AP'
    | 'SDTMIG-MD'
    | 'SENDIG'
    | 'ADaMIG'
    | 'CDISC/NCI'
    | 'BIMO'
    | 'SENDIG-AR'
    | 'SENDIG-DART';
  type: 'IG' | 'CT';
  /** For CT: SDTM, ADaM, SEND, CDASH, DEFINE-XML. */
  publishingSet?: 'SDTM' | 'ADaM' | 'SEND' | 'CDASH' | 'DEFINE-XML';
  version: string;
  status?: 'Final' | 'Draft' | 'Provisional';
  commentOid?: string;
}

export interface DefineMetadata {
  fileOid: string;
  creationDateTime: Date | string;
  originator?: string;
  sourceSystem?: string;
  sourceSystemVersion?: string;
  /** 'Submission' by default. */
  context?: 'Submission' | 'Other';
  study: {
    oid?: string;
    studyName: string;
    studyDescription: string;
    protocolName: string;
  };
  metaDataVersion?: { oid?: string; name?: string; description?: string };
  /** E.g. SDTMIG 3.4 (IG) and CDISC/NCI SDTM CT 2024-03-29 (CT). */
  standards: DefineStandard[];
  datasets: DefineDataset[];
  codeLists?: DefineCodeList[];
  methods?: DefineMethod[];
  comments?: DefineComment[];
  documents?: DefineDocument[];
  /** The stylesheet, relative to the define.xml: "define2-1.xsl" by default; null: no stylesheet
   *  instruction (for a package that does not ship one). */
  stylesheetHref?: string | null;
}

export class DefineXmlError extends Error {
  override name = 'DefineXmlError';
}

// ---------------------------------------------------------------------------------------------------
// XML plumbing

export const ODM_NAMESPACE = 'http://www.cdisc.org/ns/odm/v1.3';
export const DEFINE_NAMESPACE = 'http://www.cdisc.org/ns/def/v2.1';
export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
const NCI_CONTEXT = 'nci:ExtCodeID';

type Node = Record<string, unknown>;

// Characters XML 1.0 cannot carry at all, not even as a character reference.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function checkXmlText(value: unknown): string {
  const text = String(value);
  if (NOT_XML.test(text))
    throw new DefineXmlError(
      `A value holds a character XML 1.0 cannot carry: ${JSON.stringify(text.slice(0, 60))}`,
    );
  return text;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  // The builder escapes & < > " ' in text and attribute values.
  processEntities: true,
  tagValueProcessor: (_name, value) => checkXmlText(value),
  // Line breaks and tabs in an attribute value become spaces, which is what an XML parser's
  // attribute-value normalisation would make of them anyway; multi-line text belongs in TranslatedText.
  attributeValueProcessor: (_name, value) => checkXmlText(value).replace(/[\t\n\r]/g, ' '),
});

/** An element: its attributes (undefined ones left out), then its children in the order given
 *  (undefined children and empty arrays left out). */
function el(attrs: Record<string, string | number | undefined>, children: Node = {}): Node {
  const node: Node = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) node[`@_${k}`] = String(v);
  for (const [k, v] of Object.entries(children)) {
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) node[k] = v;
  }
  return node;
}
const description = (text: string | undefined) =>
  text === undefined || text === ''
    ? undefined
    : { TranslatedText: el({ 'xml:lang': 'en' }, { '#text': text }) };
const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
const yesOnly = (flag: boolean | undefined) => (flag ? 'Yes' : undefined);
const nciAlias = (code: string | undefined) => (code ? el({ Context: NCI_CONTEXT, Name: code }) : undefined);

// ---------------------------------------------------------------------------------------------------
// Checks

const SAS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,7}$/;
// An XML NCName as the leaf ID (xs:ID) needs it; kept to ASCII.
const XML_ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const C_CODE = /^C\d+$/;

function fail(message: string): never {
  throw new DefineXmlError(message);
}

function checkSasName(name: string, what: string) {
  if (!SAS_NAME.test(name))
    fail(`${what} "${name}" is not a SAS name (1–8 letters, digits, underscores; not starting with a digit)`);
}

function xsdDateTime(value: Date | string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) fail('creationDateTime is not a valid date');
    return value.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(value))
    fail(`creationDateTime "${value}" is not an ISO 8601 datetime (YYYY-MM-DDThh:mm:ss)`);
  return value;
}

/** Builds OID fragments from values (where-clause values may hold anything). */
function oidPart(value: string): string {
  const part = value.trim().replace(/[^A-Za-z0-9_.-]+/g, '_');
  return part === '' ? '_' : part;
}

// ---------------------------------------------------------------------------------------------------
// The builder

interface Registry {
  codeLists: Set<string>;
  methods: Set<string>;
  comments: Set<string>;
  documents: Set<string>;
  standards: Set<string>;
}

function uniqueOids<T>(list: readonly T[], oid: (t: T) => string, what: string): Set<string> {
  const seen = new Set<string>();
  for (const item of list) {
    const id = oid(item);
    if (!id) fail(`A ${what} has an empty OID`);
    if (seen.has(id)) fail(`Two ${what}s share the OID "${id}"`);
    seen.add(id);
  }
  return seen;
}

function documentRefs(refs: DefineDocumentRef[] | undefined, reg: Registry, where: string): Node[] {
  return (refs ?? []).map((r) => {
    if (!reg.documents.has(r.documentId))
      fail(`${where} refers to the document "${r.documentId}", which is not among the documents`);
    const page =
      r.pages === undefined ? undefined : el({ PageRefs: r.pages, Type: r.pageType ?? 'PhysicalRef' });
    return el({ leafID: r.documentId }, { 'def:PDFPageRef': page });
  });
}

function checkRef(set: Set<string>, oid: string | undefined, what: string, where: string) {
  if (oid !== undefined && !set.has(oid))
    fail(`${where} refers to the ${what} "${oid}", which is not defined`);
}

/** The ItemDef of a variable or a value-level item, after checking its properties. */
function itemDef(
  oid: string,
  name: string,
  label: string,
  p: ItemProperties,
  reg: Registry,
  where: string,
  valueListOid?: string,
): Node {
  if (LENGTH_TYPES.has(p.dataType)) {
    if (p.length === undefined || !Number.isInteger(p.length) || p.length < 1)
      fail(`${where}: DataType ${p.dataType} needs a Length (a positive integer)`);
  } else if (p.length !== undefined) {
    fail(
      `${where}: DataType ${p.dataType} takes no Length (Define-XML 2.1 gives Length only for text, integer and float)`,
    );
  }
  if (
    p.significantDigits !== undefined &&
    (p.dataType !== 'float' || !Number.isInteger(p.significantDigits) || p.significantDigits < 0)
  ) {
    fail(`${where}: SignificantDigits is for float only, a non-negative integer`);
  }
  checkRef(reg.codeLists, p.codeListOid, 'code list', where);
  checkRef(reg.methods, p.methodOid, 'method', where);
  checkRef(reg.comments, p.commentOid, 'comment', where);
  const origins = Array.isArray(p.origin) ? p.origin : [p.origin];
  if (origins.length === 0) fail(`${where} has no origin`);
  for (const o of origins) {
    if (o.type === 'Derived' && !p.methodOid) fail(`${where} is Derived but names no method (MethodOID)`);
    if (o.type === 'Predecessor' && !o.description)
      fail(`${where} has a Predecessor origin without its description (e.g. "DM.AGE")`);
  }
  return el(
    {
      OID: oid,
      Name: name,
      DataType: p.dataType,
      Length: p.length,
      SignificantDigits: p.significantDigits,
      SASFieldName: name,
      'def:DisplayFormat': p.displayFormat,
      'def:CommentOID': p.commentOid,
    },
    {
      Description: description(label),
      CodeListRef: p.codeListOid ? el({ CodeListOID: p.codeListOid }) : undefined,
      'def:Origin': origins.map((o) =>
        el(
          { Type: o.type, Source: o.source },
          {
            Description: description(o.description),
            'def:DocumentRef': documentRefs(o.documentRefs, reg, where),
          },
        ),
      ),
      'def:ValueListRef': valueListOid ? el({ ValueListOID: valueListOid }) : undefined,
    },
  );
}

function itemRef(
  itemOid: string,
  order: number,
  p: ItemProperties,
  keySequence?: number,
  whereClauseOid?: string,
): Node {
  return el(
    {
      ItemOID: itemOid,
      OrderNumber: order,
      Mandatory: yesNo(p.mandatory),
      KeySequence: keySequence,
      MethodOID: p.methodOid,
      Role: p.role,
    },
    { 'def:WhereClauseRef': whereClauseOid ? el({ WhereClauseOID: whereClauseOid }) : undefined },
  );
}

function codeList(cl: DefineCodeList, reg: Registry, defaultCt: string | undefined): Node {
  const where = `Code list ${cl.oid}`;
  if (cl.nciCode !== undefined && !C_CODE.test(cl.nciCode))
    fail(`${where}: "${cl.nciCode}" is not an NCI C-code`);
  const standardOid = cl.standardOid ?? (cl.nciCode ? defaultCt : undefined);
  checkRef(reg.standards, standardOid, 'standard', where);
  checkRef(reg.comments, cl.commentOid, 'comment', where);
  const terms = cl.terms ?? [];
  if (terms.length > 0 === (cl.external !== undefined))
    fail(`${where} needs either terms or an external dictionary (one of them)`);
  const seen = new Set<string>();
  for (const t of terms) {
    if (seen.has(t.codedValue)) fail(`${where} lists the term "${t.codedValue}" twice`);
    seen.add(t.codedValue);
    if (t.nciCode !== undefined && !C_CODE.test(t.nciCode))
      fail(`${where}: term "${t.codedValue}" has "${t.nciCode}", not an NCI C-code`);
  }
  const decoded = terms.filter((t) => t.decode !== undefined).length;
  if (decoded !== 0 && decoded !== terms.length) fail(`${where}: either every term has a decode or none has`);
  const termAttrs = (t: DefineTerm) => ({
    CodedValue: t.codedValue,
    OrderNumber: t.orderNumber,
    'def:ExtendedValue': yesOnly(t.extended),
  });
  return el(
    {
      OID: cl.oid,
      Name: cl.name,
      DataType: cl.dataType,
      SASFormatName: cl.sasFormatName,
      'def:StandardOID': standardOid,
      'def:CommentOID': cl.commentOid,
    },
    {
      CodeListItem: decoded
        ? terms.map((t) => el(termAttrs(t), { Decode: description(t.decode), Alias: nciAlias(t.nciCode) }))
        : undefined,
      EnumeratedItem: decoded
        ? undefined
        : terms.map((t) => el(termAttrs(t), { Alias: nciAlias(t.nciCode) })),
      ExternalCodeList: cl.external
        ? el({
            Dictionary: cl.external.dictionary,
            Version: cl.external.version,
            ref: cl.external.ref,
            href: cl.external.href,
          })
        : undefined,
      Alias: nciAlias(cl.nciCode),
    },
  );
}

/** Define-XML 2.1 for the metadata; throws DefineXmlError when the metadata is inconsistent. */
export function buildDefineXml(meta: DefineMetadata): string {
  const codeLists = meta.codeLists ?? [];
  const methods = meta.methods ?? [];
  const comments = meta.comments ?? [];
  const documents = meta.documents ?? [];
  for (const d of documents) if (!XML_ID.test(d.id)) fail(`Document id "${d.id}" is not an XML ID`);
  const reg: Registry = {
    codeLists: uniqueOids(codeLists, (c) => c.oid, 'code list'),
    methods: uniqueOids(methods, (m) => m.oid, 'method'),
    comments: uniqueOids(comments, (c) => c.oid, 'comment'),
    documents: uniqueOids(documents, (d) => d.id, 'document'),
    standards: uniqueOids(meta.standards, (s) => s.oid, 'standard'),
  };
  if (meta.standards.length === 0) fail('No standard is given (e.g. SDTMIG 3.4)');
  for (const s of meta.standards) checkRef(reg.comments, s.commentOid, 'comment', `Standard ${s.oid}`);
  const defaultIg = meta.standards.find((s) => s.type === 'IG')?.oid;
  const defaultCt = meta.standards.find((s) => s.type === 'CT')?.oid;
  if (meta.datasets.length === 0) fail('No dataset is given');
  uniqueOids(meta.datasets, (d) => d.name, 'dataset');

  // Every variable's ItemDef OID first: where clauses may point into other datasets.
  const itemOids = new Map<string, string>();
  const leafIds = new Set<string>(reg.documents);
  for (const ds of meta.datasets) {
    checkSasName(ds.name, 'Dataset name');
    uniqueOids(ds.variables, (v) => v.name, `variable of ${ds.name}`);
    for (const v of ds.variables) {
      checkSasName(v.name, `Variable name in ${ds.name}`);
      itemOids.set(`${ds.name}.${v.name}`, `IT.${ds.name}.${v.name}`);
    }
    const leafId = `LF.${ds.name}`;
    if (leafIds.has(leafId)) fail(`The dataset leaf ID "${leafId}" is also a document id`);
    leafIds.add(leafId);
  }

  const itemGroupDefs: Node[] = [];
  const itemDefs: Node[] = [];
  const valueListDefs: Node[] = [];
  const whereClauses = new Map<string, { oid: string; node: Node }>();

  const whereClauseOid = (ds: DefineDataset, conditions: DefineWhereCondition[], where: string): string => {
    if (conditions.length === 0) fail(`${where}: a value-level item needs a where clause`);
    const checks = conditions.map((c) => {
      const dsName = c.dataset ?? ds.name;
      const target = itemOids.get(`${dsName}.${c.variable}`);
      if (!target)
        fail(
          `${where}: the where clause names ${dsName}.${c.variable}, which is not a variable of the datasets`,
        );
      if (c.values.length === 0) fail(`${where}: the where clause on ${c.variable} has no value`);
      if (c.values.length > 1 && c.comparator !== 'IN' && c.comparator !== 'NOTIN')
        fail(`${where}: ${c.comparator} takes one value (IN/NOTIN take several)`);
      return { c, dsName, target };
    });
    const key = JSON.stringify(checks.map(({ c, target }) => [target, c.comparator, c.values]));
    const existing = whereClauses.get(key);
    if (existing) return existing.oid;
    const parts = checks.map(({ c, dsName }) =>
      [
        ...(dsName === ds.name ? [] : [`[${dsName}]`]),
        c.variable,
        ...(c.comparator === 'EQ' ? [] : [c.comparator]),
        ...c.values.map(oidPart),
      ].join('.'),
    );
    let oid = `WC.${ds.name}.${parts.join('.')}`;
    const taken = new Set([...whereClauses.values()].map((w) => w.oid));
    for (let n = 2; taken.has(oid); n++) oid = `WC.${ds.name}.${parts.join('.')}.${n}`;
    const node = el(
      { OID: oid },
      {
        RangeCheck: checks.map(({ c, target }) =>
          el(
            { Comparator: c.comparator, SoftHard: 'Soft', 'def:ItemOID': target },
            { CheckValue: c.values.map((value) => ({ '#text': value })) },
          ),
        ),
      },
    );
    whereClauses.set(key, { oid, node });
    return oid;
  };

  for (const ds of meta.datasets) {
    const dsWhere = `Dataset ${ds.name}`;
    const standardOid = ds.standardOid ?? (ds.isNonStandard ? undefined : defaultIg);
    checkRef(reg.standards, standardOid, 'standard', dsWhere);
    checkRef(reg.comments, ds.commentOid, 'comment', dsWhere);
    const names = ds.variables.map((v) => v.name);
    if (ds.keys.length === 0) fail(`${dsWhere} names no key variables`);
    ds.keys.forEach((k, i) => {
      if (!names.includes(k)) fail(`${dsWhere}: the key variable ${k} is not among its variables`);
      if (ds.keys.indexOf(k) !== i) fail(`${dsWhere}: the key variable ${k} is listed twice`);
    });

    const refs: Node[] = [];
    ds.variables.forEach((v, i) => {
      const where = `${ds.name}.${v.name}`;
      const oid = `IT.${ds.name}.${v.name}`;
      const keyIndex = ds.keys.indexOf(v.name);
      refs.push(itemRef(oid, i + 1, v, keyIndex >= 0 ? keyIndex + 1 : undefined));

      let valueListOid: string | undefined;
      if (v.valueLevel && v.valueLevel.length > 0) {
        valueListOid = `VL.${ds.name}.${v.name}`;
        const vlRefs: Node[] = [];
        const vlOids = new Set<string>();
        v.valueLevel.forEach((vl, j) => {
          const wc = whereClauseOid(ds, vl.where, where);
          const suffix = vl.where.flatMap((c) => c.values.map(oidPart)).join('.');
          let vlOid = `${oid}.${suffix}`;
          for (let n = 2; vlOids.has(vlOid) || itemOids.has(vlOid); n++) vlOid = `${oid}.${suffix}.${n}`;
          vlOids.add(vlOid);
          vlRefs.push(itemRef(vlOid, j + 1, vl, undefined, wc));
          itemDefs.push(
            itemDef(vlOid, v.name, vl.label ?? v.label, vl, reg, `${where} (value level ${suffix})`),
          );
        });
        valueListDefs.push(el({ OID: valueListOid }, { ItemRef: vlRefs }));
      }
      itemDefs.push(itemDef(oid, v.name, v.label, v, reg, where, valueListOid));
    });

    const domain = ds.domain ?? (/^SUPP[A-Z0-9]{2}$/.test(ds.name) ? ds.name.slice(4) : ds.name);
    itemGroupDefs.push(
      el(
        {
          OID: `IG.${ds.name}`,
          Domain: domain,
          Name: ds.name,
          Repeating: yesNo(ds.repeating ?? true),
          IsReferenceData: yesNo(ds.isReferenceData ?? false),
          SASDatasetName: ds.name,
          'def:Structure': ds.structure,
          Purpose: ds.purpose ?? 'Tabulation',
          'def:StandardOID': standardOid,
          'def:IsNonStandard': yesOnly(ds.isNonStandard),
          'def:HasNoData': yesOnly(ds.hasNoData),
          'def:CommentOID': ds.commentOid,
          'def:ArchiveLocationID': `LF.${ds.name}`,
        },
        {
          Description: description(ds.label),
          ItemRef: refs,
          Alias: ds.domainDescription
            ? el({ Context: 'DomainDescription', Name: ds.domainDescription })
            : undefined,
          'def:Class': el(
            { Name: ds.class },
            { 'def:SubClass': ds.subClass ? el({ Name: ds.subClass }) : undefined },
          ),
          'def:leaf': el(
            { ID: `LF.${ds.name}`, 'xlink:href': ds.href },
            { 'def:title': { '#text': ds.title ?? ds.href } },
          ),
        },
      ),
    );
  }

  const docRefsOf = (kind: DefineDocument['kind']) =>
    documents.filter((d) => d.kind === kind).map((d) => el({ leafID: d.id }));
  const annotatedCrf = docRefsOf('annotatedCrf');
  const supplemental = docRefsOf('supplemental');

  const study = meta.study;
  const mdv = meta.metaDataVersion ?? {};
  const doc = {
    '?xml': el({ version: '1.0', encoding: 'UTF-8' }),
    ...(meta.stylesheetHref !== null && {
      '?xml-stylesheet': el({ type: 'text/xsl', href: meta.stylesheetHref ?? 'define2-1.xsl' }),
    }),
    ODM: el(
      {
        xmlns: ODM_NAMESPACE,
        'xmlns:xlink': XLINK_NAMESPACE,
        'xmlns:def': DEFINE_NAMESPACE,
        ODMVersion: '1.3.2',
        FileOID: meta.fileOid,
        FileType: 'Snapshot',
        CreationDateTime: xsdDateTime(meta.creationDateTime),
        Originator: meta.originator,
        SourceSystem: meta.sourceSystem,
        SourceSystemVersion: meta.sourceSystemVersion,
        'def:Context': meta.context ?? 'Submission',
      },
      {
        Study: el(
          { OID: study.oid ?? `STDY.${study.studyName}` },
          {
            GlobalVariables: {
              StudyName: { '#text': study.studyName },
              StudyDescription: { '#text': study.studyDescription },
              ProtocolName: { '#text': study.protocolName },
            },
            MetaDataVersion: el(
              {
                OID: mdv.oid ?? `MDV.${study.studyName}.1`,
                Name: mdv.name ?? `Study ${study.studyName}, Data Definitions`,
                Description: mdv.description,
                'def:DefineVersion': '2.1.0',
              },
              {
                'def:Standards': {
                  'def:Standard': meta.standards.map((s) =>
                    el({
                      OID: s.oid,
                      Name: s.name,
                      Type: s.type,
                      PublishingSet: s.publishingSet,
                      Version: s.version,
                      Status: s.status ?? 'Final',
                      'def:CommentOID': s.commentOid,
                    }),
                  ),
                },
                'def:AnnotatedCRF': annotatedCrf.length ? { 'def:DocumentRef': annotatedCrf } : undefined,
                'def:SupplementalDoc': supplemental.length ? { 'def:DocumentRef': supplemental } : undefined,
                'def:ValueListDef': valueListDefs,
                'def:WhereClauseDef': [...whereClauses.values()].map((w) => w.node),
                ItemGroupDef: itemGroupDefs,
                ItemDef: itemDefs,
                CodeList: codeLists.map((cl) => codeList(cl, reg, defaultCt)),
                MethodDef: methods.map((m) =>
                  el(
                    { OID: m.oid, Name: m.name, Type: m.type },
                    {
                      Description: description(m.description) ?? fail(`Method ${m.oid} needs a description`),
                      FormalExpression: (m.formalExpressions ?? []).map((f) =>
                        el({ Context: f.context }, { '#text': f.expression }),
                      ),
                      'def:DocumentRef': documentRefs(m.documentRefs, reg, `Method ${m.oid}`),
                    },
                  ),
                ),
                'def:CommentDef': comments.map((c) =>
                  el(
                    { OID: c.oid },
                    {
                      Description: description(c.description) ?? fail(`Comment ${c.oid} needs a description`),
                      'def:DocumentRef': documentRefs(c.documentRefs, reg, `Comment ${c.oid}`),
                    },
                  ),
                ),
                'def:leaf': documents.map((d) =>
                  el({ ID: d.id, 'xlink:href': d.href }, { 'def:title': { '#text': d.title } }),
                ),
              },
            ),
          },
        ),
      },
    ),
  };
  return builder.build(doc) as string;
}
