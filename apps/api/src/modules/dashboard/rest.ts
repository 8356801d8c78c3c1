// The spec's dashboard REST paths: thin doors into the same procedures.
import { Router } from 'express';
import type { CallerFor } from '../../rest-caller.ts';

export function dashboardRest(caller: CallerFor) {
  const r = Router();
  r.get(
    '/dashboard/overview',
    async (req, res) => void res.json(await caller(req, res).dashboard.overview()),
  );
  r.get(
    '/dashboard/insights',
    async (req, res) => void res.json(await caller(req, res).dashboard.insights()),
  );
  r.get(
    '/quality-insights',
    async (req, res) => void res.json(await caller(req, res).dashboard.qualityInsights()),
  );
  r.get(
    '/compliance-status',
    async (req, res) => void res.json(await caller(req, res).dashboard.complianceStatus()),
  );
  return r;
}
