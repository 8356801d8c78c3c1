// The interchange shapes and the ODM vocabulary both directions share. The API is re-exported from
// odm.ts; the writer (odm-write.ts) and reader (odm-read.ts) import from here to avoid a cycle.
import type { FormDefinition } from '@ctp/contracts';

export const FORM_CATEGORIES = ['Baseline', 'Visit', 'Safety', 'Lab', 'Medication', 'PRO'] as const;
export type FormCategory = (typeof FORM_CATEGORIES)[number];

export interface InterchangeForm {
  /** FormDef Name. */
  name: string;
  /** FormDef OID, e.g. 'F.AE'. */
  oid?: string;
  category?: FormCategory;
  description?: string;
  version?: number;
  definition: FormDefinition;
}
/** A StudyEventDef and its FormRefs. */
export interface InterchangeVisit {
  oid: string;
  name: string;
  order: number;
  formOids: string[];
  /** Forms entered outside the schedule (logs): a repeating, unscheduled StudyEventDef. */
  unscheduled?: boolean;
}
export interface InterchangeStudy {
  studyOid: string;
  studyName: string;
  forms: InterchangeForm[];
  visits: InterchangeVisit[];
}

/** An ODM file that cannot be imported. The message is safe to show: it names OIDs, never other file content. */
export class OdmImportError extends Error {
  override name = 'OdmImportError';
}

export const ODM_NS = 'http://www.cdisc.org/ns/odm/v1.3';

/** The shared yes/no code list every yesNo field refers to (CDISC NY codes). */
export const YES_NO_CODE_LIST = { oid: 'CL.NY', items: [{ code: 'Y', label: 'Yes' }, { code: 'N', label: 'No' }] } as const;

/**
 * Alias contexts carrying what ODM 1.3.2 has no element for. The plain XSD allows no foreign
 * namespace (its *ElementExtension groups are empty), so these travel as <Alias Context=".."
 * Name="..">, which ItemDef, ItemGroupDef, FormDef and CodeList accept (each context at most once per
 * element: the XSD's UC-*-Alias unique constraints). JSON values are JSON text in Name.
 */
export const CTP_ALIAS = {
  /** ItemDef / ItemGroupDef: skip logic, JSON-logic. */
  showIf: 'ctp:showIf',
  /** ItemDef: the value a new entry starts with, as JSON ("MILD", 5). */
  defaultValue: 'ctp:default',
  /** ItemDef of a calculated field: its JSON-logic formula (Origin="Derived" also marks it). */
  formula: 'ctp:formula',
  /** ItemDef: Name="Yes" for a multiple-choice field (ODM has one CodeListRef either way). */
  multiple: 'ctp:multiple',
  /** ItemDef: Name="Yes" for a long (multi-line) text field; both are DataType text. */
  longText: 'ctp:longText',
  /** ItemGroupDef of a repeating group: the group's field code (Name is its label, Description its help text). */
  code: 'ctp:code',
  /** ItemGroupDef of a repeating group: {"minRows":0,"maxRows":50}. */
  rows: 'ctp:rows',
  /** FormDef: the form category (Baseline, Visit, ...). */
  category: 'ctp:category',
  /** FormDef: the form version number. */
  version: 'ctp:version',
  /** FormDef: the edit checks, the definition's `checks` JSON array (every kind, ranges included). */
  checks: 'ctp:checks',
  /** FormDef: top-level field codes in order, written when a repeating group precedes a scalar field. */
  order: 'ctp:order',
} as const;

/** Standard alias contexts for the mapping targets. */
export const SDTM_CONTEXT = 'SDTM';
export const CDASH_CONTEXT = 'CDASH';
