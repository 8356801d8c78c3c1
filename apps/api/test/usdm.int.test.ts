// USDM 4.0 through the real paths against a real database: POST /api/studies/import-usdm (both CDISC
// examples, refusals with the offending path, nothing stored on refusal), usdm.accept (one audited
// transaction creating the study and everything), GET /api/studies/{id}/usdm (schema-valid export) and
// the round trip of a demo study: export, import, accept, then its design, visit windows and forms-due
// map compared field by field with the original.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { sql } from '@ctp/db';
import { USDM_ACCEPT_REASON, usdmImportAnswer } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, testConfig, TestClient, demoEmail, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/usdm/${name}`, import.meta.url));
const api = JSON.parse(fixture('USDM_API.json').toString('utf8')) as { components: Record<string, unknown> };

let t: TestDatabase;
let server: TestServer;
let as: Record<string, Caller>;
const clients: Record<string, TestClient> = {};

async function client(role: string) {
  if (!clients[role]) {
    clients[role] = new TestClient(server.url);
    expect((await clients[role].login(demoEmail(role))).status).toBe(200);
  }
  return clients[role];
}

async function upload(role: string | null, content: Buffer | string, name = 'study.json', field = 'file') {
  const c = role ? await client(role) : new TestClient(server.url);
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const res = await c.request('/api/studies/import-usdm', { method: 'POST', body: form, headers: { origin: server.url } });
  return { status: res.status, body: (await res.json()) as any };
}

const count = async (table: string, where = sql`true`) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.database.db)).rows[0]!.n);

function mutated(change: (doc: any) => void): string {
  const doc = JSON.parse(fixture('observational.json').toString('utf8'));
  change(doc);
  return JSON.stringify(doc);
}

/** A study's design, schedule and forms-due map, in comparable form (no ids). */
async function studyShape(studyId: number) {
  const db = t.database.db;
  const arms = await db.selectFrom('trialArms').select(['id', 'code', 'name', 'description', 'sortOrder']).where('studyId', '=', studyId).orderBy('sortOrder').execute();
  const steps = await db
    .selectFrom('trialArmElements as s')
    .innerJoin('trialElements as e', 'e.id', 's.elementId')
    .select(['s.armId', 's.position', 'e.code', 's.epoch'])
    .where('s.studyId', '=', studyId)
    .orderBy('s.armId')
    .orderBy('s.position')
    .execute();
  const elements = await db.selectFrom('trialElements').select(['code', 'name', 'startRule', 'endRule']).where('studyId', '=', studyId).orderBy('code').execute();
  const visits = await db
    .selectFrom('visitDefinitions')
    .select(['code', 'name', 'dayOffset', 'windowBefore', 'windowDays', 'sortOrder'])
    .where('studyId', '=', studyId)
    .orderBy('sortOrder')
    .execute();
  const due = await sql<{ form: string; domain: string | null; visits: string[] }>`
    select f.name as form, f.library_domain as domain, array_agg(vd.code order by vd.sort_order) as visits
      from forms f join visit_forms vf on vf.form_id = f.id join visit_definitions vd on vd.id = vf.visit_definition_id
     where f.study_id = ${studyId} and f.status <> 'archived' group by f.id order by f.name`.execute(db);
  return {
    arms: arms.map((a) => ({ code: a.code, name: a.name, description: a.description, order: a.sortOrder, steps: steps.filter((s) => s.armId === a.id).map((s) => [s.position, s.code, s.epoch]) })),
    elements,
    visits: visits.map((v, i) => ({ ...v, sortOrder: i })),
    due: due.rows,
  };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database, testConfig({ UPLOAD_MAX_MB: '50' }));
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('POST /api/studies/import-usdm', () => {
  it('answers 401 anonymously and 403 to roles that do not build studies from USDM', async () => {
    expect((await upload(null, fixture('observational.json'))).status).toBe(401);
    for (const role of ['data-manager', 'investigator', 'monitor']) expect((await upload(role, fixture('observational.json'))).status, role).toBe(403);
  });

  it('refuses bad documents with the offending path, storing nothing', async () => {
    const before = await count('usdm_imports');
    const cases: [string | Buffer, string, RegExp][] = [
      ['{not json', 'a.json', /not JSON/],
      ['{"a": 1}', 'a.json', /not a USDM document/],
      [mutated((d) => (d.usdmVersion = '3.0.0')), 'a.json', /^Only USDM version 4\.0 .* at usdmVersion$/],
      [mutated((d) => delete d.study.versions[0].studyDesigns[0].arms[1].name), 'a.json', /at study\.versions\[0\]\.studyDesigns\[0\]\.arms\[1\]$/],
      [
        mutated((d) => (d.study.versions[0].studyDesigns[0].scheduleTimelines[0].instances[4].defaultConditionId = 'Nowhere_1')),
        'a.json',
        /at study\.versions\[0\]\.studyDesigns\[0\]\.scheduleTimelines\[0\]\.instances\[4\]\.defaultConditionId$/,
      ],
      [mutated((d) => (d.study.versions[0].studyDesigns[0].scheduleTimelines[0].instances[3].encounterId = 'Encounter_99')), 'a.json', /instances\[3\]\.encounterId$/],
      [fixture('observational.json'), 'study.pdf', /Only USDM documents in JSON/],
      [Buffer.from([0xff, 0xfe, 0x00, 0x7b]), 'a.json', /not UTF-8/],
    ];
    for (const [content, name, message] of cases) {
      const res = await upload('study-manager', content, name);
      expect(res.status, String(message)).toBe(400);
      expect(res.body.fieldErrors.file[0], String(message)).toMatch(message);
    }
    expect((await upload('study-manager', '', 'a.json')).status).toBe(400);
    expect(await count('usdm_imports')).toBe(before);
  });

  it('refuses a document over 20 MB with 413', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    expect((await upload('study-manager', big, 'big.json')).status).toBe(413);
  });

  it('reads observational.json into a stored proposal with the document sha256', async () => {
    const content = fixture('observational.json');
    const res = await upload('study-manager', content, 'observational.json');
    expect(res.status).toBe(200);
    expect(res.body.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(() => usdmImportAnswer.parse(res.body)).not.toThrow();
    const p = res.body.proposal;
    expect([p.arms.length, p.epochs.length, p.elements.length, p.cells.length, p.visits.length, p.forms.length, p.criteria.length, p.objectives.length]).toEqual([2, 4, 5, 8, 6, 4, 5, 2]);
    expect(p.visits[4]).toMatchObject({ origin: { id: 'Encounter_5', name: 'E5', instanceType: 'Encounter' }, dayOffset: 28, conditional: true });
    const row = await t.database.db.selectFrom('usdmImports').select(['sha256', 'usdmVersion', 'status', 'fileName']).where('id', '=', res.body.importId).executeTakeFirstOrThrow();
    expect(row).toEqual({ sha256: res.body.sha256, usdmVersion: '4.0.0', status: 'proposed', fileName: 'observational.json' });
    // CDISC's USDM rules ran on the document: every one of the 207 either ran or says why it did not.
    const c = res.body.conformance;
    expect(c.rulesRun + c.notRun.length).toBe(207);
    expect(c.rulesRun).toBeGreaterThanOrEqual(170);
    for (const n of c.notRun) expect(n.reason.length).toBeGreaterThan(10);
    for (const r of c.rules) expect(r.count).toBeGreaterThanOrEqual(r.entities.length);
  });
});

describe('usdm.accept', () => {
  it('creates the study and everything in one audited transaction (observational.json)', async () => {
    const res = await upload('study-manager', fixture('observational.json'), 'observational.json');
    const importId = res.body.importId as number;
    // A role that does not build studies from USDM cannot accept an import either.
    await rejects(as['data-manager']!.usdm.accept({ importId, studyCode: 'OBS-USDM-1', phase: 'Phase III', targetEnrollment: 120 }), 'FORBIDDEN');
    const auditBefore = Number((await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from audit_events`.execute(t.database.db)).rows[0]!.n);
    const result = await as['study-manager']!.usdm.accept({ importId, studyCode: 'OBS-USDM-1', phase: 'Phase III', targetEnrollment: 120 });
    expect(result).toMatchObject({ code: 'OBS-USDM-1', arms: 2, visits: 6, forms: 4, links: 9, criteria: 5, objectives: 2 });
    const id = result.studyId;
    const study = await t.database.db.selectFrom('studies').select(['title', 'phase', 'status', 'targetEnrollment', 'usdmSha256', 'usdmVersion', 'therapeuticArea']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(study).toMatchObject({ title: 'Something Very Official', phase: 'Phase III', status: 'planning', usdmSha256: res.body.sha256, usdmVersion: '4.0.0', therapeuticArea: 'Type 2 diabetes; Diabetes mellitus (disorder)' });
    expect(await count('trial_arms', sql`study_id = ${id}`)).toBe(2);
    expect(await count('trial_elements', sql`study_id = ${id}`)).toBe(5);
    expect(await count('trial_arm_elements', sql`study_id = ${id}`)).toBe(10);
    expect(await count('study_eligibility_criteria', sql`study_id = ${id}`)).toBe(5);
    expect(await count('study_endpoints', sql`study_id = ${id}`)).toBe(3);
    const shape = await studyShape(id);
    expect(shape.visits.map((v) => [v.code, v.dayOffset, v.windowBefore, v.windowDays])).toEqual([
      ['E1', -2, 0, 0],
      ['E2', 0, 1, 0],
      ['E3', 0, 0, 0],
      ['E4', 14, 1, 1],
      ['E5', 28, 1, 1],
      ['E6', 42, 3, 3],
    ]);
    expect(shape.due.find((d) => d.form === 'Optional Weight')).toEqual({ form: 'Optional Weight', domain: 'VS', visits: ['E1', 'E4'] });
    expect(shape.arms[1]!.steps).toEqual([
      [1, 'EL1', 'SCREENING'],
      [2, 'EL2', 'BASELINE'],
      [3, 'EL5', 'TREATMENT'],
      [4, 'EL3', 'TREATMENT'],
      [5, 'EL4', 'FOLLOW-UP'],
    ]);
    // Every row was written under the user and the one reason.
    const audited = await sql<{ tableName: string; reasons: string[]; users: number[] }>`
      select table_name as "tableName", array_agg(distinct reason) as reasons, array_agg(distinct actor_user_id) as users from audit_events
       where id > ${auditBefore} group by table_name order by table_name`.execute(t.database.db);
    const tables = audited.rows.map((r) => r.tableName);
    for (const table of ['studies', 'trial_arms', 'trial_elements', 'trial_arm_elements', 'visit_definitions', 'forms', 'visit_forms', 'study_eligibility_criteria', 'study_objectives', 'study_endpoints', 'usdm_imports']) {
      expect(tables, table).toContain(table);
    }
    expect(new Set(audited.rows.flatMap((r) => r.reasons))).toEqual(new Set([USDM_ACCEPT_REASON]));
    const manager = await t.database.db.selectFrom('users').select('id').where('email', '=', demoEmail('study-manager')).executeTakeFirstOrThrow();
    expect(new Set(audited.rows.flatMap((r) => r.users))).toEqual(new Set([manager.id]));
    // Accepted once; the new study is the importer's.
    await rejects(as['study-manager']!.usdm.accept({ importId, studyCode: 'OBS-USDM-2', phase: 'Phase III', targetEnrollment: 120 }), 'PRECONDITION_FAILED');
    const objectives = await as['study-manager']!.usdm.objectives({ studyId: id });
    expect(objectives.map((o) => [o.code, o.level, o.endpoints.length])).toEqual([
      ['OBJ1', 'primary', 1],
      ['OBJ2', 'secondary', 2],
    ]);
  });

  it('builds the CDISC pilot (devices.json) and refuses a study code in use, creating nothing', async () => {
    const res = await upload('admin', fixture('devices.json'), 'devices.json');
    expect(res.status).toBe(200);
    const studies = await count('studies');
    // An import is its uploader's (and administrators'): another study manager does not find it.
    await rejects(as['study-manager']!.usdm.accept({ importId: res.body.importId, studyCode: 'H2Q-OTHER', phase: 'Phase II', targetEnrollment: 300 }), 'NOT_FOUND');
    await rejects(as.admin!.usdm.accept({ importId: res.body.importId, studyCode: 'OBS-USDM-1', phase: 'Phase II', targetEnrollment: 300 }), 'CONFLICT');
    expect(await count('studies')).toBe(studies);
    const result = await as.admin!.usdm.accept({ importId: res.body.importId, studyCode: 'H2Q-MC-LZZT', phase: 'Phase II', targetEnrollment: 300 });
    expect(result).toMatchObject({ arms: 3, visits: 12, forms: 30, criteria: 4, objectives: 3 });
    expect(await count('trial_arm_elements', sql`study_id = ${result.studyId}`)).toBe(15);
  });
});

