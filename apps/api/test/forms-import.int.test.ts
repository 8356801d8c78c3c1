// Form import through the real procedure (tRPC caller and HTTP), against a real database:
// - every form the demo data creates goes out as ODM and as a CSV dictionary and comes back in with
//   the same fields, edit checks, name and category (a round trip of the whole library);
// - public ODM files from other systems (REDCap, XML4Pharma via CDISC, odmlib) import with one form
//   per FormDef and one field per ItemRef, counted here with an XML parser;
// - the documented limit (DOCUMENT_LIMITS.formImport, 2 MB) is the real one: a file over the old
//   5,000-character cap imports, a file of exactly 2 MB written in characters JSON escapes imports over
//   HTTP, one character more is refused with the limit in words (400, not 413).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { sql } from '@ctp/db';
import { countFields, DOCUMENT_LIMITS, formDefinition, type FormDefinition } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callerAs, demoEmail, startServer, TestClient, type TestServer } from './support/app.ts';
import type { Caller } from './support/procedures.ts';

let t: TestDatabase;
let admin: Caller;
let server: TestServer;
let client: TestClient;
/** A study to import into. */
let studyId: number;

interface DemoForm {
  id: number;
  name: string;
  category: string;
  description: string | null;
  definition: FormDefinition;
}
let demoForms: DemoForm[];

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  admin = await callerAs(t.database, demoEmail('admin'));
  server = await startServer(t.database);
  client = new TestClient(server.url);
  expect((await client.login(demoEmail('admin'))).status).toBe(200);
  // Every demo form with its latest version's definition (the one forms.export writes).
  const { rows } = await sql<{ id: number; name: string; category: string; description: string | null; definition: unknown }>`
    select f.id, f.name, f.category, f.description,
           (select v.definition from form_versions v where v.form_id = f.id order by v.version_number desc limit 1) as definition
      from forms f order by f.id`.execute(t.database.db);
  demoForms = rows.map((r) => ({ ...r, definition: formDefinition.parse(typeof r.definition === 'string' ? JSON.parse(r.definition) : r.definition) }));
  studyId = (await sql<{ id: number }>`select id from studies order by id limit 1`.execute(t.database.db)).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

/** Imports through the procedure and reads each created form back through forms.byId. */
async function importAndRead(format: 'odm' | 'csv', content: string) {
  const { created } = await admin.forms.import({ studyId, format, content });
  return Promise.all(created.map((c) => admin.forms.byId({ id: c.id })));
}

