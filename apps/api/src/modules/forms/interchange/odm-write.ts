// Form definitions -> CDISC ODM 1.3.2 metadata (FileType Snapshot, Granularity Metadata, one Study with
// one MetaDataVersion). The document is built as data and serialised by fast-xml-parser's XMLBuilder;
// every text and attribute value goes through escapeXml. The mapping rules are listed in odm.ts.
// Element children are added in the order ODM1-3-2-foundation.xsd fixes for each sequence, e.g.
// ItemDef: Description, Question, MeasurementUnitRef, RangeCheck, CodeListRef, Alias.
import { XMLBuilder } from 'fast-xml-parser';
import type { FieldRange, FormField, RepeatingGroupField, ScalarField } from '@ctp/contracts';
import { formCodeFrom } from './codes.ts';
import { CDASH_CONTEXT, CTP_ALIAS, ODM_NS, SDTM_CONTEXT, YES_NO_CODE_LIST, type InterchangeForm, type InterchangeStudy, type InterchangeVisit } from './odm-model.ts';

type Node = Record<string, unknown>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
// Characters XML 1.0 cannot carry even as a character reference; dropped rather than writing a file
// no parser accepts. (NUL and lone surrogates never reach here: the form schema refuses them.)
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes markup characters, and tab/newline/CR as references so attribute values keep them. */
export function escapeXml(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(NOT_XML, '').replace(/[&<>"'\t\n\r]/g, (c) => ESCAPES[c] ?? c) : value;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  // Our own escaping (above) replaces the builder's, which leaves newlines in attributes raw.
  processEntities: false,
  tagValueProcessor: (_name, value) => escapeXml(value),
  attributeValueProcessor: (_name, value) => escapeXml(value),
});

/** An element: its attributes (undefined ones left out), then its children in the order given. */
function el(attrs: Record<string, string | number | undefined>, children: Node = {}): Node {
  const node: Node = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) node[`@_${k}`] = String(v);
  for (const [k, v] of Object.entries(children)) {
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) node[k] = v;
  }
  return node;
}
const translated = (text: string) => ({ TranslatedText: el({ 'xml:lang': 'en' }, { '#text': text }) });
const described = (text: string | undefined) => (text ? translated(text) : undefined);
const alias = (context: string, name: string | undefined) => (name === undefined ? undefined : el({ Context: context, Name: name }));
const aliases = (...list: (Node | undefined)[]) => list.filter((a): a is Node => a !== undefined);
const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

/** MeasurementUnit declarations (under BasicDefinitions), one per distinct unit text. */
class Units {
  private readonly oids = new Map<string, string>();
  oidFor(unit: string | undefined): string | undefined {
    if (!unit) return undefined;
    let oid = this.oids.get(unit);
    if (!oid) {
      const base = `MU.${unit.replace(/[^A-Za-z0-9_.-]+/g, '_')}`;
      const taken = new Set(this.oids.values());
      oid = base;
      for (let n = 2; taken.has(oid); n++) oid = `${base}_${n}`;
      this.oids.set(unit, oid);
    }
    return oid;
  }
  nodes(): Node[] {
    return [...this.oids].map(([unit, oid]) => el({ OID: oid, Name: unit }, { Symbol: translated(unit) }));
  }
}

interface Sink {
  units: Units;
  itemGroups: Node[];
  items: Node[];
  codeLists: Node[];
  usesYesNo: boolean;
}

/** A field range as RangeChecks: GE min and LE max, Soft/Hard from the severity, the message on each. */
function rangeChecks(range: FieldRange | undefined): Node[] {
  if (!range) return [];
  const softHard = range.severity === 'hard' ? 'Hard' : 'Soft';
  const message = range.message ? { ErrorMessage: translated(range.message) } : {};
  const bounds: [string, number | undefined][] = [
    ['GE', range.min],
    ['LE', range.max],
  ];
  return bounds.filter(([, v]) => v !== undefined).map(([comparator, v]) => el({ Comparator: comparator, SoftHard: softHard }, { CheckValue: String(v), ...message }));
}

/** DataType, Length and SignificantDigits of a scalar field (see the mapping in odm.ts). */
function dataTypeOf(f: ScalarField): { DataType: string; Length?: number; SignificantDigits?: number } {
  switch (f.type) {
    case 'text':
    case 'longText':
      return { DataType: 'text', Length: f.maxLength };
    case 'integer':
      return { DataType: 'integer' };
    case 'decimal':
      return { DataType: 'float', SignificantDigits: f.decimals };
    case 'date':
    case 'partialDate':
    case 'time':
      return { DataType: f.type };
    case 'singleChoice':
    case 'multipleChoice':
      return { DataType: 'text', Length: Math.max(...f.codeList.map((i) => i.code.length)) };
    case 'yesNo':
      return { DataType: 'text', Length: 1 };
    case 'calculated':
      return f.decimals === 0 ? { DataType: 'integer' } : { DataType: 'float', SignificantDigits: f.decimals };
  }
}

