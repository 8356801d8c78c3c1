// Data import over REST (POST /api/studies/{id}/import-data) on the demo study: a REDCap flat CSV and an ODM
// ClinicalData file are mapped to subjects, visits and forms. The dry run reports what would be created and
// every refused row with its reason, and writes nothing; the import writes the same in one audited
// transaction, each entry marked with the import and the file's sha256; importing again changes nothing.
// Refused: a DOCTYPE, another study's OID, a CSV without a header, a missing reason, a monitor.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import type { FormDefinition, ImportReport, ScalarField } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';

let t: TestDatabase;
let server: TestServer;
let dm: TestClient;

interface Target {
  studyId: number;
  studyCode: string;
  subjectCode: string;
  patientId: number;
  subjectVisitId: number;
  visitCode: string;
  formId: number;
  formCode: string;
  fields: ScalarField[];
}
let target: Target;

/** A value each field accepts (within any range), as a REDCap export would write it. */
function valueFor(f: ScalarField): string {
  switch (f.type) {
    case 'integer':
    case 'decimal': {
      const r = 'range' in f ? f.range : undefined;
      const v = r?.min !== undefined && r?.max !== undefined ? Math.round((r.min + r.max) / 2) : (r?.min ?? 1);
      return String(v);
    }
    case 'date':
      return '2026-01-15';
    case 'partialDate':
      return '2026-01';
    case 'time':
      return '09:30';
    case 'yesNo':
      return '1';
    case 'singleChoice':
      return f.codeList[0]!.code;
    case 'multipleChoice':
      return f.codeList[0]!.code;
    default:
      return 'imported';
  }
}

async function findTarget(): Promise<Target> {
  // A scheduled visit of an enrolled subject with a due form not entered yet, the form without skip logic.
  const { rows } = await sql<{ studyId: number; studyCode: string; subjectCode: string; patientId: number; subjectVisitId: number; visitCode: string; formId: number; formCode: string; definition: unknown }>`
    select p.study_id as "studyId", s.code as "studyCode", p.subject_code as "subjectCode", p.id as "patientId", sv.id as "subjectVisitId",
           v.code as "visitCode", f.id as "formId", f.code as "formCode", fv.definition
      from patients p join studies s on s.id = p.study_id
      join subject_visits sv on sv.patient_id = p.id
      join visit_definitions v on v.id = sv.visit_definition_id
      join visit_forms vf on vf.visit_definition_id = v.id
      join forms f on f.id = vf.form_id and f.status = 'active'
      join form_versions fv on fv.form_id = f.id and fv.version_number = f.published_version
     where p.status = 'enrolled' and p.archived_at is null
       and not exists (select 1 from form_submissions x where x.patient_id = p.id and x.form_id = f.id and x.subject_visit_id = sv.id)
     order by p.id, v.sort_order, f.id`.execute(t.database.db);
  for (const r of rows) {
    const def = (typeof r.definition === 'string' ? JSON.parse(r.definition) : r.definition) as FormDefinition;
    // Every field gets a value: a CDASH form's fields show once 'performed' is yes, and a hidden field's value is dropped.
    const fields = def.fields.filter((f) => f.type !== 'repeatingGroup' && f.type !== 'calculated') as ScalarField[];
    if (def.fields.some((f) => f.type === 'repeatingGroup') || fields.length < 2) continue;
    if (fields.some((f) => f.type === 'multipleChoice')) continue;
    return { ...r, fields };
  }
  throw new Error(`no form to import into (${rows.length} candidates)`);
}

function redcapCsv(rows: string[][]): string {
  return rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n';
}

