// cdisc.*: the standards catalogue (Domains tab of /cdisc-standards). Reference data every role may read.
import { cdiscDomainsInput, cdiscVariablesInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { domainVariables, listDomains, listStandards } from './catalogue.ts';

const read = permitted('cdisc.read');

export const cdiscRouter = router({
  standards: read.query(({ ctx }) => listStandards(ctx.db)),
  domains: read.input(cdiscDomainsInput).query(({ ctx, input }) => listDomains(ctx.db, input)),
  variables: read.input(cdiscVariablesInput).query(({ ctx, input }) => domainVariables(ctx.db, input.domainId)),
});