function itemDef(f: ScalarField, oid: string, formCode: string, sink: Sink): Node {
  let codeListOid: string | undefined;
  if (f.type === 'singleChoice' || f.type === 'multipleChoice') {
    codeListOid = `CL.${formCode}.${f.code}`;
    sink.codeLists.push(codeList(codeListOid, f.label, f.codeList));
  } else if (f.type === 'yesNo') {
    codeListOid = YES_NO_CODE_LIST.oid;
    sink.usesYesNo = true;
  }
  const hasUnit = f.type === 'integer' || f.type === 'decimal' || f.type === 'calculated';
  const unitOid = hasUnit ? sink.units.oidFor(f.unit) : undefined;
  const range = f.type === 'integer' || f.type === 'decimal' ? f.range : undefined;
  return el(
    { OID: oid, Name: f.code, ...dataTypeOf(f), Origin: f.type === 'calculated' ? 'Derived' : undefined },
    {
      Description: described(f.helpText),
      Question: translated(f.label),
      MeasurementUnitRef: unitOid ? el({ MeasurementUnitOID: unitOid }) : undefined,
      RangeCheck: rangeChecks(range),
      CodeListRef: codeListOid ? el({ CodeListOID: codeListOid }) : undefined,
      Alias: aliases(
        alias(SDTM_CONTEXT, f.sdtmTarget),
        alias(CDASH_CONTEXT, f.cdashVariable),
        f.type === 'multipleChoice' ? alias(CTP_ALIAS.multiple, 'Yes') : undefined,
        f.type === 'longText' ? alias(CTP_ALIAS.longText, 'Yes') : undefined,
        f.type === 'calculated' ? alias(CTP_ALIAS.formula, json(f.formula)) : undefined,
        alias(CTP_ALIAS.showIf, json(f.showIf)),
        alias(CTP_ALIAS.defaultValue, json(f.defaultValue)),
      ),
    },
  );
}

function codeList(oid: string, name: string, items: readonly { code: string; label: string }[]): Node {
  return el({ OID: oid, Name: name, DataType: 'text' }, { CodeListItem: items.map((i) => el({ CodedValue: i.code }, { Decode: translated(i.label) })) });
}

/** ItemGroupDef with ItemRefs (OrderNumber 1..n, Mandatory from `required`); the ItemDefs go to the sink. */
function itemGroup(oid: string, name: string, fields: ScalarField[], formCode: string, sink: Sink, repeating?: RepeatingGroupField): Node {
  const refs = fields.map((f, i) => {
    const itemOid = `IT.${formCode}.${f.code}`;
    sink.items.push(itemDef(f, itemOid, formCode, sink));
    return el({ ItemOID: itemOid, OrderNumber: i + 1, Mandatory: yesNo(f.required) });
  });
  const g = repeating;
  return el(
    { OID: oid, Name: name, Repeating: yesNo(g !== undefined) },
    {
      Description: described(g?.helpText),
      ItemRef: refs,
      Alias: g
        ? aliases(
            alias(CTP_ALIAS.code, g.code),
            alias(SDTM_CONTEXT, g.sdtmTarget),
            alias(CDASH_CONTEXT, g.cdashVariable),
            alias(CTP_ALIAS.showIf, json(g.showIf)),
            alias(CTP_ALIAS.rows, json({ minRows: g.minRows, maxRows: g.maxRows })),
          )
        : undefined,
    },
  );
}

/** FormDef: one ItemGroupRef to the scalar fields' group, then one per repeating group. */
function formDef(form: InterchangeForm, oid: string, formCode: string, sink: Sink): Node {
  const fields: FormField[] = form.definition.fields;
  const scalars = fields.filter((f): f is ScalarField => f.type !== 'repeatingGroup');
  const groups = fields.filter((f): f is RepeatingGroupField => f.type === 'repeatingGroup');
  const refs: Node[] = [];
  if (scalars.length > 0) {
    const igOid = `IG.${formCode}`;
    sink.itemGroups.push(itemGroup(igOid, form.name, scalars, formCode, sink));
    refs.push(el({ ItemGroupOID: igOid, OrderNumber: 1, Mandatory: 'Yes' }));
  }
  for (const g of groups) {
    const igOid = `IG.${formCode}.${g.code}`;
    sink.itemGroups.push(itemGroup(igOid, g.label, g.fields, formCode, sink, g));
    refs.push(el({ ItemGroupOID: igOid, OrderNumber: refs.length + 1, Mandatory: yesNo(g.required) }));
  }
  // ItemGroupRefs put the scalar fields first; when the form interleaves them, keep its real order.
  const order = fields.map((f) => f.code);
  const grouped = [...scalars, ...groups].map((f) => f.code);
  const interleaved = order.some((code, i) => code !== grouped[i]);
  return el(
    { OID: oid, Name: form.name, Repeating: 'No' },
    {
      Description: described(form.description),
      ItemGroupRef: refs,
      Alias: aliases(
        alias(CTP_ALIAS.category, form.category),
        alias(CTP_ALIAS.version, form.version === undefined ? undefined : String(form.version)),
        form.definition.checks.length > 0 ? alias(CTP_ALIAS.checks, json(form.definition.checks)) : undefined,
        interleaved ? alias(CTP_ALIAS.order, json(order)) : undefined,
      ),
    },
  );
}

