// CDISC ODM 1.3.2 metadata -> form definitions: our own exports (exactly, see odm.ts) and plain ODM
// from other tools (leniently: see odm-read-item.ts). Each form is validated with formDefinition;
// a failure becomes an OdmImportError naming the form and item by OID.
import { formDefinition } from '@ctp/contracts';
import { clip, compact, pickCode } from './codes.ts';
import { CTP_ALIAS, FORM_CATEGORIES, OdmImportError, type FormCategory, type InterchangeForm, type InterchangeStudy, type InterchangeVisit } from './odm-model.ts';
import { aliasJson, aliasMap, attr, byOid, child, kids, parseOdm, q, sortRefs, textIn, textOf, type XNode } from './odm-parse.ts';
import { commonParts, itemToField, type FieldDraft, type OdmIndex } from './odm-read-item.ts';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
}

// zod's own messages never quote the input; the schema's custom ones may quote a code or check id
// taken from the file (e.g. "Check X names an unknown field Y"), so those are shown only when they
// hold nothing but words and plain punctuation.
const PLAIN = /^[\p{L}\p{N}\s.,;:'()_–-]*$/u;
function issueMessage(issue: Issue): string {
  if (issue.code !== 'custom' || PLAIN.test(issue.message)) return q(issue.message, 200);
  return 'the definition names a duplicate or unknown code';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numberOrUndefined = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** A repeating ItemGroupDef as a repeatingGroup field (its sub-fields are added by the caller). */
function groupField(ig: XNode, required: boolean, used: Set<string>): FieldDraft {
  const aliases = aliasMap(ig);
  const oid = attr(ig, 'OID');
  const name = attr(ig, 'Name');
  const oidTail = oid?.includes('IG.') ? oid.slice(oid.lastIndexOf('IG.') + 3) : oid;
  // Our files name the code in ctp:code; elsewhere Name is a caption unless it ends the OID.
  const nameIsCode = name !== undefined && oid !== undefined && (oid === name || oid.endsWith(`.${name}`));
  const code = pickCode([aliases.get(CTP_ALIAS.code), nameIsCode ? name : undefined], [oidTail, name], used, 'GROUP');
  const rows = aliasJson(aliases, CTP_ALIAS.rows, oid);
  return compact({
    code,
    type: 'repeatingGroup' as const,
    label: clip(name, 200) ?? code,
    helpText: clip(textIn(child(ig, 'Description')), 1000),
    required,
    ...commonParts(aliases, oid),
    minRows: isRecord(rows) ? numberOrUndefined(rows.minRows) : undefined,
    maxRows: isRecord(rows) ? numberOrUndefined(rows.maxRows) : undefined,
    fields: [],
  });
}

/** Zod issues as one message, naming items by OID (never echoing other file content). */
function issueText(formOid: string | undefined, issues: Issue[], fields: FieldDraft[], origin: Map<FieldDraft, string | undefined>): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const [top, i, sub, j] = issue.path;
    let where = '';
    if (top === 'fields' && typeof i === 'number') {
      const field = fields[i];
      const inner = sub === 'fields' && typeof j === 'number' && Array.isArray(field?.fields) ? (field.fields[j] as FieldDraft) : undefined;
      const at = inner ?? field;
      where = at ? `item ${q(origin.get(at))}: ` : '';
    } else if (top === 'checks' && typeof i === 'number') {
      where = `edit check ${i + 1} of ${CTP_ALIAS.checks}: `;
    }
    return `${where}${issueMessage(issue)}`;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  return `Form ${q(formOid)} cannot be imported: ${parts.join('; ')}${more}.`;
}

function importForm(fd: XNode, ix: OdmIndex): InterchangeForm {
  const formOid = attr(fd, 'OID');
  const aliases = aliasMap(fd);
  const used = new Set<string>();
  // The element each field came from, for error messages.
  const origin = new Map<FieldDraft, string | undefined>();
  const fields: FieldDraft[] = [];
  for (const ref of sortRefs(kids(fd, 'ItemGroupRef'))) {
    const igOid = attr(ref, 'ItemGroupOID');
    const ig = igOid ? ix.itemGroups.get(igOid) : undefined;
    if (!ig) throw new OdmImportError(`Form ${q(formOid)} refers to item group ${q(igOid)}, which the file does not define.`);
    const group = attr(ig, 'Repeating') === 'Yes' ? groupField(ig, attr(ref, 'Mandatory') === 'Yes', used) : undefined;
    const items = sortRefs(kids(ig, 'ItemRef')).map((itemRef) => {
      const itemOid = attr(itemRef, 'ItemOID');
      const def = itemOid ? ix.items.get(itemOid) : undefined;
      if (!def) throw new OdmImportError(`Item group ${q(igOid)} refers to item ${q(itemOid)}, which the file does not define.`);
      const field = itemToField(def, attr(itemRef, 'Mandatory') === 'Yes', ix, used);
      origin.set(field, itemOid);
      return field;
    });
    if (!group) fields.push(...items);
    else if (items.length > 0) {
      group.fields = items;
      origin.set(group, igOid);
      fields.push(group);
    }
  }
  // ctp:order restores a form that interleaves scalar fields and repeating groups.
  const order = aliasJson(aliases, CTP_ALIAS.order, formOid);
  if (Array.isArray(order)) {
    const position = new Map(order.map((code, i) => [code, i]));
    if (fields.every((f) => position.has(f.code))) fields.sort((a, b) => (position.get(a.code) ?? 0) - (position.get(b.code) ?? 0));
  }
  const checks = aliasJson(aliases, CTP_ALIAS.checks, formOid) ?? [];
  const parsed = formDefinition.safeParse({ fields, checks });
  if (!parsed.success) throw new OdmImportError(issueText(formOid, parsed.error.issues, fields, origin));

  const category = aliases.get(CTP_ALIAS.category);
  const version = Number(aliases.get(CTP_ALIAS.version));
  return compact({
    name: attr(fd, 'Name') ?? formOid ?? 'Form',
    oid: formOid,
    category: FORM_CATEGORIES.includes(category as FormCategory) ? (category as FormCategory) : undefined,
    description: textIn(child(fd, 'Description')),
    version: Number.isInteger(version) ? version : undefined,
    definition: parsed.data,
  });
}

/** StudyEventDefs with their FormRefs; the order comes from the Protocol's StudyEventRefs. */
function importVisits(mdv: XNode): InterchangeVisit[] {
  const order = new Map<string, number>();
  sortRefs(kids(child(mdv, 'Protocol'), 'StudyEventRef')).forEach((ref, i) => {
    const oid = attr(ref, 'StudyEventOID');
    const n = Number(attr(ref, 'OrderNumber'));
    if (oid) order.set(oid, Number.isFinite(n) ? n : i + 1);
  });
  return kids(mdv, 'StudyEventDef').flatMap((se, i) => {
    const oid = attr(se, 'OID');
    if (!oid) return [];
    const formOids = sortRefs(kids(se, 'FormRef'))
      .map((ref) => attr(ref, 'FormOID'))
      .filter((f): f is string => f !== undefined);
    return [{ oid, name: attr(se, 'Name') ?? oid, order: order.get(oid) ?? i + 1, formOids }];
  });
}

export function odmToForms(xml: string): InterchangeStudy {
  const odm = parseOdm(xml);
  const study = kids(odm, 'Study').find((s) => kids(s, 'MetaDataVersion').length > 0);
  const mdv = study ? kids(study, 'MetaDataVersion')[0] : undefined;
  if (!study || !mdv) throw new OdmImportError('The file has no MetaDataVersion, so it holds no form definitions to import.');
  const units = new Map<string, string>();
  for (const mu of kids(child(study, 'BasicDefinitions'), 'MeasurementUnit')) {
    const oid = attr(mu, 'OID');
    const symbol = textIn(child(mu, 'Symbol')) ?? attr(mu, 'Name');
    if (oid && symbol) units.set(oid, symbol);
  }
  const ix: OdmIndex = { itemGroups: byOid(kids(mdv, 'ItemGroupDef')), items: byOid(kids(mdv, 'ItemDef')), codeLists: byOid(kids(mdv, 'CodeList')), units };
  const studyOid = attr(study, 'OID') ?? '';
  return {
    studyOid,
    studyName: textOf(child(child(study, 'GlobalVariables'), 'StudyName')) ?? studyOid,
    forms: kids(mdv, 'FormDef').map((fd) => importForm(fd, ix)),
    visits: importVisits(mdv),
  };
}
