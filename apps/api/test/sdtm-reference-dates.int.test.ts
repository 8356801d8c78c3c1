// SDTM of the seeded demo studies against what issue 25 found (items 2, 3, 4, 8, 9): DM's exposure dates
// (RFXSTDTC, RFXENDTC) are the earliest EXSTDTC and the latest EXENDTC (EXSTDTC where a record has no end) of
// each subject; the demo records exposure from the first dose (Day 0, the randomisation), its end once the
// treatment ends, so every randomised subject has exposure and RFENDTC (the last exposure); a subject still
// on treatment has an administration without an end and RFXENDTC = its start; --ENRF only where RFENDTC is;
// EPOCH follows the design's elements (screening before the first dose, treatment to the last, follow-up from
// the day after; while on treatment, from the end of the treatment element's planned duration), within the
// epochs TA names; the demo's adverse events are dated, serious or not, with an outcome and coded (AEDECOD);
// selection visits come before Day 0; no subject has an arm before its Day 0. Then the CORE rules
// CORE-000239, CORE-000191 and CORE-000177 on the generated package of every demo study with randomised
// subjects: none finds anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStore, sql } from '@ctp/db';
import { createTestDatabase, TEST_STORAGE_DIR, TEST_TODAY, type TestDatabase } from './support/db.ts';
import { awaitSdtmRun, startSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { validateSdtmRun } from '../src/modules/cdisc/validation/run.ts';
import { readDatasetJson } from '../src/modules/cdisc/formats/dataset-json.ts';
import { durationDays } from '../src/modules/cdisc/sdtm/epochs.ts';
import { localJobQueue } from '../src/background.ts';
import type { JobQueue } from '../src/jobs/queue.ts';

type Row = Record<string, string | number | boolean | null>;
interface Package {
  studyId: number;
  code: string;
  runId: number;
  datasets: Map<string, Row[]>;
  /** Findings of the three rules: core id → USUBJID and dataset of each. */
  findings: { coreId: string; dataset: string; variable: string | null; usubjid: string }[];
}

/** Enrolled subjects without an arm in a study randomizing with a live scheme: waiting to be randomized. */
const waitingToBeRandomized = async () =>
  (
    await sql<{ subjectCode: string }>`
      select p.subject_code as "subjectCode" from patients p
       where p.actual_arm_id is null and p.enrollment_date is not null
         and exists (select 1 from randomization_schemes rs where rs.study_id = p.study_id and rs.kind = 'production' and rs.status = 'live')`.execute(t.database.db)
  ).rows;

let t: TestDatabase;
const files = new BlobStore(TEST_STORAGE_DIR);
let jobs: JobQueue;
let aeStudy: Package;
let completedStudy: Package;
/** Every demo study with randomised subjects (aeStudy and completedStudy among them). */
let studies: Package[];
const RULES = ['CORE-000239', 'CORE-000191', 'CORE-000177'];

async function generate(studyId: number, code: string): Promise<Package> {
  const db = t.database.db;
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
  const { runId } = await startSdtmRun({ db, files, jobs: (jobs ??= localJobQueue(db, files)), userId: admin.id, clientIp: null, studyId });
  await awaitSdtmRun(runId);
  expect((await db.selectFrom('sdtmRuns').select('status').where('id', '=', runId).executeTakeFirstOrThrow()).status).toBe('done');
  const datasets = new Map<string, Row[]>();
  for (const d of await db.selectFrom('sdtmRunDatasets').select(['domain', 'jsonSha256']).where('runId', '=', runId).execute()) {
    const chunks: Buffer[] = [];
    for await (const c of files.createReadStream(d.jsonSha256)) chunks.push(c as Buffer);
    const json = readDatasetJson(Buffer.concat(chunks));
    datasets.set(d.domain, json.rows.map((r) => Object.fromEntries(json.columns.map((c, k) => [c.name, r[k] ?? null]))));
  }
  const validationId = await validateSdtmRun({ db, files, jobs, userId: admin.id, clientIp: null, studyId, sdtmRunId: runId });
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
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const db = t.database.db;
  const randomised = await sql<{ id: number; code: string }>`
    select st.id, st.code from studies st where exists (select 1 from patients p where p.study_id = st.id and p.actual_arm_id is not null) order by st.id`.execute(db);
  const ae = await sql<{ id: number }>`
    select st.id from studies st join forms f on f.study_id = st.id and f.code = 'AE_REPORT'
      join form_submissions s on s.form_id = f.id group by st.id order by count(*) desc, st.id limit 1`.execute(db);
  const done = await sql<{ id: number }>`
    select st.id from studies st where st.status = 'completed' and exists (select 1 from patients p where p.study_id = st.id) order by st.id limit 1`.execute(db);
  studies = [];
  for (const st of randomised.rows) studies.push(await generate(st.id, st.code));
  aeStudy = studies.find((p) => p.studyId === ae.rows[0]!.id)!;
  completedStudy = studies.find((p) => p.studyId === done.rows[0]!.id)!;
  expect(aeStudy).toBeDefined();
  expect(completedStudy).toBeDefined();
  // more than the two studies named above: the demo's planning studies have no subjects
  expect(studies.length).toBeGreaterThan(2);
}, 600_000);
afterAll(async () => {
  await t.cleanup();
});

