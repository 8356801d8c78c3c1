// The calls measured by the benchmark: the procedures behind the dashboard and the studies, sites,
// patients and CTMS screens.
export interface BenchIds {
  studyId: number;
  studyCode: string;
  siteId: number;
  /** The study's published adverse event report form and one of its subjects (a form submission). */
  aeFormId: number;
  patientId: number;
}

export interface BenchCall {
  name: string;
  path: string;
  /** A POST body (a tRPC mutation); such calls are measured as the admin only (who may enter data). */
  body?: string;
}

const trpcGet = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

export function benchCalls(ids: BenchIds): BenchCall[] {
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
    { name: 'inclusions.list', path: trpcGet('inclusions.list', { studyId: ids.studyId, limit: 10 }) },
    { name: 'inclusions.list search', path: trpcGet('inclusions.list', { studyId: ids.studyId, search: '-01-', limit: 25 }) },
    { name: 'inclusions.list sort status', path: trpcGet('inclusions.list', { studyId: ids.studyId, sort: 'status', limit: 50 }) },
    { name: 'inclusions.list deep page', path: trpcGet('inclusions.list', { studyId: ids.studyId, sort: 'patientId', limit: 10, offset: 500 }) },
    { name: 'forms.list', path: trpcGet('forms.list', { limit: 12 }) },
    { name: 'queries.list', path: trpcGet('queries.list', { limit: 10 }) },
    { name: 'queries.list live high', path: trpcGet('queries.list', { live: true, priority: 'high', limit: 10 }) },
    { name: 'queries.summary (cards, tiles)', path: trpcGet('queries.summary', {}) },
    { name: 'search.global subject', path: trpcGet('search.global', { term: ids.studyCode.split('-')[0]!.slice(0, 3) + '-01-00' }) },
    { name: 'search.global words', path: trpcGet('search.global', { term: 'munich' }) },
    { name: 'etmf.list', path: trpcGet('etmf.list', { limit: 10 }) },
    { name: 'etmf.summary (tiles)', path: trpcGet('etmf.summary', {}) },
    { name: 'etmf.completeness one study', path: trpcGet('etmf.completeness', { studyId: ids.studyId }) },
    { name: 'GET /api/etmf-documents', path: '/api/etmf-documents?limit=10' },
    { name: 'ertms.list', path: trpcGet('ertms.list', { limit: 10 }) },
    { name: 'ertms.reports', path: trpcGet('ertms.reports', {}) },
    { name: 'audit.trail', path: trpcGet('audit.trail', { limit: 50 }) },
    { name: 'audit.trail one study', path: trpcGet('audit.trail', { studyId: ids.studyId, limit: 50 }) },
    { name: 'audit.trail form_submissions', path: trpcGet('audit.trail', { table: 'form_submissions', limit: 50 }) },
    {
      name: 'submissions.save (AE report)',
      path: '/trpc/submissions.save',
      body: JSON.stringify({ formId: ids.aeFormId, patientId: ids.patientId, mode: 'submit', visitDate: '2026-11-01', formData: { AETERM: 'Headache after dosing', AESEV: 'MILD', AEREL: 'POSSIBLY RELATED', AEOUT: 'RECOVERED/RESOLVED' } }),
    },
  ];
}