/** Form codes for OIDs: from the given OID (without its 'F.') or the name, unique in the study. */
export function planForms(forms: InterchangeForm[]): { form: InterchangeForm; code: string; oid: string }[] {
  const codes = new Set<string>();
  const oids = new Set<string>();
  const given = new Set(forms.map((f) => f.oid));
  return forms.map((form) => {
    const base = formCodeFrom(form.oid?.replace(/^F\./, '') ?? form.name);
    let code = base;
    // A derived OID must not take one another form was given.
    for (let n = 2; codes.has(code) || (!form.oid && given.has(`F.${code}`)); n++) code = `${base}_${n}`;
    codes.add(code);
    const oid = form.oid ?? `F.${code}`;
    if (oids.has(oid)) throw new Error(`Two forms share the OID ${oid}`);
    oids.add(oid);
    return { form, code, oid };
  });
}

function protocol(visits: InterchangeVisit[]): Node | undefined {
  if (visits.length === 0) return undefined;
  const sorted = [...visits].sort((a, b) => a.order - b.order);
  return el({}, { StudyEventRef: sorted.map((v) => el({ StudyEventOID: v.oid, OrderNumber: v.order, Mandatory: v.unscheduled ? 'No' : 'Yes' })) });
}

function studyEventDef(v: InterchangeVisit): Node {
  const refs = v.formOids.map((formOid, i) => el({ FormOID: formOid, OrderNumber: i + 1, Mandatory: 'Yes' }));
  return el({ OID: v.oid, Name: v.name, Repeating: v.unscheduled ? 'Yes' : 'No', Type: v.unscheduled ? 'Unscheduled' : 'Scheduled' }, { FormRef: refs });
}

/** The Study element (GlobalVariables, BasicDefinitions, MetaDataVersion MDV.1) of the metadata. */
function studyNode(study: InterchangeStudy): Node {
  const sink: Sink = { units: new Units(), itemGroups: [], items: [], codeLists: [], usesYesNo: false };
  const formDefs = planForms(study.forms).map(({ form, code, oid }) => formDef(form, oid, code, sink));
  if (sink.usesYesNo) sink.codeLists.push(codeList(YES_NO_CODE_LIST.oid, 'No Yes Response', YES_NO_CODE_LIST.items));
  const studyName = study.studyName || study.studyOid;
  const units = sink.units.nodes();
  return el(
    { OID: study.studyOid },
    {
      GlobalVariables: { StudyName: studyName, StudyDescription: studyName, ProtocolName: studyName },
      BasicDefinitions: units.length > 0 ? { MeasurementUnit: units } : undefined,
      MetaDataVersion: el(
        { OID: METADATA_VERSION_OID, Name: `${studyName} forms` },
        {
          Protocol: protocol(study.visits),
          StudyEventDef: study.visits.map(studyEventDef),
          FormDef: formDefs,
          ItemGroupDef: sink.itemGroups,
          ItemDef: sink.items,
          CodeList: sink.codeLists,
        },
      ),
    },
  );
}

/** The OID of the one MetaDataVersion the metadata export writes (ClinicalData refers to it). */
export const METADATA_VERSION_OID = 'MDV.1';

/** Just the <Study> element, for a file that goes on with AdminData and ClinicalData (clinical data export). */
export function studyMetadataXml(study: InterchangeStudy): string {
  return builder.build({ Study: studyNode(study) }) as string;
}

export function formsToOdm(study: InterchangeStudy, opts: { fileOid?: string; creationDateTime?: string } = {}): string {
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    ODM: el(
      {
        xmlns: ODM_NS,
        FileType: 'Snapshot',
        Granularity: 'Metadata',
        FileOID: opts.fileOid ?? `${study.studyOid}.FORMS`,
        CreationDateTime: opts.creationDateTime ?? new Date().toISOString(),
        ODMVersion: '1.3.2',
        Originator: 'CTP',
      },
      { Study: studyNode(study) },
    ),
  };
  return builder.build(doc) as string;
}
