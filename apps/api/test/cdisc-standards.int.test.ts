// Importing a CDISC standard (POST /api/cdisc/standards) against a real database, with the trimmed SDTMIG
// fixture (AE, DM, VS relabelled 9.9; test/fixtures/cdisc-library): who may (401, 403), the refusals
// (400 not XML, not a Library export, another standard; 413 over the limit; 409 a version already
// loaded), a 3.10 import becoming current over the shipped 3.4 (numeric order), then 9.9 over 3.10: the
// Domains tab shows 9.9 for DM with its variable count, cdisc.standards lists who loaded it, the mapping
// catalogue reads it, and the audit trail records the import with its actor and reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { demoEmail, startServer, testConfig, TestClient, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';
import { currentStandard } from '../src/modules/cdisc/standards/current.ts';
import { loadCatalogue } from '../src/modules/cdisc/mapping/service.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { expectSchemaValid, skipXmllint } from './support/xmllint.ts';

const FIXTURE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/cdisc-library/sdtmig-9-9-trimmed.xml'), 'utf8');
/** The fixture relabelled to another version. */
const asVersion = (v: string) => FIXTURE.replaceAll('SDTMIG v9.9', `SDTMIG v${v}`);

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
const clients: Record<string, TestClient> = {};

async function client(role: string) {
  if (!clients[role]) {
    clients[role] = new TestClient(server.url);
    expect((await clients[role].login(demoEmail(role))).status).toBe(200);
  }
  return clients[role];
}

async function upload(role: string | null, content: string | Buffer, name = 'sdtmig.xml', field = 'file') {
  const c = role ? await client(role) : new TestClient(server.url);
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const res = await c.request('/api/cdisc/standards', { method: 'POST', body: form, headers: { origin: server.url } });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database, testConfig({ UPLOAD_MAX_MB: '1' }));
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('POST /api/cdisc/standards refusals', () => {
  it('needs a session (401) and cdisc.import (403 for a monitor and a sponsor)', async () => {
    expect(await upload(null, FIXTURE)).toMatchObject({ status: 401, body: { error: 'Please sign in' } });
    for (const role of ['monitor', 'sponsor']) expect((await upload(role, FIXTURE)).status, role).toBe(403);
    await rejects(as.sponsor!.cdisc.importStandard(), 'FORBIDDEN');
    // Over tRPC alone there is no file.
    await rejects(as.admin!.cdisc.importStandard(), 'BAD_REQUEST', 'Choose a file to upload');
  });

  it('refuses what is not XML (400), checked by name and by content', async () => {
    // The file checks answer as a field error on 'file', as the other uploads do.
    const fileError = async (content: string | Buffer, name: string) => {
      const res = await upload('admin', content, name);
      expect(res.status, name).toBe(400);
      return res.body.fieldErrors.file;
    };
    expect(await fileError('SDTMIG v9.9', 'notes.txt')).toEqual(['Only XML files are accepted']);
    expect(await fileError('just some text', 'sdtmig.xml')).toEqual(["The file's content is not XML"]);
    expect(await fileError(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 1)]), 'sdtmig.xml')).toEqual(["The file's content is not XML"]);
    expect(await fileError(Buffer.from([0x3c, 0x4f, 0x44, 0x4d, 0x00, 0x3e]), 'sdtmig.xml')).toEqual(["The file's content is not XML"]);
    expect(await fileError('', 'sdtmig.xml')).toEqual(['The file is empty']);
    // XML by its first bytes, but not well-formed: the parser says so.
    expect(await upload('admin', '<ODM><Study></ODM>')).toMatchObject({ status: 400, body: { error: expect.stringContaining('not well-formed XML') } });
  });

  it('refuses XML that is not a CDISC Library export, and a standard other than SDTMIG or CDASHIG (400)', async () => {
    const notLibrary = await upload('data-manager', '<?xml version="1.0"?><ODM FileOID="x"><Study OID="S"/></ODM>');
    expect(notLibrary).toMatchObject({ status: 400, body: { error: expect.stringContaining('not a CDISC Library export') } });
    const adam = await upload('data-manager', FIXTURE.replaceAll('SDTMIG v9.9', 'ADaMIG v1.3'));
    expect(adam).toMatchObject({ status: 400, body: { error: 'Only SDTMIG and CDASHIG exports can be imported; this file is ADAMIG 1.3' } });
    const empty = await upload('data-manager', FIXTURE.replace(/<ItemGroupDef [\s\S]*<\/ItemGroupDef>/, ''));
    expect(empty).toMatchObject({ status: 400, body: { error: 'The SDTMIG 9.9 export has no datasets with variables' } });
  });

  it('refuses a file over the upload limit (413) and one in another field (400)', async () => {
    expect(await upload('admin', Buffer.alloc(1024 * 1024 + 10, ' '))).toMatchObject({ status: 413, body: { error: 'The file is larger than the 1 MB limit' } });
    expect(await upload('admin', FIXTURE, 'sdtmig.xml', 'standard')).toMatchObject({ status: 400, body: { error: "Send one file, in the field 'file'" } });
  });

  it('refuses a version already loaded (409) and loads nothing on a refusal', async () => {
    expect(await upload('admin', asVersion('3.4'))).toMatchObject({ status: 409, body: { error: 'SDTMIG 3.4 is already loaded' } });
    expect((await as.admin!.cdisc.standards()).map((s) => `${s.code} ${s.version}`)).toEqual(['SDTMIG 3.4', 'CDASHIG 2.2', 'ADaMIG 1.1']);
  });
});