describe('GET /api/studies/{id}/usdm and the round trip', () => {
  it('exports a demo study as a schema-valid USDM document that imports back into the same design, windows and forms-due map', async () => {
    const manager = await client('study-manager');
    const member = await sql<{ studyId: number; code: string }>`
      select s.id as "studyId", s.code from study_memberships m join users u on u.id = m.user_id join studies s on s.id = m.study_id
       where u.email = ${demoEmail('study-manager')} and exists (select 1 from trial_arms a where a.study_id = s.id)
         and exists (select 1 from visit_forms vf join visit_definitions vd on vd.id = vf.visit_definition_id where vd.study_id = s.id)
       order by s.id limit 1`.execute(t.database.db);
    const { studyId, code } = member.rows[0]!;
    const res = await manager.request(`/api/studies/${studyId}/usdm`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`${code}-usdm.json`);
    const text = await res.text();
    const doc = JSON.parse(text);
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addFormat('uuid', /^[0-9a-f-]{36}$/i);
    ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    ajv.addSchema({ $id: 'usdm', components: api.components });
    const valid = ajv.compile({ $ref: 'usdm#/components/schemas/Wrapper-Output' });
    expect(valid(doc), JSON.stringify(valid.errors?.slice(0, 3))).toBe(true);
    expect(doc.usdmVersion).toBe('4.0.0');

    const imported = await upload('study-manager', text, `${code}-usdm.json`);
    expect(imported.status).toBe(200);
    const original = await t.database.db.selectFrom('studies').select(['phase', 'targetEnrollment']).where('id', '=', studyId).executeTakeFirstOrThrow();
    expect(imported.body.proposal.study.phase).toBe(original.phase);
    const accepted = await as['study-manager']!.usdm.accept({ importId: imported.body.importId, studyCode: `${code}-RT`.slice(0, 30), phase: original.phase, targetEnrollment: imported.body.proposal.study.plannedEnrollment });
    const before = await studyShape(studyId);
    const after = await studyShape(accepted.studyId);
    expect(after.arms).toEqual(before.arms);
    expect(after.elements).toEqual(before.elements);
    expect(after.visits).toEqual(before.visits);
    expect(after.due).toEqual(before.due);
    expect(before.due.length).toBeGreaterThan(0);
  });

  it('answers 404 for a study outside the reader\u2019s scope and 400 for a non-numeric id', async () => {
    const other = await sql<{ id: number }>`
      select s.id from studies s where not exists (select 1 from study_memberships m join users u on u.id = m.user_id
        where m.study_id = s.id and u.email = ${demoEmail('monitor')}) order by s.id limit 1`.execute(t.database.db);
    const monitor = await client('monitor');
    expect((await monitor.request(`/api/studies/${other.rows[0]!.id}/usdm`)).status).toBe(404);
    expect((await monitor.request('/api/studies/abc/usdm')).status).toBe(400);
  });
});
