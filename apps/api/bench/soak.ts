// The mixed-workload soak: several roles at once for a minute, reads and writes together (50
// connections by default), against the server the benchmark started. Reports errors (goal 0: a
// non-2xx answer or a failed connection), p50/p99 latency and throughput, per role and overall.
import autocannon from 'autocannon';
import type pg from 'pg';

export interface SoakOptions {
  base: string;
  seconds: number;
  connections: number;
  login(email: string): Promise<string>;
  db<T>(work: (c: pg.Client) => Promise<T>): Promise<T>;
}

export interface SoakRow {
  role: string;
  connections: number;
  requests: number;
  errors: number;
  p50: number;
  p99: number;
  rps: number;
}

const get = (procedure: string, input?: unknown): autocannon.Request => ({
  method: 'GET',
  path: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
});

/** The studies (and site) a demo user works in, from its memberships. */
async function membershipOf(opts: SoakOptions, email: string): Promise<{ studyId: number; siteId: number }> {
  return opts.db(async (c) => {
    const { rows } = await c.query(
      `select m.study_id as "studyId", coalesce(m.site_id, (select ss.site_id from study_sites ss where ss.study_id = m.study_id and ss.status = 'active' order by ss.site_id limit 1)) as "siteId"
         from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
        where u.email = $1 and s.status in ('active', 'enrolling') order by m.study_id limit 1`,
      [email],
    );
    if (!rows[0]?.siteId) throw new Error(`${email} has no active study with an active site`);
    return rows[0];
  });
}

export async function runSoak(opts: SoakOptions): Promise<SoakRow[]> {
  const investigator = await membershipOf(opts, 'investigator@demo.local');
  // The investigator's study's adverse event report and a subject of its site: a form submission per loop.
  const entry = await opts.db(async (c) => {
    const { rows } = await c.query(
      `select (select id from forms where study_id = $1 and library_domain = 'AE' and status = 'active' limit 1) as "formId",
              (select id from patients where study_id = $1 and site_id = $2 order by id limit 1) as "patientId"`,
      [investigator.studyId, investigator.siteId],
    );
    return rows[0] as { formId: number | null; patientId: number | null };
  });
  const studyManager = await membershipOf(opts, 'study-manager@demo.local');
  const write = (procedure: string, body: unknown): autocannon.Request => ({
    method: 'POST',
    path: `/trpc/${procedure}`,
    headers: { 'content-type': 'application/json', origin: opts.base },
    body: JSON.stringify(body),
  });
  // Shares of the connections and what each role does, in a loop per connection.
  const workloads: { role: string; share: number; requests: autocannon.Request[] }[] = [
    {
      role: 'data-manager',
      share: 0.3,
      requests: [get('patients.list', { limit: 24 }), get('studies.list', { limit: 24 }), get('sites.list', { limit: 24 }), get('patients.list', { search: 'munich', limit: 24 }), get('dashboard.badges')],
    },
    {
      role: 'investigator',
      share: 0.2,
      requests: [
        get('patients.list', { studyId: investigator.studyId, limit: 24 }),
        write('patients.enroll', { studyId: investigator.studyId, siteId: investigator.siteId, screeningDate: '2026-11-20', yearOfBirth: 1975, sex: 'F', reason: 'Soak test screening' }),
        get('patients.summary', {}),
        ...(entry.formId && entry.patientId
          ? [write('submissions.save', { formId: entry.formId, patientId: entry.patientId, mode: 'submit', visitDate: '2026-11-20', formData: { AETERM: 'Soak test headache', AESEV: 'MILD', AEREL: 'NOT RELATED', AEOUT: 'RECOVERED/RESOLVED' } })]
          : []),
      ],
    },
    {
      role: 'study-manager',
      share: 0.2,
      requests: [
        get('trials.list', { limit: 24 }),
        write('trials.createBudgetLine', { studyId: studyManager.studyId, category: 'Monitoring', description: 'Soak test visit', plannedAmount: 1000, actualAmount: 800, reason: 'Soak test cost' }),
        get('studies.byId', { id: studyManager.studyId }),
      ],
    },
    { role: 'monitor', share: 0.15, requests: [get('patients.list', { status: 'enrolled', limit: 24 }), get('sites.summary', {}), get('studies.recentActivity', { studyId: studyManager.studyId })] },
    { role: 'sponsor', share: 0.15, requests: [get('trials.summary'), get('dashboard.overview'), get('trials.list', { limit: 24 })] },
  ];
  const cookies = await Promise.all(workloads.map((w) => opts.login(`${w.role}@demo.local`)));
  // Connections per role by share, the last role taking what rounding left, so they add up exactly.
  const shares = workloads.map((w) => Math.max(1, Math.floor(opts.connections * w.share)));
  shares[shares.length - 1] = Math.max(1, opts.connections - shares.slice(0, -1).reduce((a, b) => a + b, 0));
  const started = workloads.map((w, i) => {
    const connections = shares[i]!;
    return autocannon({ url: opts.base, connections, duration: opts.seconds, headers: { cookie: cookies[i]! }, requests: w.requests }).then((r) => ({
      role: w.role,
      connections,
      requests: r.requests.total,
      errors: r.errors + r.timeouts + r.non2xx,
      p50: r.latency.p50,
      p99: r.latency.p99,
      rps: Math.round(r.requests.average),
      histogram: r.latency,
    }));
  });
  const rows = await Promise.all(started);
  const total: SoakRow = {
    role: 'all',
    connections: rows.reduce((s, r) => s + r.connections, 0),
    requests: rows.reduce((s, r) => s + r.requests, 0),
    errors: rows.reduce((s, r) => s + r.errors, 0),
    // The overall p99 is the slowest role's p99 (autocannon keeps a histogram per instance).
    p50: Math.max(...rows.map((r) => r.p50)),
    p99: Math.max(...rows.map((r) => r.p99)),
    rps: rows.reduce((s, r) => s + r.rps, 0),
  };
  return [...rows.map(({ histogram: _h, ...r }) => r), total];
}