describe('the demo form library round-trips through the import procedure', () => {
  it('has a library worth the name, with forms whose files exceed the old 5,000-character cap', async () => {
    expect(demoForms.length).toBeGreaterThanOrEqual(5);
    const sizes = await Promise.all(demoForms.map(async (f) => (await admin.forms.export({ id: f.id, format: 'odm' })).content.length));
    expect(sizes.filter((n) => n > 5_000).length).toBeGreaterThan(0);
  });

  it.each(['odm', 'csv'] as const)('every demo form exported as %s imports back with the same fields, checks, name and category', async (format) => {
    const failures: string[] = [];
    for (const form of demoForms) {
      const file = await admin.forms.export({ id: form.id, format });
      let back: Awaited<ReturnType<typeof importAndRead>>;
      try {
        back = await importAndRead(format, file.content);
      } catch (err) {
        failures.push(`form ${form.id} (${file.content.length} characters): ${(err as Error).message}`);
        continue;
      }
      if (form.definition.fields.length === 0 && format === 'csv') {
        // A CSV dictionary has a row per field: a form without fields has no row (dictionary-csv.ts).
        continue;
      }
      expect(back, `form ${form.id}`).toHaveLength(1);
      const [imported] = back;
      expect(imported!.fieldsCount, `form ${form.id} field count`).toBe(countFields(form.definition));
      expect(imported!.definition, `form ${form.id} definition`).toEqual(form.definition);
      expect(imported!.formName).toBe(form.name);
      expect(imported!.category).toBe(form.category);
      expect(imported!.status).toBe('draft');
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

// --- Public ODM files ------------------------------------------------------------------------------
const FIXTURES = join(import.meta.dirname, 'fixtures');
const PUBLIC_FILES = [
  { file: 'odm-public/redcap-redcapr-survey-project.xml', producer: 'REDCap 14.6.11', forms: 4, fields: 34 },
  { file: 'odm-public/cdisc-xml4pharma-ces-metadata-1-3-2.xml', producer: 'XML4Pharma CDISC ODM Study Designer', forms: 7, fields: 90 },
  { file: 'odm-public/odmlib-clinical-data-snapshot.xml', producer: 'odmlib', forms: 7, fields: 52 },
  { file: 'odm-1.3.2/examples/odmlib-cdash-metadata.xml', producer: 'odmlib', forms: 4, fields: 48 },
];

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, isArray: (_name, _path, _leaf, isAttribute) => !isAttribute });
type Node = Record<string, unknown[]> & Record<`@${string}`, string>;
const all = (node: Node | undefined, name: string) => ((node?.[name] as Node[] | undefined) ?? []);

/** Per FormDef of the file's first MetaDataVersion: its ItemRefs through its ItemGroupRefs, counted from the XML itself. */
function countInFile(text: string): { formDefs: number; itemRefsPerForm: number[] } {
  const doc = xml.parse(text) as Node;
  const study = all(all(doc, 'ODM')[0], 'Study').find((s) => all(s, 'MetaDataVersion').length > 0);
  const mdv = all(study, 'MetaDataVersion')[0];
  const groups = new Map(all(mdv, 'ItemGroupDef').map((g) => [g['@OID'], g] as const));
  const formDefs = all(mdv, 'FormDef');
  return {
    formDefs: formDefs.length,
    itemRefsPerForm: formDefs.map((fd) => all(fd, 'ItemGroupRef').reduce((n, ref) => n + all(groups.get(ref['@ItemGroupOID']), 'ItemRef').length, 0)),
  };
}

describe('public ODM files from other systems import through the procedure', () => {
  it('the fixtures are real files of 30-100 KB from at least three producers', () => {
    for (const f of PUBLIC_FILES) {
      const size = readFileSync(join(FIXTURES, f.file)).length;
      expect(size, f.file).toBeGreaterThan(30_000);
      expect(size, f.file).toBeLessThan(100_000);
    }
    expect(new Set(PUBLIC_FILES.map((f) => f.producer)).size).toBeGreaterThanOrEqual(3);
    expect(readFileSync(join(FIXTURES, PUBLIC_FILES[0]!.file), 'utf8')).toContain('redcap:Variable=');
  });

  it.each(PUBLIC_FILES)('$file: one form per FormDef, one field per ItemRef', async ({ file, forms, fields }) => {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    expect(text.length).toBeGreaterThan(5_000);
    const expected = countInFile(text);
    expect(expected.formDefs).toBeGreaterThan(0);
    // The numbers read from the file, pinned where they were checked by hand.
    if (forms) expect(expected.formDefs).toBe(forms);
    if (fields) expect(expected.itemRefsPerForm.reduce((a, b) => a + b, 0)).toBe(fields);

    const imported = await importAndRead('odm', text);
    expect(imported.length).toBe(expected.formDefs);
    expect(imported.map((f) => countFields(f.definition))).toEqual(expected.itemRefsPerForm);
    expect(imported.map((f) => f.fieldsCount)).toEqual(expected.itemRefsPerForm);
  });
});

// --- The limit ----------------------------------------------------------------------------------
describe('the import limit is the documented 2 MB', () => {
  const post = (input: unknown) => client.request('/trpc/forms.import', { method: 'POST', json: input });

  it('a file just over the old 5,000 characters imports over HTTP', async () => {
    const form = demoForms[0]!;
    let content = (await admin.forms.export({ id: form.id, format: 'odm' })).content;
    // Padding inside the root element keeps it a valid file just past the old cap.
    if (content.length <= 5_000) content = content.replace('</ODM>', `<!--${' '.repeat(5_001 - content.length)}--></ODM>`);
    expect(content.length).toBeGreaterThan(5_000);
    const res = await post({ studyId, format: 'odm', content });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).result.data.created).toHaveLength(1);
  });

  it('a file of exactly 2 MB imports over HTTP even when JSON doubles most of its characters', async () => {
    const form = demoForms[0]!;
    const base = (await admin.forms.export({ id: form.id, format: 'odm' })).content;
    // A comment of quotes: each is two bytes in the request's JSON, so the body is far above 2 MB.
    const padding = DOCUMENT_LIMITS.formImport - base.length - '<!---->'.length;
    const content = base.replace('</ODM>', `<!--${'"'.repeat(padding)}--></ODM>`);
    expect(content.length).toBe(DOCUMENT_LIMITS.formImport);
    expect(Buffer.byteLength(JSON.stringify({ content }))).toBeGreaterThan(1.9 * DOCUMENT_LIMITS.formImport);
    const res = await post({ studyId, format: 'odm', content });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).result.data.created).toHaveLength(1);
  }, 60_000);

  it('one character over 2 MB is refused with the limit in words, not a bare 413', async () => {
    const res = await post({ studyId, format: 'odm', content: 'x'.repeat(DOCUMENT_LIMITS.formImport + 1) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.error.message).toBe('The file is larger than the import limit of 2 MB (2,097,152 characters)');
  });

  it('the larger body is only for the document procedures: 2 MB to forms.create is still 413', async () => {
    const res = await client.request('/trpc/forms.create', { method: 'POST', json: { studyId, name: 'x'.repeat(2 * 1024 * 1024), category: 'Visit' } });
    expect(res.status).toBe(413);
  });
});
