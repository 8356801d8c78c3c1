// CDISC standards catalogue: the domains of the loaded implementation guides (SDTMIG, CDASHIG; ADaM when
// one is loaded) and their variables. Domain fields are the spec's CDISC domain entity.
import { z } from 'zod';
import { id, pagination } from './common.ts';
import { searchTerm } from './input.ts';

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
  /** Approved mappings to this domain's variables; 0 until study mappings exist. */
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
}
