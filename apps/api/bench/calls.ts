// The calls measured by the benchmark: the procedures behind the dashboard and the studies, sites,
// patients and CTMS screens.
export interface BenchIds {
  studyId: number;
  studyCode: string;
  siteId: number;
}

const trpcGet = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

export function benchCalls(ids: BenchIds) {
  return [
    { name: 'patients.list', path: trpcGet('patients.list', { limit: 24, offset: 0 }) },
    { name: 'patients.list page 200', path: trpcGet('patients.list', { limit: 24, offset: 4800 }) },
    { name: 'patients.list studyId', path: trpcGet('patients.list', { studyId: ids.studyId, limit: 24 }) },
    { name: 'patients.list siteId', path: trpcGet('patients.list', { siteId: ids.siteId, limit: 24 }) },
    { name: 'patients.list status', path: trpcGet('patients.list', { status: 'withdrawn', limit: 24 }) },
    { name: 'patients.list search', path: trpcGet('patients.list', { search: 'munich', limit: 24 }) },
    { name: 'patients.list all filters', path: trpcGet('patients.list', { studyId: ids.studyId, status: 'enrolled', search: ids.studyCode.split('-')[0]!.toLowerCase(), limit: 24 }) },
    { name: 'patients.summary', path: trpcGet('patients.summary', {}) },
    { name: 'studies.list', path: trpcGet('studies.list', { limit: 24 }) },
    { name: 'studies.byId', path: trpcGet('studies.byId', { id: ids.studyId }) },
    { name: 'sites.list', path: trpcGet('sites.list', { limit: 24 }) },
    { name: 'sites.summary', path: trpcGet('sites.summary', {}) },
    { name: 'trials.summary (CTMS)', path: trpcGet('trials.summary') },
    { name: 'trials.list (CTMS)', path: trpcGet('trials.list', { limit: 24 }) },
    { name: 'GET /api/patients', path: '/api/patients?limit=24' },
    { name: 'GET /api/dashboard/overview', path: '/api/dashboard/overview' },
    { name: 'GET /api/dashboard/insights', path: '/api/dashboard/insights' },
    { name: 'GET /api/quality-insights', path: '/api/quality-insights' },
    { name: 'GET /api/compliance-status', path: '/api/compliance-status' },
    { name: 'dashboard.badges', path: trpcGet('dashboard.badges') },
  ];
}
