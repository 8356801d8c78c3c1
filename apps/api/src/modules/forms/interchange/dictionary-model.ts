// The CSV data dictionary's error type and columns: REDCap's first thirteen, in REDCap's order and
// spelling, then ours for what REDCap lacks. Import finds columns by name (case, spacing and
// punctuation ignored, short names such as "Choices" or "Branching Logic" accepted) and ignores
// columns it does not know, such as REDCap's Custom Alignment or Field Annotation.

/** A dictionary that cannot be imported; the message names the row (the header is row 1). */
export class DictionaryImportError extends Error {
  override name = 'DictionaryImportError';
}

export const COLUMNS = {
  variable: 'Variable / Field Name',
  form: 'Form Name',
  section: 'Section Header',
  fieldType: 'Field Type',
  label: 'Field Label',
  choices: 'Choices, Calculations, OR Slider Labels',
  note: 'Field Note',
  validation: 'Text Validation Type OR Show Slider Number',
  min: 'Text Validation Min',
  max: 'Text Validation Max',
  identifier: 'Identifier?',
  branching: 'Branching Logic (Show field only if...)',
  required: 'Required Field?',
  // Ours. The field type itself, since REDCap's types cannot tell text from a partial date.
  ctpType: 'CTP Field Type',
  unit: 'Unit',
  decimals: 'Decimals',
  rangeSeverity: 'Range Severity',
  rangeMessage: 'Range Message',
  maxLength: 'Max Length',
  sdtmTarget: 'SDTM Target',
  cdashVariable: 'CDASH Variable',
  /** On a repeating group's fields: the group's code. The group itself has a row of its own. */
  group: 'Group',
  minRows: 'Min Rows',
  maxRows: 'Max Rows',
  /** The source of truth for skip logic; Branching Logic is written alongside when REDCap can say it. */
  showIf: 'Show If (JSON Logic)',
  /** The source of truth for a calculated field; the REDCap form goes to Choices, Calculations... */
  formula: 'Formula (JSON Logic)',
  /** The value a new entry starts with, as JSON ("MILD", 5); a bare word is read as text. */
  defaultValue: 'Default Value (JSON)',
  // Form-level values, written on each form's first row (import takes the first non-empty one).
  formOid: 'Form OID',
  formCategory: 'Form Category',
  formDescription: 'Form Description',
  formVersion: 'Form Version',
  formChecks: 'Form Checks (JSON)',
} as const;
export type ColumnKey = keyof typeof COLUMNS;

/** Other names import accepts for a column. */
export const COLUMN_ALIASES: Partial<Record<ColumnKey, string[]>> = {
  variable: ['Variable', 'Field Name', 'Variable Name'],
  choices: ['Choices', 'Choices, Calculations'],
  validation: ['Text Validation Type', 'Validation Type'],
  min: ['Min', 'Text Validation Min'],
  max: ['Max', 'Text Validation Max'],
  identifier: ['Identifier'],
  branching: ['Branching Logic', 'Show field only if'],
  required: ['Required Field', 'Required'],
  defaultValue: ['Default Value', 'Default'],
};

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** REDCap field types by our type (repeating groups get a descriptive row: REDCap has no such field). */
export const REDCAP_TYPE = {
  text: 'text',
  longText: 'notes',
  integer: 'text',
  decimal: 'text',
  date: 'text',
  partialDate: 'text',
  time: 'text',
  singleChoice: 'radio',
  multipleChoice: 'checkbox',
  yesNo: 'yesno',
  calculated: 'calc',
  repeatingGroup: 'descriptive',
} as const;
