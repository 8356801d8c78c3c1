// cdisc.*: the standards catalogue (Domains tab of /cdisc-standards), reference data every role may
// read; and a study's form-field-to-SDTM mappings (AI Mappings tab): read with cdisc.read within the
// user's studies, generated, approved, edited and rejected with cdisc.map (admin, data manager); a newer
// SDTMIG or CDASHIG imported with cdisc.import (admin, data manager).
import {
  cdiscApproveMappingInput,
  cdiscDomainsInput,
  cdiscEditMappingInput,
  cdiscGenerateMappingsInput,
  cdiscMappingsInput,
  cdiscRejectMappingInput,
  cdiscSummaryInput,
  cdiscVariablesByDomainInput,
  cdiscVariablesInput,
} from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { domainVariables, listDomains } from './catalogue.ts';
import { listStandards } from './standards/list.ts';
import { importStandard } from './standards/import.ts';
import { approveMapping, editMapping, generateMappings, listMappings, mappingSummary, rejectMapping, variablesByDomain } from './mapping/service.ts';

const read = permitted('cdisc.read');
const map = permitted('cdisc.map');
const importing = permitted('cdisc.import');

export const cdiscRouter = router({
  standards: read.query(({ ctx }) => listStandards(ctx.db)),
  // The upload arrives through POST /api/cdisc/standards (the context carries it); over tRPC alone it has no file.
  importStandard: importing.mutation(({ ctx }) => importStandard(ctx)),
  domains: read.input(cdiscDomainsInput).query(({ ctx, input }) => listDomains(ctx.db, input, ctx.scope)),
  variables: read.input(cdiscVariablesInput).query(({ ctx, input }) => domainVariables(ctx.db, input.domainId, ctx.scope)),
  variablesByDomain: read.input(cdiscVariablesByDomainInput).query(({ ctx, input }) => variablesByDomain(ctx.db, input.domain)),
  mappings: read.input(cdiscMappingsInput).query(({ ctx, input }) => listMappings(ctx, input)),
  summary: read.input(cdiscSummaryInput).query(({ ctx, input }) => mappingSummary(ctx, input.studyId)),
  generateMappings: map.input(cdiscGenerateMappingsInput).mutation(({ ctx, input }) => generateMappings(ctx, input)),
  approveMapping: map.input(cdiscApproveMappingInput).mutation(({ ctx, input }) => approveMapping(ctx, input)),
  editMapping: map.input(cdiscEditMappingInput).mutation(({ ctx, input }) => editMapping(ctx, input)),
  rejectMapping: map.input(cdiscRejectMappingInput).mutation(({ ctx, input }) => rejectMapping(ctx, input)),
});
