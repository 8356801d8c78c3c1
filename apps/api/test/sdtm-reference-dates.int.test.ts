// SDTM of the seeded demo studies against what issue 25 found (items 2, 3, 4, 8, 9): DM's exposure dates
// (RFXSTDTC, RFXENDTC) are the earliest and latest EX dates of each subject; RFENDTC, the last exposure, is
// filled for every randomised subject with exposure recorded (the others are still on treatment); --ENRF
// only where RFENDTC is; EPOCH follows the design's elements (screening before the first dose, treatment to
// the last, follow-up from the day after), within the epochs TA names; the demo's adverse events are dated,
// serious or not, with an outcome and coded (AEDECOD); selection visits come before Day 0. Then the CORE
// rules CORE-000239, CORE-000191 and CORE-000177 on the generated packages: the largest study with adverse
// events (CORE-000191 only on the subjects still on treatment) and a completed study (none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStore, sql } from '@ctp/db';
import { createTestDatabase, TEST_STORAGE_DIR, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { awaitSdtmRun, startSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { validateSdtmRun } from '../src/modules/cdisc/validation/run.ts';
import { readDatasetJson } from '../src/modules/cdisc/formats/dataset-json.ts';

type Row = Record<string, string | number | boolean | null>;
interface Package {
  studyId: number;
  code: string;
  runId: number;
  datasets: Map<string, Row[]>;
  /** Findings of the three rules: core id → USUBJID and dataset of each. */
  findings: { coreId: string; dataset: string; variable: string | null; usubjid: string }[];
}

let t: TestDatabase;
const files = new BlobStore(TEST_STORAGE_DIR);
let aeStudy: Package;
let completedStudy: Package;
const RULES = ['CORE-000239', 'CORE-000191', 'CORE-000177'];

async function generate(studyId: number, code: string): Promise<Package> {
  const db = t.database.db;
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
  const { runId } = await startSdtmRun({ db, files, userId: admin.id, clientIp: null, studyId });
  await awaitSdtmRun(runId);
  expect((await db.selectFrom('sdtmRuns').select('status').where('id', '=', runId).executeTakeFirstOrThrow()).status).toBe('done');
  const datasets = new Map<string, Row[]>();
  for (const d of await db.selectFrom('sdtmRunDatasets').select(['domain', 'jsonSha256']).where('runId', '=', runId).execute()) {
    const chunks: Buffer[] = [];
    for await (const c of files.createReadStream(d.jsonSha256)) chunks.push(c as Buffer);
    const json = readDatasetJson(Buffer.concat(chunks));
    datasets.set(d.domain, json.rows.map((r) => Object.fromEntries(json.columns.map((c, k) => [c.name, r[k] ?? null]))));
  }
  const validationId = await validateSdtmRun({ db, files, userId: admin.id, clientIp: null, studyId, sdtmRunId: runId });
  const stored = await db.selectFrom('sdtmValidationFindings').select(['coreId', 'dataset', 'variable', 'record']).where('validationRunId', '=', validationId).where('coreId', 'in', RULES).execute();
  const findings = stored.map((f) => ({ coreId: f.coreId!, dataset: f.dataset, variable: f.variable, usubjid: String(datasets.get(f.dataset)![f.record! - 1]!.USUBJID) }));
  return { studyId, code, runId, datasets, findings };
}

const rowsOf = (p: Package, domain: string) => {
  const rows = p.datasets.get(domain);
  expect(rows, `${p.code} ${domain}`).toBeDefined();
  return rows!;
};
const bySubject = (rows: Row[]) => {
  const out = new Map<string, Row[]>();
  for (const r of rows) out.set(String(r.USUBJID), [...(out.get(String(r.USUBJID)) ?? []), r]);
  return out;
};
const day = (d: unknown) => String(d ?? '').slice(0, 10);

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const db = t.database.db;
  const ae = await sql<{ id: number; code: string }>`
    select st.id, st.code from studies st join forms f on f.study_id = st.id and f.code = 'AE_REPORT'
      join form_submissions s on s.form_id = f.id group by st.id, st.code order by count(*) desc, st.id limit 1`.execute(db);
  const done = await sql<{ id: number; code: string }>`
    select st.id, st.code from studies st where st.status = 'completed' and exists (select 1 from patients p where p.study_id = st.id) order by st.id limit 1`.execute(db);
  aeStudy = await generate(ae.rows[0]!.id, ae.rows[0]!.code);
  completedStudy = await generate(done.rows[0]!.id, done.rows[0]!.code);
}, 300_000);
afterAll(async () => {
  await t.cleanup();
});

