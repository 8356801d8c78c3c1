// CDISC ODM 1.3.2 metadata import/export for eCRF form definitions: pure functions over strings.
// formsToOdm writes (odm-write.ts), odmToForms reads (odm-read.ts); odmToForms(formsToOdm(x))
// gives x back (after formDefinition defaults; a form without an OID comes back with the derived one).
//
// Mapping (FORM = the form's code: its OID without 'F.', else its name, upper-cased and sanitised):
// - Study: Study OID, GlobalVariables/StudyName; one MetaDataVersion (OID MDV.1); ODM FileType
//   Snapshot, Granularity Metadata, ODMVersion 1.3.2.
// - Visit -> StudyEventDef (Repeating No, Type Scheduled) with FormRefs in order, plus a Protocol
//   StudyEventRef whose OrderNumber is the visit's order.
// - Form -> FormDef (OID as given, else 'F.'+FORM; Repeating No; Description = description) with an
//   ItemGroupRef to IG.FORM (Repeating No) for its scalar fields, then one to IG.FORM.<code>
//   (Repeating Yes) per repeatingGroup field. A repeating group's ItemGroupDef: Name = label,
//   Description = help text, ItemGroupRef Mandatory = required.
// - Field -> ItemDef OID 'IT.FORM.<code>', Name = code. (ItemDef and CodeList OIDs carry the form
//   code because OIDs must be unique in a MetaDataVersion, and two forms may share a field code.)
//   DataType: text/longText -> text (Length = maxLength); integer -> integer; decimal -> float with
//   SignificantDigits = decimals; date, partialDate, time -> the same; singleChoice/multipleChoice/
//   yesNo -> text with a CodeListRef; calculated -> integer (0 decimals) or float, Origin="Derived".
//   Question/TranslatedText = label, Description = help text, MeasurementUnitRef to a MeasurementUnit
//   declared under BasicDefinitions, RangeCheck per bound (Comparator GE min / LE max, SoftHard from
//   the range severity, ErrorMessage = range message), Alias SDTM = sdtmTarget, Alias CDASH =
//   cdashVariable. ItemRef Mandatory = required, OrderNumber = position.
// - codeList -> CodeList 'CL.FORM.<code>' (DataType text), CodeListItem CodedValue + Decode. yesNo ->
//   the shared CodeList CL.NY (Y Yes, N No).
// - What ODM 1.3.2 has no element for travels in Alias elements (a foreign namespace would break the
//   plain XSD), JSON in Name; see CTP_ALIAS in odm-model.ts: ctp:showIf, ctp:formula, ctp:multiple,
//   ctp:longText, ctp:default (the default value) on ItemDefs; ctp:code, ctp:showIf, ctp:rows on repeating ItemGroupDefs;
//   ctp:category, ctp:version, ctp:checks (all edit checks, as the definition's JSON array) and
//   ctp:order on FormDefs. Elements follow the XSD's sequence order (Alias comes last).
// - Not carried: a range with neither min nor max (it checks nothing).
//
// Import also takes plain ODM from other tools: Name, SASFieldName or the CDASH alias becomes the code
// (sanitised to a field code when none is one), the Question (else Name) the label; DataTypes without
// a counterpart (datetime, partialDatetime, URI...) become text, boolean becomes yesNo; any resolvable
// CodeListRef makes a singleChoice field; GE/GT and LE/LT RangeChecks make the range. The XML reader
// refuses a DOCTYPE and expands no entities beyond XML's own (odm-parse.ts).
export { FORM_CATEGORIES, OdmImportError, type FormCategory, type InterchangeForm, type InterchangeStudy, type InterchangeVisit } from './odm-model.ts';
export { formsToOdm } from './odm-write.ts';
export { odmToForms } from './odm-read.ts';
