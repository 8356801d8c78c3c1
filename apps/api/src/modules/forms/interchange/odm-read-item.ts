// One ItemDef -> one scalar field draft (validated later with the whole form by formDefinition).
// Files from other tools are read leniently: names that are not field codes are sanitised, texts
// longer than the schema allows are cut, identifiers that do not fit are left out, and unknown
// DataTypes become text. See odm.ts for the mapping.
import { FORM_LIMITS, TEXT_LIMITS, type FieldType } from '@ctp/contracts';
import { clip, compact, pickCode } from './codes.ts';
import { CDASH_CONTEXT, CTP_ALIAS, SDTM_CONTEXT, YES_NO_CODE_LIST } from './odm-model.ts';
import { aliasJson, aliasMap, attr, child, kids, textIn, textOf, type XNode } from './odm-parse.ts';

/** A field before schema validation. */
export type FieldDraft = { code: string; type: FieldType } & Record<string, unknown>;

/** What the MetaDataVersion defines, by OID. */
export interface OdmIndex {
  itemGroups: Map<string, XNode>;
  items: Map<string, XNode>;
  codeLists: Map<string, XNode>;
  /** MeasurementUnit OID -> its symbol. */
  units: Map<string, string>;
}

const FLOAT_TYPES = new Set(['float', 'double', 'hexFloat', 'base64Float']);
const PARTIAL_DATE_TYPES = new Set(['partialDate', 'incompleteDate']);
const TIME_TYPES = new Set(['time', 'partialTime', 'incompleteTime']);
const MAX_BOUND = 1e12;

/**
 * A code list by OID. Some files prefix OIDs inconsistently (the odmlib CDASH example refers to
 * CL.SEX and defines ODM.CL.SEX), so an OID that ends a single defined OID after a dot also matches.
 */
function findCodeList(ix: OdmIndex, oid: string): XNode | undefined {
  const exact = ix.codeLists.get(oid);
  if (exact) return exact;
  const matches = [...ix.codeLists.keys()].filter((k) => k.endsWith(`.${oid}`));
  return matches.length === 1 ? ix.codeLists.get(matches[0]!) : undefined;
}

/**
 * CodeListItems (or EnumeratedItems) as choices: the decode is the label (the coded value when it
 * has none). A coded value longer than a code may be (40) is cut; the label keeps the full text.
 */
function choices(list: XNode): { code: string; label: string }[] {
  const seen = new Set<string>();
  const out: { code: string; label: string }[] = [];
  for (const item of [...kids(list, 'CodeListItem'), ...kids(list, 'EnumeratedItem')]) {
    const value = attr(item, 'CodedValue');
    if (value === undefined) continue;
    let code = value.slice(0, TEXT_LIMITS.name).trim();
    for (let n = 2; seen.has(code); n++) code = `${value.slice(0, TEXT_LIMITS.name - String(n).length - 1).trim()}~${n}`;
    seen.add(code);
    out.push({ code, label: clip(textIn(child(item, 'Decode')) ?? value, TEXT_LIMITS.name) ?? code });
  }
  return out.slice(0, FORM_LIMITS.codeListItems);
}

/** GE/GT RangeChecks give the minimum, LE/LT the maximum; Hard on either makes the range hard. */
function range(def: XNode): Record<string, unknown> | undefined {
  let min: number | undefined;
  let max: number | undefined;
  let hard = false;
  let message: string | undefined;
  for (const check of kids(def, 'RangeCheck')) {
    const values = kids(check, 'CheckValue');
    const text = values.length === 1 ? textOf(values[0]) : undefined;
    const value = text === undefined ? NaN : Number(text);
    if (!Number.isFinite(value) || Math.abs(value) > MAX_BOUND) continue;
    const comparator = attr(check, 'Comparator');
    if (comparator === 'GE' || comparator === 'GT') min ??= value;
    else if (comparator === 'LE' || comparator === 'LT') max ??= value;
    else continue;
    hard ||= attr(check, 'SoftHard') === 'Hard';
    message ??= clip(textIn(child(check, 'ErrorMessage')), 500);
  }
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined && min > max) return undefined;
  return compact({ min, max, severity: hard ? 'hard' : 'soft', message });
}

function digits(def: XNode): number | undefined {
  const n = Number(attr(def, 'SignificantDigits'));
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : undefined;
}