describe('DM reference dates', () => {
  it('RFXSTDTC and RFXENDTC are the earliest EXSTDTC and the latest EXENDTC of each subject, empty without exposure', () => {
    for (const p of [aeStudy, completedStudy]) {
      const ex = bySubject(rowsOf(p, 'EX'));
      let withExposure = 0;
      for (const dm of rowsOf(p, 'DM')) {
        const records = ex.get(String(dm.USUBJID)) ?? [];
        if (!records.length) {
          expect([dm.RFXSTDTC, dm.RFXENDTC], String(dm.USUBJID)).toEqual([null, null]);
          continue;
        }
        withExposure += 1;
        const starts = records.map((r) => String(r.EXSTDTC)).sort();
        const ends = records.map((r) => String(r.EXENDTC ?? r.EXSTDTC)).sort();
        expect(dm.RFXSTDTC, String(dm.USUBJID)).toBe(starts[0]);
        expect(dm.RFXENDTC, String(dm.USUBJID)).toBe(ends[ends.length - 1]);
        // the demo's treatment starts on Day 0, the randomisation
        expect(dm.RFXSTDTC).toBe(dm.RFSTDTC);
      }
      expect(withExposure, p.code).toBeGreaterThan(0);
    }
  });

  it('RFENDTC is the last exposure of every randomised subject with exposure; the others are still on treatment', async () => {
    for (const p of [aeStudy, completedStudy]) {
      const dm = rowsOf(p, 'DM');
      const randomised = dm.filter((r) => r.ARM);
      const filled = randomised.filter((r) => r.RFENDTC);
      expect(filled.length, p.code).toBeGreaterThan(0);
      for (const r of filled) expect(r.RFENDTC).toBe(r.RFXENDTC);
      for (const r of dm.filter((x) => !x.ARM)) expect([r.RFSTDTC, r.RFENDTC], String(r.USUBJID)).toEqual([null, null]);
      // a randomised subject without RFENDTC has no exposure entry yet: treated from Day 0, its Day 28 not
      // yet reached or done, not withdrawn
      const missing = randomised.filter((r) => !r.RFENDTC).map((r) => String(r.USUBJID).slice(p.code.length + 1));
      if (missing.length) {
        const { rows } = await sql<{ subjectCode: string; days: number; withdrawn: boolean; exposure: number }>`
          select p.subject_code as "subjectCode", (${TEST_TODAY}::date - p.enrollment_date)::int as days, p.withdrawal_date is not null as withdrawn,
                 (select count(*)::int from form_submissions s join forms f on f.id = s.form_id and f.code = 'EX' where s.patient_id = p.id) as exposure
            from patients p where p.study_id = ${p.studyId} and p.subject_code in (${sql.join(missing)})`.execute(t.database.db);
        expect(rows.length).toBe(missing.length);
        for (const r of rows) {
          expect(r, r.subjectCode).toMatchObject({ withdrawn: false, exposure: 0 });
          expect(r.days, r.subjectCode).toBeLessThanOrEqual(31);
        }
      }
      if (p === completedStudy) expect(missing).toEqual([]);
      // RFPENDTC, the end of participation, is on or after the reference end
      for (const r of filled.filter((x) => x.RFPENDTC)) expect(day(r.RFPENDTC) >= day(r.RFENDTC), String(r.USUBJID)).toBe(true);
    }
  });

  it('--ENRF only for subjects with a reference end', () => {
    for (const p of [aeStudy, completedStudy]) {
      const rfen = new Map(rowsOf(p, 'DM').map((r) => [String(r.USUBJID), r.RFENDTC]));
      let enrf = 0;
      for (const domain of ['CM', 'MH']) {
        for (const r of p.datasets.get(domain) ?? []) {
          if (!r[`${domain}ENRF`]) continue;
          enrf += 1;
          expect(rfen.get(String(r.USUBJID)), `${domain} ${String(r.USUBJID)}`).toBeTruthy();
        }
      }
      expect(enrf, p.code).toBeGreaterThan(0);
    }
  });
});