describe('DM reference dates', () => {
  it('RFXSTDTC and RFXENDTC are the earliest EXSTDTC and the latest EXENDTC of each subject, empty without exposure', () => {
    for (const p of studies) {
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

  it('every randomised subject has exposure from its Day 0 and RFENDTC, its last exposure; a subject on treatment has no exposure end yet', async () => {
    const waiting = new Set((await waitingToBeRandomized()).map((w) => w.subjectCode));
    for (const p of studies) {
      const dm = rowsOf(p, 'DM');
      const ex = bySubject(rowsOf(p, 'EX'));
      const randomised = dm.filter((r) => r.ARM);
      expect(randomised.length, p.code).toBeGreaterThan(0);
      for (const r of randomised) {
        expect(r.RFENDTC, String(r.USUBJID)).toBeTruthy();
        expect(r.RFENDTC).toBe(r.RFXENDTC);
        expect(ex.get(String(r.USUBJID))?.length, String(r.USUBJID)).toBeGreaterThan(0);
      }
      // Without an arm: no treatment, so no exposure and no end; the reference start only for a subject
      // enrolled and waiting to be randomized (the demo's double-blind study has three).
      for (const r of dm.filter((x) => !x.ARM)) {
        expect([r.RFENDTC, r.RFXSTDTC], String(r.USUBJID)).toEqual([null, null]);
        if (r.RFSTDTC) expect(waiting.has(String(r.USUBJID).slice(p.code.length + 1)), String(r.USUBJID)).toBe(true);
        expect(ex.has(String(r.USUBJID)), String(r.USUBJID)).toBe(false);
      }
      // on treatment: an administration without an end, so the last exposure is its start (Day 0); these are
      // the subjects whose treatment has not ended in the data: not withdrawn or completed, Day 28 neither
      // done nor missed
      const onTreatment = randomised.filter((r) => ex.get(String(r.USUBJID))!.some((e) => !e.EXENDTC));
      for (const r of onTreatment) expect([r.RFXENDTC, r.RFENDTC], String(r.USUBJID)).toEqual([r.RFXSTDTC, r.RFXSTDTC]);
      const { rows } = await sql<{ subjectCode: string }>`
        select p.subject_code as "subjectCode" from patients p
         where p.study_id = ${p.studyId} and p.actual_arm_id is not null and p.withdrawal_date is null and p.completion_date is null
           and not exists (select 1 from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id and vd.code = 'D28'
                            where sv.patient_id = p.id and sv.status in ('completed', 'warning', 'missed'))`.execute(t.database.db);
      expect(onTreatment.map((r) => String(r.USUBJID).slice(p.code.length + 1)).sort(), p.code).toEqual(rows.map((r) => r.subjectCode).sort());
      if (p === completedStudy) expect(onTreatment).toEqual([]);
      // RFPENDTC, the end of participation, is on or after the reference end
      for (const r of randomised.filter((x) => x.RFPENDTC)) expect(day(r.RFPENDTC) >= day(r.RFENDTC), String(r.USUBJID)).toBe(true);
    }
    // the study with the most adverse events is still running: some of its subjects are on treatment
    const ex = bySubject(rowsOf(aeStudy, 'EX'));
    expect([...ex.values()].filter((records) => records.some((e) => !e.EXENDTC)).length).toBeGreaterThan(0);
  });

  it('in every study, a subject has an arm only once randomised (its Day 0 reached) and one Exposure log opened on that day', async () => {
    const { rows } = await sql<{ armWithoutDay0: number; day0WithoutArm: number; exposureLogs: number; randomised: number; startedOnDay0: number }>`
      select count(*) filter (where p.actual_arm_id is not null and (p.enrollment_date is null or p.enrollment_date > ${TEST_TODAY}::date))::int as "armWithoutDay0",
             count(*) filter (where p.actual_arm_id is null and p.enrollment_date is not null
                                and not exists (select 1 from randomization_schemes rs where rs.study_id = p.study_id and rs.kind = 'production' and rs.status = 'live'))::int as "day0WithoutArm",
             count(*) filter (where p.actual_arm_id is not null)::int as randomised,
             coalesce(sum((select count(*) from form_submissions s join forms f on f.id = s.form_id and f.code = 'EX' where s.patient_id = p.id)), 0)::int as "exposureLogs",
             coalesce(sum((select count(*) from form_submissions s join forms f on f.id = s.form_id and f.code = 'EX'
                            where s.patient_id = p.id and s.data->'EXLOG'->0->>'EXSTDAT' = p.enrollment_date::text)), 0)::int as "startedOnDay0"
        from patients p`.execute(t.database.db);
    const r = rows[0]!;
    expect(r.randomised).toBeGreaterThan(0);
    // Enrolled subjects waiting to be randomized (a live scheme, no arm yet) have no Day 0 treatment either.
    expect((await waitingToBeRandomized()).length).toBe(3);
    expect(r).toEqual({ armWithoutDay0: 0, day0WithoutArm: 0, randomised: r.randomised, exposureLogs: r.randomised, startedOnDay0: r.randomised });
  });

  it('--ENRF only for subjects with a reference end', () => {
    for (const p of studies) {
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
    for (const p of studies) {
      const epochs = new Set(rowsOf(p, 'TA').map((r) => r.EPOCH));
      expect(epochs).toEqual(new Set(['SCREENING', 'TREATMENT', 'FOLLOW-UP']));
      const dm = new Map(rowsOf(p, 'DM').map((r) => [String(r.USUBJID), r]));
      const onTreatment = new Set(rowsOf(p, 'EX').filter((r) => !r.EXENDTC).map((r) => String(r.USUBJID)));
      // each arm's planned treatment duration: its TREATMENT element's TEDUR
      const tedur = new Map(rowsOf(p, 'TE').map((r) => [String(r.ETCD), durationDays(String(r.TEDUR))]));
      const treatmentDays = new Map(rowsOf(p, 'TA').filter((r) => r.EPOCH === 'TREATMENT').map((r) => [String(r.ARMCD), tedur.get(String(r.ETCD))!]));
      const counts: Record<string, number> = {};
      for (const domain of ['VS', 'LB']) {
        for (const r of rowsOf(p, domain)) {
          const s = dm.get(String(r.USUBJID))!;
          const d = day(r[`${domain}DTC`]);
          const first = day(s.RFXSTDTC ?? s.RFSTDTC);
          // follow-up from the day after the last dose; while on treatment (no end yet), once the treatment
          // element's planned duration has passed
          const ongoing = onTreatment.has(String(r.USUBJID));
          const followUp = () => (s.RFXENDTC && !ongoing ? addDays(day(s.RFXENDTC), 1) : addDays(first, treatmentDays.get(String(s.ARMCD))!));
          const want = !s.RFSTDTC || d < first ? 'SCREENING' : d >= followUp() ? 'FOLLOW-UP' : 'TREATMENT';
          expect(r.EPOCH, `${domain} ${String(r.USUBJID)} ${d}`).toBe(want);
          expect(epochs.has(r.EPOCH)).toBe(true);
          counts[`${domain} ${want}`] = (counts[`${domain} ${want}`] ?? 0) + 1;
        }
      }
      // vital signs after the last dose (the study end visit) are follow-up, as are the study-end labs
      if (p === aeStudy || p === completedStudy) {
        expect(counts['VS FOLLOW-UP'], p.code).toBeGreaterThan(0);
        expect(counts['LB FOLLOW-UP'], p.code).toBeGreaterThan(0);
      }
      expect(counts['VS SCREENING'], p.code).toBeGreaterThan(0);
      expect(counts['VS TREATMENT'], p.code).toBeGreaterThan(0);
      expect(counts['LB TREATMENT'] ?? 0, p.code).toBe(0);
    }
  });
});

describe("the demo's adverse events and visits", () => {
  it('AE: every report dated, with seriousness, outcome and, once coded, its coded term', () => {
    const ae = rowsOf(aeStudy, 'AE');
    expect(ae.length).toBeGreaterThan(0);
    const coded: Record<string, string> = { HEADACHE: 'Headache', NAUSEA: 'Nausea', FATIGUE: 'Fatigue', 'INJECTION SITE REACTION': 'Injection site reaction', DIZZINESS: 'Dizziness', 'UPPER RESPIRATORY TRACT INFECTION': 'Upper respiratory infection' };
    for (const r of ae) {
      expect(r.AESTDTC, String(r.USUBJID)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(['Y', 'N']).toContain(r.AESER);
      expect(r.AEOUT).toBeTruthy();
      // A quarter of the demo's reports wait in the coding queue: not coded yet, no decoded term.
      if (r.AEDECOD) {
        expect(r.AEDECOD).toBe(coded[String(r.AETERM).toUpperCase()]);
        expect(r.AEBODSYS).toBeTruthy();
      } else expect(r.AEBODSYS).toBeFalsy();
      if (r.AEENDTC) expect(day(r.AEENDTC) >= day(r.AESTDTC)).toBe(true);
      expect(r.EPOCH).toBe('TREATMENT');
    }
    expect(ae.some((r) => r.AEENDTC)).toBe(true);
    expect(ae.some((r) => r.AEDECOD)).toBe(true);
  });

  it('no selection visit on or after Day 0, in any study', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from subject_visits sv join visit_definitions vd on vd.id = sv.visit_definition_id and vd.code = 'SEL'
        join patients p on p.id = sv.patient_id where p.enrollment_date is not null and sv.actual_date >= p.enrollment_date`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
    for (const p of studies) {
      const rfst = new Map(rowsOf(p, 'DM').map((r) => [String(r.USUBJID), r.RFSTDTC]));
      for (const sv of rowsOf(p, 'SV').filter((r) => r.VISIT === 'SELECTION VISIT' && rfst.get(String(r.USUBJID)))) {
        expect(day(sv.SVSTDTC) < day(rfst.get(String(sv.USUBJID))), String(sv.USUBJID)).toBe(true);
      }
    }
  });
});

describe('CORE-000239, CORE-000191 and CORE-000177 on the generated packages', () => {
  it('every demo study with randomised subjects passes all three, on every subject and record they check', () => {
    for (const p of studies) {
      const dm = rowsOf(p, 'DM');
      const ex = new Set(rowsOf(p, 'EX').map((r) => String(r.USUBJID)));
      // what each rule reads: subjects with exposure (CORE-000239), with an arm (CORE-000191), --ENRF records (CORE-000177)
      const checked = {
        'CORE-000239': dm.filter((r) => ex.has(String(r.USUBJID))).length,
        'CORE-000191': dm.filter((r) => r.ARM).length,
        'CORE-000177': ['CM', 'MH', 'AE'].reduce((n, d) => n + (p.datasets.get(d) ?? []).filter((r) => r[`${d}ENRF`]).length, 0),
      };
      expect(checked['CORE-000239'], p.code).toBe(checked['CORE-000191']);
      expect(checked['CORE-000191'], p.code).toBeGreaterThan(0);
      expect(checked['CORE-000177'], p.code).toBeGreaterThan(0);
      expect(p.findings, p.code).toEqual([]);
    }
  });
});