async function upload(client: TestClient, studyId: number, name: string, content: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set('file', new Blob([content]), name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return client.request(`/api/studies/${studyId}/import-data`, { method: 'POST', body: form, headers: { origin: server.url } });
}

const entriesOf = (formId: number, subjectVisitId: number) =>
  t.database.db.selectFrom('formSubmissions').select(['id', 'data', 'importId', 'status']).where('formId', '=', formId).where('subjectVisitId', '=', subjectVisitId).execute();

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database);
  dm = new TestClient(server.url);
  expect((await dm.login(demoEmail('data-manager'))).status).toBe(200);
  target = await findTarget();
}, 240_000);
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('data import', () => {
  it('dry-runs a REDCap CSV (writing nothing), imports it with a reason, and finds nothing to change the second time', async () => {
    const { fields } = target;
    const header = ['record_id', 'redcap_event_name', ...fields.map((f) => f.code.toLowerCase()), `${target.formCode.toLowerCase()}_complete`];
    const good = [target.subjectCode, `${target.visitCode.toLowerCase()}_arm_1`, ...fields.map(valueFor), '2'];
    const unknownSubject = ['NO-SUCH-SUBJECT', `${target.visitCode.toLowerCase()}_arm_1`, ...fields.map(valueFor), '2'];
    const unknownVisit = [target.subjectCode, 'no_such_event_arm_1', ...fields.map(valueFor), '2'];
    const csv = redcapCsv([header, good, unknownSubject, unknownVisit]);

    const dry = await upload(dm, target.studyId, 'redcap-export.csv', csv, { mode: 'dry-run' });
    expect(dry.status).toBe(200);
    const report = (await dry.json()) as ImportReport;
    expect(report).toMatchObject({ dryRun: true, importId: null, format: 'redcap-csv', subjects: 1, counts: { created: 1, changed: 0, unchanged: 0, refused: 2 } });
    expect(report.sha256).toBe(createHash('sha256').update(csv).digest('hex'));
    expect(report.rows.find((r) => r.origin === 'line 3')).toMatchObject({ outcome: 'refused', reasons: ['Unknown subject NO-SUCH-SUBJECT'] });
    expect(report.rows.find((r) => r.origin === 'line 4')?.reasons[0]).toMatch(/^Unknown visit no_such_event_arm_1/);
    expect(await entriesOf(target.formId, target.subjectVisitId)).toHaveLength(0);
    expect((await sql<{ n: number }>`select count(*)::int as n from data_imports`.execute(t.database.db)).rows[0]!.n).toBe(0);

    // Importing needs a reason.
    expect((await upload(dm, target.studyId, 'redcap-export.csv', csv, { mode: 'import' })).status).toBe(400);
    const done = await upload(dm, target.studyId, 'redcap-export.csv', csv, { mode: 'import', reason: 'Migration from the REDCap project' });
    expect(done.status).toBe(200);
    const imported = (await done.json()) as ImportReport;
    expect(imported).toMatchObject({ dryRun: false, counts: { created: 1, refused: 2 } });
    const [entry] = await entriesOf(target.formId, target.subjectVisitId);
    expect(entry).toMatchObject({ status: 'submitted', importId: imported.importId });
    const record = await t.database.db.selectFrom('dataImports').selectAll().where('id', '=', imported.importId!).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ sha256: report.sha256, format: 'redcap-csv', createdEntries: 1, refusedEntries: 2, reason: 'Migration from the REDCap project' });
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_events where table_name = 'form_submissions' and reason = 'Migration from the REDCap project'`.execute(t.database.db);
    expect(audit.rows[0]!.n).toBeGreaterThan(0);

    const again = (await (await upload(dm, target.studyId, 'redcap-export.csv', csv, { mode: 'dry-run' })).json()) as ImportReport;
    expect(again.counts).toMatchObject({ created: 0, changed: 0, unchanged: 1, refused: 2 });
  });

  it('dry-runs ODM ClinicalData: a changed value is a change, a value outside the code list or a hard range is refused', async () => {
    const choice = target.fields.find((f) => f.type === 'singleChoice');
    const number = target.fields.find((f) => (f.type === 'integer' || f.type === 'decimal') && f.range?.severity === 'hard' && f.range.max !== undefined) as Extract<ScalarField, { type: 'integer' }> | undefined;
    const first = target.fields.find((f) => f.type === 'text' || f.type === 'integer' || f.type === 'decimal')!;
    const changed = first.type === 'text' ? 'changed by ODM' : String(Number(valueFor(first)) + (first.type === 'integer' ? 1 : 0));
    const item = (code: string, value: string) => `<ItemData ItemOID="I.${target.formCode}.${code}" Value="${value}"/>`;
    const formData = (items: string) =>
      `<SubjectData SubjectKey="${target.subjectCode}"><StudyEventData StudyEventOID="SE.${target.visitCode}"><FormData FormOID="F.${target.formCode}"><ItemGroupData ItemGroupOID="IG.${target.formCode}">${items}</ItemGroupData></FormData></StudyEventData></SubjectData>`;
    const bad = [choice && item(choice.code, 'NOT-A-CODE'), number && item(number.code, String(number.range!.max! + 1000))].filter(Boolean).join('');
    const odm = (study: string, body: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" ODMVersion="1.3.2" FileType="Snapshot" FileOID="F1" CreationDateTime="2026-11-28T00:00:00"><ClinicalData StudyOID="${study}" MetaDataVersionOID="MDV.1">${body}</ClinicalData></ODM>`;
    const xml = odm(`S.${target.studyCode}`, formData(item(first.code, changed)) + (bad ? formData(bad) : ''));
    const res = await upload(dm, target.studyId, 'clinical.xml', xml, { mode: 'dry-run' });
    expect(res.status).toBe(200);
    const report = (await res.json()) as ImportReport;
    expect(report.format).toBe('odm');
    expect(report.counts.changed).toBe(1);
    if (bad) {
      expect(report.counts.refused).toBe(1);
      expect(report.rows.find((r) => r.outcome === 'refused')!.reasons.join(' ')).toContain(target.formCode);
    }

    expect((await upload(dm, target.studyId, 'other.xml', odm('S.ANOTHER-STUDY', formData(item(first.code, changed))), { mode: 'dry-run' })).status).toBe(400);
    // A metadata version nobody defines (neither this product's MDV.1 nor the file's own Study).
    const unknownVersion = await upload(dm, target.studyId, 'v99.xml', odm(`S.${target.studyCode}`, formData(item(first.code, changed))).replace('MetaDataVersionOID="MDV.1"', 'MetaDataVersionOID="MDV.99"'), { mode: 'dry-run' });
    expect(unknownVersion.status).toBe(400);
    expect(((await unknownVersion.json()) as { error: string }).error).toMatch(/metadata version MDV\.99/);
    const ownMetadata = odm(`S.${target.studyCode}`, formData(item(first.code, changed)))
      .replace('MetaDataVersionOID="MDV.1"', 'MetaDataVersionOID="v1.0.0"')
      .replace('<ClinicalData', `<Study OID="S.${target.studyCode}"><MetaDataVersion OID="v1.0.0" Name="OpenClinica v1"/></Study><ClinicalData`);
    expect((await upload(dm, target.studyId, 'with-metadata.xml', ownMetadata, { mode: 'dry-run' })).status).toBe(200);
    const doctype = `<?xml version="1.0"?><!DOCTYPE ODM [<!ENTITY x SYSTEM "file:///etc/passwd">]><ODM><ClinicalData StudyOID="S.${target.studyCode}"/></ODM>`;
    const refused = await upload(dm, target.studyId, 'evil.xml', doctype, { mode: 'dry-run' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/DOCTYPE/);
    expect((await upload(dm, target.studyId, 'empty.csv', 'record_id\n', { mode: 'dry-run' })).status).toBe(400);
  });

  it('reads back its own ODM ClinicalData export of a site: the dry run finds nothing to create or change', async () => {
    const site = await t.database.db.selectFrom('patients').select('siteId').where('id', '=', target.patientId).executeTakeFirstOrThrow();
    const exported = await dm.request(`/api/studies/${target.studyId}/odm?siteId=${site.siteId}&include=audit,signatures,queries`);
    expect(exported.status).toBe(200);
    const xml = await exported.text();
    expect(xml).toContain('<FormData');
    const entries = await sql<{ n: number }>`
      select count(*)::int as n from form_submissions fs join patients p on p.id = fs.patient_id
       where p.site_id = ${site.siteId} and p.archived_at is null and fs.status <> 'draft'`.execute(t.database.db);
    const res = await upload(dm, target.studyId, 'own-export.xml', xml, { mode: 'dry-run' });
    expect(res.status).toBe(200);
    const report = (await res.json()) as ImportReport;
    expect(report.format).toBe('odm');
    const refused = report.rows.filter((r) => r.outcome === 'refused').map((r) => `${r.origin}: ${r.reasons.join('; ')}`);
    expect(refused).toEqual([]);
    expect(report.counts).toMatchObject({ created: 0, changed: 0, refused: 0 });
    expect(report.counts.unchanged).toBe(entries.rows[0]!.n);
    // Repeating groups and log forms (under SE.UNSCHEDULED) are in it, so the above read them.
    expect(xml).toMatch(/ItemGroupRepeatKey="2"/);
    expect(xml).toContain('StudyEventOID="SE.UNSCHEDULED"');

    // Without this product's FormRepeatKey (another system's numbering), a log entry is found by its values.
    const foreign = xml.replace(/ FormRepeatKey="\d+"/g, ' FormRepeatKey="1"');
    const again = (await (await upload(dm, target.studyId, 'renumbered.xml', foreign, { mode: 'dry-run' })).json()) as ImportReport;
    expect(again.counts).toMatchObject({ created: 0, changed: 0, refused: 0, unchanged: entries.rows[0]!.n });
  });

  it('is for data managers and administrators of the study', async () => {
    const monitor = new TestClient(server.url);
    expect((await monitor.login(demoEmail('monitor'))).status).toBe(200);
    expect((await upload(monitor, target.studyId, 'x.csv', 'record_id,a\n1,2\n', { mode: 'dry-run' })).status).toBe(403);
    const noFile = await dm.request(`/api/studies/${target.studyId}/import-data`, { method: 'POST', body: new FormData(), headers: { origin: server.url } });
    expect(noFile.status).toBe(400);
  });
});
