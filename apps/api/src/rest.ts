// The spec's REST paths (section 7), each module contributing its own routes.
import { Router } from 'express';
import type { CallerFor } from './rest-caller.ts';
import { dashboardRest } from './modules/dashboard/rest.ts';
import { studiesRest } from './modules/studies/rest.ts';
import { sitesRest } from './modules/sites/rest.ts';
import { patientsRest } from './modules/patients/rest.ts';
import { formsRest } from './modules/forms/rest.ts';
import { queriesRest } from './modules/queries/rest.ts';
import { auditRest } from './modules/audit/rest.ts';
import { etmfRest } from './modules/etmf/rest.ts';
import { codingRest } from './modules/coding/rest.ts';
import { ertmsRest } from './modules/ertms/rest.ts';
import { protocolRest } from './modules/protocol/rest.ts';
import { cdiscRest } from './modules/cdisc/rest.ts';
import { cdiscStandardsRest } from './modules/cdisc/standards/rest.ts';
import { sdtmRest } from './modules/cdisc/sdtm/rest.ts';
import { usersRest } from './modules/users/rest.ts';
import { randomizationRest } from './modules/randomization/rest.ts';
import type { BlobStore } from '@ctp/db';

export function restRoutes(caller: CallerFor, files: BlobStore, uploadMaxMb: number) {
  const r = Router();
  r.use(dashboardRest(caller));
  r.use(studiesRest(caller));
  r.use(sitesRest(caller));
  r.use(patientsRest(caller));
  r.use(formsRest(caller));
  r.use(queriesRest(caller));
  r.use(auditRest(caller));
  r.use(etmfRest(caller, files, uploadMaxMb));
  r.use(ertmsRest(caller));
  r.use(protocolRest(caller, files.dir, uploadMaxMb));
  r.use(codingRest(caller, files));
  r.use(cdiscRest(caller));
  r.use(cdiscStandardsRest(caller, files.dir, uploadMaxMb));
  r.use(sdtmRest(caller, files));
  r.use(usersRest(caller));
  r.use(randomizationRest(caller));
  return r;
}