/** Generates SDTM for the first demo study and waits for it; the run's standard and define.xml. */
async function generateSdtm() {
  const studyId = (await as.admin!.studies.list({ limit: 1, offset: 0 })).items[0]!.id;
  const { runId } = await as.admin!.sdtm.exportSdtm({ studyId });
  await awaitSdtmRun(runId);
  const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
  expect(run).toMatchObject({ id: runId, status: 'done' });
  return { runId, standard: run.standard, defineXml: (await as.admin!.sdtm.archive({ runId })).defineXml };
}
let runBeforeImport: Awaited<ReturnType<typeof generateSdtm>>;

describe('an import', () => {
  it('an SDTM run records the SDTMIG it was generated against (the shipped 3.4 before any import)', async () => {
    runBeforeImport = await generateSdtm();
    expect(runBeforeImport.standard).toBe('SDTMIG 3.4');
    expect(runBeforeImport.defineXml).toContain('OID="STD.SDTMIG.3.4" Name="SDTMIG" Type="IG" Version="3.4"');
  });

  it('3.10 becomes the current SDTMIG over the shipped 3.4 (versions compared as numbers)', async () => {
    expect(await currentStandard(t.database.db, 'SDTMIG')).toMatchObject({ version: '3.4' });
    expect(await upload('data-manager', asVersion('3.10'), 'sdtmig-3-10.xml')).toEqual({ status: 201, body: { standard: 'SDTMIG', version: '3.10', datasets: 3, variables: 130 } });
    expect(await currentStandard(t.database.db, 'SDTMIG')).toMatchObject({ version: '3.10' });
    expect(await currentStandard(t.database.db, 'CDASHIG')).toMatchObject({ version: '2.2' });
    expect(await currentStandard(t.database.db, 'ADaMIG')).toMatchObject({ version: '1.1' });
  });

  it('9.9 loads (201), is current, and the Domains tab shows it for DM with its variable count', async () => {
    const res = await upload('admin', FIXTURE, 'sdtmig-9-9-trimmed.xml');
    expect(res).toEqual({ status: 201, body: { standard: 'SDTMIG', version: '9.9', datasets: 3, variables: 130 } });
    expect(await currentStandard(t.database.db, 'SDTMIG')).toMatchObject({ version: '9.9' });

    const sdtm = await as.sponsor!.cdisc.domains({ type: 'SDTM', limit: 100 });
    expect(sdtm.items.map((d) => `${d.domainCode} ${d.version}`)).toEqual(['AE 9.9', 'VS 9.9', 'DM 9.9']);
    const dm = (await as.coordinator!.cdisc.domains({ search: 'dm', type: 'SDTM', limit: 10 })).items;
    expect(dm).toEqual([expect.objectContaining({ domainCode: 'DM', domainName: 'Demographics', standard: 'SDTMIG', version: '9.9', variableCount: 32, class: 'Special Purpose' })]);
    const variables = await as.coordinator!.cdisc.variables({ domainId: dm[0]!.id });
    expect(variables.variables.find((v) => v.name === 'AGE')).toMatchObject({ order: 19, simpleType: 'Num', core: 'Exp' });
    // CDASHIG is untouched: its only version stays current.
    const cdash = await as.admin!.cdisc.domains({ type: 'CDASH', limit: 1 });
    expect(cdash.items[0]!.version).toBe('2.2');

    // The mapping suggestions read the current SDTMIG.
    const catalogue = await loadCatalogue(t.database.db);
    expect(catalogue.sdtmVersion).toBe('9.9');
    expect(new Set(catalogue.sdtm.map((v) => v.domain))).toEqual(new Set(['AE', 'VS', 'DM']));
  });

  it('cdisc.standards lists every version with who loaded it, newest first, and which is current', async () => {
    const standards = await as.investigator!.cdisc.standards();
    expect(standards.map((s) => [s.code, s.version, s.current, s.loadedBy, s.fileName, s.domainCount, s.variableCount])).toEqual([
      ['SDTMIG', '9.9', true, expect.any(String), 'sdtmig-9-9-trimmed.xml', 3, 130],
      ['SDTMIG', '3.10', false, expect.any(String), 'sdtmig-3-10.xml', 3, 130],
      ['SDTMIG', '3.4', false, null, null, 63, 1917],
      ['CDASHIG', '2.2', true, null, null, 49, 1136],
      ['ADaMIG', '1.1', true, null, null, 2, 104],
    ]);
    const admin = await as.admin!.auth.me();
    expect(standards[0]!.loadedBy).toBe(admin!.fullName);
    expect(standards[0]!.label).toBe('Study Data Tabulation Model Implementation Guide: Human Clinical Trials v9.9');
  });

  it('a later SDTM run uses 9.9 where it describes a dataset and 3.4 for the rest; the earlier run keeps 3.4', async () => {
    const after = await generateSdtm();
    expect(after.standard).toBe('SDTMIG 9.9');
    // the trimmed 9.9 describes AE, DM and VS; TS, SV ... come from the newest earlier version that has them
    expect(after.defineXml).toContain('OID="STD.SDTMIG.9.9" Name="SDTMIG" Type="IG" Version="9.9"');
    expect(after.defineXml).toContain('OID="STD.SDTMIG.3.4" Name="SDTMIG" Type="IG" Version="3.4"');
    expect(after.defineXml).not.toContain('Version="3.10"');
    expect(after.defineXml).toMatch(/<ItemGroupDef OID="IG\.DM"[^>]*def:StandardOID="STD\.SDTMIG\.9\.9"/);
    expect(after.defineXml).toMatch(/<ItemGroupDef OID="IG\.TS"[^>]*def:StandardOID="STD\.SDTMIG\.3\.4"/);
    if (!skipXmllint) expectSchemaValid(after.defineXml, 'define-9-9.xml');
    const before = await as.admin!.sdtm.archive({ runId: runBeforeImport.runId });
    expect(before.defineXml).toContain('Version="3.4"');
    expect(before.defineXml).not.toContain('Version="9.9"');
  });

  it('refuses the same version again (409)', async () => {
    expect(await upload('data-manager', FIXTURE)).toMatchObject({ status: 409, body: { error: 'SDTMIG 9.9 is already loaded' } });
  });

  it('is in the audit trail: the standard row inserted by the importer, with the reason', async () => {
    const trail = await as.admin!.audit.trail({ table: 'cdisc_standards', limit: 100 });
    // The trigger leaves out columns named version (the optimistic-lock column elsewhere): the reason
    // and the source name it.
    // (the shipped ADaM rows, loaded by migration 0026 after this table was audited, carry no file name)
    const files = trail.items.filter((e) => e.field === 'file_name' && e.newValue !== null);
    expect(files.map((e) => e.newValue)).toEqual(['sdtmig-9-9-trimmed.xml', 'sdtmig-3-10.xml']);
    const nine = files[0]!;
    expect(nine).toMatchObject({ operation: 'insert', reason: 'Imported SDTMIG 9.9 from a CDISC Library export', table: 'cdisc_standards' });
    const admin = await as.admin!.auth.me();
    expect(nine.userId).toBe(admin!.id);
    const field = (name: string) => trail.items.find((e) => e.eventId === nine.eventId && e.field === name)?.newValue;
    expect(field('source')).toBe('CDISC Library export of SDTMIG v9.9 (published 2021-11-29)');
    expect(field('imported_by')).toBe(admin!.id);
    expect(field('file_sha256')).toMatch(/^[0-9a-f]{64}$/);
  });
});