describe('EPOCH by the elements of the design', () => {
  it('is screening before the first dose, treatment to the last dose and follow-up from the day after, within TA', () => {
    for (const p of [aeStudy, completedStudy]) {
      const epochs = new Set(rowsOf(p, 'TA').map((r) => r.EPOCH));
      expect(epochs).toEqual(new Set(['SCREENING', 'TREATMENT', 'FOLLOW-UP']));
      const dm = new Map(rowsOf(p, 'DM').map((r) => [String(r.USUBJID), r]));
      const counts: Record<string, number> = {};
      for (const domain of ['VS', 'LB']) {
        for (const r of rowsOf(p, domain)) {
          const s = dm.get(String(r.USUBJID))!;
          const d = day(r[`${domain}DTC`]);
          const first = day(s.RFXSTDTC ?? s.RFSTDTC);
          const want = !s.RFSTDTC || d < first ? 'SCREENING' : s.RFXENDTC && d > day(s.RFXENDTC) ? 'FOLLOW-UP' : 'TREATMENT';
          expect(r.EPOCH, `${domain} ${String(r.USUBJID)} ${d}`).toBe(want);
          expect(epochs.has(r.EPOCH)).toBe(true);
          counts[`${domain} ${want}`] = (counts[`${domain} ${want}`] ?? 0) + 1;
        }
      }
      // vital signs after the last dose (the study end visit) are follow-up, as are the study-end labs
      expect(counts['VS FOLLOW-UP'], p.code).toBeGreaterThan(0);
      expect(counts['LB FOLLOW-UP'], p.code).toBeGreaterThan(0);
      expect(counts['VS SCREENING'], p.code).toBeGreaterThan(0);
      expect(counts['LB TREATMENT'] ?? 0, p.code).toBe(0);
    }
  });
});

describe("the demo's adverse events and visits", () => {
  it('AE: every report dated, with seriousness, outcome and its coded term', () => {
    const ae = rowsOf(aeStudy, 'AE');
    expect(ae.length).toBeGreaterThan(0);
    const coded: Record<string, string> = { HEADACHE: 'Headache', NAUSEA: 'Nausea', FATIGUE: 'Fatigue', 'INJECTION SITE REACTION': 'Injection site reaction', DIZZINESS: 'Dizziness', 'UPPER RESPIRATORY TRACT INFECTION': 'Upper respiratory infection' };
    for (const r of ae) {
      expect(r.AESTDTC, String(r.USUBJID)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['Y', 'N']).toContain(r.AESER);
      expect(r.AEOUT).toBeTruthy();
      expect(r.AEDECOD).toBe(coded[String(r.AETERM).toUpperCase()]);
      expect(r.AEBODSYS).toBeTruthy();
      if (r.AEENDTC) expect(day(r.AEENDTC) >= day(r.AESTDTC)).toBe(true);
      expect(r.EPOCH).toBe('TREATMENT');
    }
    expect(ae.some((r) => r.AEENDTC)).toBe(true);
  });

  it('no selection visit on or after Day 0, in any study', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id and vd.code = 'SEL'
        join patients p on p.id = sv.patient_id where p.enrollment_date is not null and sv.actual_date >= p.enrollment_date`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
    for (const p of [aeStudy, completedStudy]) {
      const rfst = new Map(rowsOf(p, 'DM').map((r) => [String(r.USUBJID), r.RFSTDTC]));
      for (const sv of rowsOf(p, 'SV').filter((r) => r.VISIT === 'SELECTION VISIT' && rfst.get(String(r.USUBJID)))) {
        expect(day(sv.SVSTDTC) < day(rfst.get(String(sv.USUBJID))), String(sv.USUBJID)).toBe(true);
      }
    }
  });
});

describe('CORE-000239, CORE-000191 and CORE-000177 on the generated packages', () => {
  it('the completed study passes all three', () => {
    expect(completedStudy.findings).toEqual([]);
  });
  it('the study with the most adverse events: only CORE-000191, on the subjects still on treatment', () => {
    expect(aeStudy.findings.filter((f) => f.coreId !== 'CORE-000191')).toEqual([]);
    const onTreatment = rowsOf(aeStudy, 'DM').filter((r) => r.ARM && !r.RFENDTC).map((r) => String(r.USUBJID));
    expect(aeStudy.findings.map((f) => f.usubjid).sort()).toEqual(onTreatment.sort());
    for (const f of aeStudy.findings) expect(f).toMatchObject({ dataset: 'DM', variable: 'RFENDTC' });
  });
});
