// CDISC standards catalogue: the domains of the loaded implementation guides (SDTMIG, CDASHIG; ADaM when
// one is loaded) and their variables. Domain fields are the spec's CDISC domain entity.
import { z } from 'zod';
import { id, pagination, reason, version } from './common.ts';
import { searchTerm, text } from './input.ts';

/** The spec's domain types. */
export const CDISC_DOMAIN_TYPES = ['SDTM', 'CDASH', 'ADaM'] as const;
export type CdiscDomainType = (typeof CDISC_DOMAIN_TYPES)[number];
/** The Domains tab's type filter. */
export const CDISC_DOMAIN_FILTERS = ['All', ...CDISC_DOMAIN_TYPES] as const;
export type CdiscDomainFilter = (typeof CDISC_DOMAIN_FILTERS)[number];

export const cdiscDomainsInput = pagination.extend({
  /** Part of the domain code or name, any case. */
  search: searchTerm,
  type: z.enum(CDISC_DOMAIN_FILTERS).default('All'),
});
export type CdiscDomainsInput = z.input<typeof cdiscDomainsInput>;

export const cdiscVariablesInput = z.object({ domainId: id });

/** A domain card: the spec's fields, plus the standard it belongs to and its class and structure. */
export interface CdiscDomain {
  id: number;
  domainCode: string;
  domainName: string;
  domainType: CdiscDomainType;
  description: string | null;
  /** The standard's version (SDTMIG 3.4, CDASHIG 2.2). */
  version: string;
  variableCount: number;
  /** Approved study mappings to this SDTM domain (in the studies the user sees); 0 for CDASH datasets. */
  mappingCount: number;
  standard: string;
  class: string | null;
  structure: string | null;
}

export interface CdiscVariable {
  id: number;
  order: number;
  name: string;
  label: string;
  dataType: string;
  simpleType: 'Char' | 'Num';
  role: string | null;
  core: string | null;
  codelistCode: string | null;
  codelistName: string | null;
  notes: string | null;
  sdtmTargets: string | null;
}

export interface CdiscStandard {
  id: number;
  code: string;
  version: string;
  type: CdiscDomainType;
  label: string;
  source: string | null;
  loadedAt: string;
  domainCount: number;
  variableCount: number;
  /** Who imported it (full name); null for the shipped catalogue. */
  loadedBy: string | null;
  /** The imported file's name; null for the shipped catalogue. */
  fileName: string | null;
  /** The version the screens, mappings and SDTM tools read: the newest loaded of its code. */
  current: boolean;
}

/** POST /api/cdisc/standards: one CDISC Library XML export (SDTMIG or CDASHIG) in this multipart field. */
export const CDISC_STANDARD_UPLOAD_FIELD = 'file';
/** The answer to an import: the standard and version loaded, and what it holds. */
export interface CdiscStandardImported {
  standard: string;
  version: string;
  datasets: number;
  variables: number;
}

// --- Mapping suggestions (the AI Mappings tab; POST /api/cdisc/generate-mappings) -------------------

/** How a collected value becomes the SDTM value. */
export const MAPPING_LOGICS = ['direct copy', 'controlled-terminology recode', 'ISO 8601 date conversion', 'unit standardisation', 'to SUPPQUAL'] as const;
export type MappingLogic = (typeof MAPPING_LOGICS)[number];
export const MAPPING_STATUSES = ['suggested', 'approved', 'rejected'] as const;
export type MappingStatus = (typeof MAPPING_STATUSES)[number];
export type MappingOrigin = 'ai' | 'manual';

/** The spec's confidence colours (section 9): 0.9 and above green, 0.7 and above yellow, else red. */
export const CONFIDENCE_THRESHOLDS = { high: 0.9, medium: 0.7 } as const;
export function confidenceLevel(confidence: number): 'high' | 'medium' | 'low' {
  if (confidence >= CONFIDENCE_THRESHOLDS.high) return 'high';
  if (confidence >= CONFIDENCE_THRESHOLDS.medium) return 'medium';
  return 'low';
}

/** One piece of evidence behind a suggestion: where it comes from, its weight, and what it says. */
export interface MappingEvidence {
  source: 'cdash-library' | 'cdashig' | 'cosmos' | 'name' | 'label' | 'codelist' | 'datatype' | 'suppqual';
  weight: number;
  detail: string;
}

/**
 * A field of a form and its mapping: the spec's mapping suggestion fields (fieldName, suggestedDomain,
 * suggestedVariable, confidence, reasoning, mappingLogic), plus the row's id, status and version, the
 * test code of a findings mapping and the evidence. In Manual mode a field without a mapping has the
 * mapping fields null.
 */
export interface CdiscMapping {
  id: number | null;
  formId: number;
  fieldName: string;
  fieldPath: string;
  fieldLabel: string;
  fieldType: string;
  suggestedDomain: string | null;
  suggestedVariable: string | null;
  testCode: string | null;
  qnam: string | null;
  confidence: number | null;
  reasoning: string | null;
  mappingLogic: MappingLogic | null;
  evidence: MappingEvidence[];
  status: MappingStatus | null;
  origin: MappingOrigin | null;
  decidedBy: string | null;
  decidedAt: string | null;
  version: number | null;
}

const sdtmName = text('code').regex(/^[A-Z][A-Z0-9]{0,7}$/, 'Use an SDTM name: capital letters and digits, at most 8');
const testCode = text('code').regex(/^[A-Z0-9_]{1,8}$/, 'Use a test code: capital letters and digits, at most 8');

export const cdiscMappingsInput = z
  .object({ formId: id.optional(), studyId: id.optional(), status: z.enum(MAPPING_STATUSES).optional() })
  .refine((v) => v.formId !== undefined || v.studyId !== undefined, { message: 'Name a form or a study', path: ['formId'] });
export const cdiscGenerateMappingsInput = z.object({ formId: id, useAI: z.boolean().default(true) });
export const cdiscApproveMappingInput = z.object({ id, version, reason: reason.optional() });
export const cdiscRejectMappingInput = z.object({ id, version, reason });
export const cdiscEditMappingInput = z.object({
  formId: id,
  fieldPath: text('name').min(1),
  /** The version of the row being changed; absent when the field has no mapping yet. */
  version: version.optional(),
  domain: text('code').regex(/^[A-Z][A-Z0-9]{1,7}$/, 'Choose a domain'),
  variable: sdtmName,
  testCode: testCode.optional(),
  qnam: sdtmName.optional(),
  mappingLogic: z.enum(MAPPING_LOGICS).optional(),
  reason,
});
export type CdiscEditMappingInput = z.input<typeof cdiscEditMappingInput>;
export type CdiscEditMapping = z.output<typeof cdiscEditMappingInput>;
export const cdiscVariablesByDomainInput = z.object({ domain: text('code').regex(/^[A-Z][A-Z0-9]{1,7}$/, 'Choose a domain') });
export const cdiscSummaryInput = z.object({ studyId: id.optional() }).default({});

/** The header cards that mappings make computable. */
export interface CdiscSummary {
  /** Domains with at least one approved mapping. */
  mappedDomains: number;
  /** Domains the study's forms feed: their library domains and the target domains of their mappings. */
  fedDomains: number;
  /** Suggestions waiting for a decision. */
  pendingSuggestions: number;
  approvedMappings: number;
}