/** The type-specific part of a field: from a formula, a code list, else the DataType. */
function typed(def: XNode, aliases: Map<string, string>, ix: OdmIndex, oid: string | undefined): { type: FieldType } & Record<string, unknown> {
  const dataType = attr(def, 'DataType') ?? 'text';
  const unitOid = attr(child(def, 'MeasurementUnitRef'), 'MeasurementUnitOID');
  const unitText = unitOid ? ix.units.get(unitOid) : undefined;
  const unit = unitText && unitText.length <= 20 ? unitText : undefined;
  const formula = aliasJson(aliases, CTP_ALIAS.formula, oid);
  if (formula !== undefined) {
    return compact({ type: 'calculated' as const, formula, decimals: dataType === 'integer' ? 0 : digits(def), unit });
  }
  const listOid = attr(child(def, 'CodeListRef'), 'CodeListOID');
  const list = listOid ? findCodeList(ix, listOid) : undefined;
  const items = list ? choices(list) : [];
  if (listOid === YES_NO_CODE_LIST.oid && items.length > 0 && items.every((i) => i.code === 'Y' || i.code === 'N')) return { type: 'yesNo' };
  if (items.length > 0) return { type: aliases.get(CTP_ALIAS.multiple) === 'Yes' ? 'multipleChoice' : 'singleChoice', codeList: items };
  if (dataType === 'integer') return compact({ type: 'integer' as const, unit, range: range(def) });
  if (FLOAT_TYPES.has(dataType)) return compact({ type: 'decimal' as const, decimals: digits(def), unit, range: range(def) });
  if (dataType === 'date') return { type: 'date' };
  if (PARTIAL_DATE_TYPES.has(dataType)) return { type: 'partialDate' };
  if (TIME_TYPES.has(dataType)) return { type: 'time' };
  if (dataType === 'boolean') return { type: 'yesNo' };
  // text, string, and every DataType without a counterpart here (datetime, partialDatetime, URI...).
  const length = Number(attr(def, 'Length'));
  const maxLength = Number.isInteger(length) && length >= 1 ? Math.min(length, 4000) : undefined;
  return compact({ type: aliases.get(CTP_ALIAS.longText) === 'Yes' ? ('longText' as const) : ('text' as const), maxLength });
}

/**
 * The field code. Name when it is the code: a valid code that also ends the OID (our own files write
 * Name = code and OID IT.FORM.code; CDASH files often do the same). Otherwise Name is a caption
 * ("Site", "Height"), so SASFieldName or the CDASH alias come first, then the CDASH alias, the OID
 * after 'IT.', SASFieldName and Name sanitised.
 */
function codeOf(def: XNode, aliases: Map<string, string>, used: Set<string>): string {
  const name = attr(def, 'Name');
  const sas = attr(def, 'SASFieldName');
  const cdash = aliases.get(CDASH_CONTEXT);
  const oid = attr(def, 'OID') ?? '';
  const oidTail = oid.includes('IT.') ? oid.slice(oid.lastIndexOf('IT.') + 3) : oid;
  const nameIsCode = name !== undefined && (oid === name || oid.endsWith(`.${name}`));
  return pickCode(nameIsCode ? [name] : [sas, cdash], [cdash, oidTail, sas, name], used, 'ITEM');
}

/** The parts every field has, from an ItemDef or ItemGroupDef's texts and aliases. */
/** A ctp:default alias: a JSON string or number (anything else is left to the form's own checks to refuse). */
const defaultValueOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : undefined);

export function commonParts(aliases: Map<string, string>, oid: string | undefined) {
  const cdash = aliases.get(CDASH_CONTEXT);
  return {
    showIf: aliasJson(aliases, CTP_ALIAS.showIf, oid),
    defaultValue: defaultValueOf(aliasJson(aliases, CTP_ALIAS.defaultValue, oid)),
    sdtmTarget: clip(aliases.get(SDTM_CONTEXT) ?? aliases.get('CDASH/SDTM'), TEXT_LIMITS.name),
    cdashVariable: cdash !== undefined && cdash.length <= TEXT_LIMITS.code ? cdash : undefined,
  };
}

export function itemToField(def: XNode, required: boolean, ix: OdmIndex, used: Set<string>): FieldDraft {
  const aliases = aliasMap(def);
  const oid = attr(def, 'OID');
  const code = codeOf(def, aliases, used);
  const label = clip(textIn(child(def, 'Question')) ?? attr(def, 'Name'), TEXT_LIMITS.name) ?? code;
  return compact({
    code,
    label,
    helpText: clip(textIn(child(def, 'Description')), 1000),
    required,
    ...commonParts(aliases, oid),
    ...typed(def, aliases, ix, oid),
  });
}
