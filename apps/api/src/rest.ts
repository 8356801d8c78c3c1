// The spec's REST paths (section 7), each module contributing its own routes.
import { Router } from 'express';
import type { CallerFor } from './rest-caller.ts';
import { dashboardRest } from './modules/dashboard/rest.ts';

export function restRoutes(caller: CallerFor) {
  const r = Router();
  r.use(dashboardRest(caller));
  return r;
}
