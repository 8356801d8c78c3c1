import { router } from './trpc.ts';
import { authRouter } from './modules/auth/router.ts';
import { apiTokensRouter } from './modules/auth/api-tokens-router.ts';
import { usersRouter } from './modules/users/router.ts';
import { mfaRouter } from './modules/mfa/router.ts';
import { teamsRouter } from './modules/teams/router.ts';
import { dashboardRouter } from './modules/dashboard/router.ts';
import { studiesRouter } from './modules/studies/router.ts';
import { trialsRouter } from './modules/trials/router.ts';
import { designRouter } from './modules/design/router.ts';
import { randomizationRouter } from './modules/randomization/router.ts';
import { supplyRouter } from './modules/supply/router.ts';
import { webhooksRouter } from './modules/webhooks/router.ts';
import { dataImportRouter } from './modules/data-import/router.ts';
import { sitesRouter } from './modules/sites/router.ts';
import { patientsRouter } from './modules/patients/router.ts';
import { formsRouter } from './modules/forms/router.ts';
import { submissionsRouter } from './modules/submissions/router.ts';
import { inclusionsRouter } from './modules/inclusions/router.ts';
import { visitsRouter } from './modules/visits/router.ts';
import { queriesRouter } from './modules/queries/router.ts';
import { auditRouter } from './modules/audit/router.ts';
import { casebookRouter } from './modules/casebook/router.ts';
import { clinicalDataRouter } from './modules/clinical-data/router.ts';
import { siteArchivesRouter } from './modules/site-archives/router.ts';
import { complianceRouter } from './modules/compliance/router.ts';
import { notificationsRouter } from './modules/notifications/router.ts';
import { searchRouter } from './modules/search/router.ts';
import { etmfRouter } from './modules/etmf/router.ts';
import { codingRouter } from './modules/coding/router.ts';
import { ertmsRouter } from './modules/ertms/router.ts';
import { protocolRouter } from './modules/protocol/router.ts';
import { usdmRouter } from './modules/usdm/router.ts';
import { analyticsRouter } from './modules/analytics/router.ts';
import { cdiscRouter } from './modules/cdisc/router.ts';
import { sdtmRouter } from './modules/cdisc/sdtm/router.ts';
import { validationRouter } from './modules/cdisc/validation/router.ts';
import { corePackageRouter } from './modules/cdisc/validation/package/router.ts';

export const appRouter = router({
  auth: authRouter,
  apiTokens: apiTokensRouter,
  users: usersRouter,
  mfa: mfaRouter,
  teams: teamsRouter,
  dashboard: dashboardRouter,
  studies: studiesRouter,
  trials: trialsRouter,
  design: designRouter,
  randomization: randomizationRouter,
  supply: supplyRouter,
  webhooks: webhooksRouter,
  dataImport: dataImportRouter,
  sites: sitesRouter,
  patients: patientsRouter,
  forms: formsRouter,
  submissions: submissionsRouter,
  inclusions: inclusionsRouter,
  visits: visitsRouter,
  queries: queriesRouter,
  audit: auditRouter,
  casebook: casebookRouter,
  clinicalData: clinicalDataRouter,
  siteArchives: siteArchivesRouter,
  compliance: complianceRouter,
  notifications: notificationsRouter,
  search: searchRouter,
  etmf: etmfRouter,
  coding: codingRouter,
  ertms: ertmsRouter,
  protocol: protocolRouter,
  usdm: usdmRouter,
  analytics: analyticsRouter,
  cdisc: cdiscRouter,
  sdtm: sdtmRouter,
  validation: validationRouter,
  corePackage: corePackageRouter,
});

export type AppRouter = typeof appRouter;
