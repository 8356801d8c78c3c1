// The SDTM package a reviewer receives (issue 25 items 5-7), on the seeded demo database: a study given a
// non-ASCII title and phase II, generated three times (ASCII, Latin-1, UTF-8), the files read back with the
// repo's readers.
//   TS: every TSPARMCD and TSPARM is CDISC CT (paired by C-code); the parameters the product knows are
//       there (title, phase, dates, planned and actual subjects, sponsor, arms, model, length, countries,
//       versions), coded where the value is coded (TPHASE C15601 with CDISC CT and its version, INTMODEL,
//       FCNTRY, ISO 8601); the required ones it does not record carry TSVALNF NI and no value.
//   Encoding: ASCII transliterates and reports where (not what); Latin-1 writes é as one byte; UTF-8 only
//       when asked; the run says its encoding and the define.xml says it too; REST takes it as optional.
//   define.xml: xmllint-valid; the coded terms point at an ExternalCodeList naming the study's dictionary
//       and version; Dataset-JSON's studyOID and metaDataVersionOID are define.xml's; the zip holds every
//       stylesheet define.xml points at (none); every term of a CDISC code list has its NCI code or is
//       marked def:ExtendedValue; each dataset's DOMAIN has its own "Domain Abbreviation (XX)" list.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStore, sql, withActor } from '@ctp/db';
import type { SdtmEncoding } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, testConfig, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';
import { expectSchemaValid, itXsd } from './support/xmllint.ts';
import { readXpt, type XptDataset } from '../src/modules/cdisc/formats/xpt.ts';
import { readDatasetJson } from '../src/modules/cdisc/formats/dataset-json.ts';
import { awaitSdtmRun } from '../src/modules/cdisc/sdtm/generate.ts';
import { CT_VERSION, codeList, termByCode } from '../src/modules/cdisc/terminology/ct.ts';
import { storageDirOf } from '../src/config.ts';

const TITLE = 'Étude de phase II: céphalée après traitement';
let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;
let studyId: number;
let studyCode: string;
const runs: Partial<Record<SdtmEncoding, number>> = {};
const files = new BlobStore(storageDirOf(testConfig()));

async function generate(encoding: SdtmEncoding): Promise<number> {
  const { runId } = await as.admin!.sdtm.exportSdtm({ studyId, encoding });
  await awaitSdtmRun(runId);
  return runId;
}
async function stored(runId: number, domain: string, format: 'xpt' | 'json'): Promise<Buffer> {
  const info = await as.monitor!.sdtm.fileInfo({ runId, domain, format });
  const chunks: Buffer[] = [];
  for await (const c of files.createReadStream(info.sha256)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const tsRows = (ds: XptDataset) =>
  ds.rows.map((r) => Object.fromEntries(ds.variables.map((v, k) => [v.name, r[k]])) as Record<string, string | number | null>);

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
  const db = t.database.db;
  const s = await sql<{ id: number; code: string }>`
    select st.id, st.code from studies st join forms f on f.study_id = st.id and f.code = 'AE_REPORT'
      join form_submissions s on s.form_id = f.id group by st.id, st.code order by count(*) desc limit 1`.execute(db);
  studyId = s.rows[0]!.id;
  studyCode = s.rows[0]!.code;
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
  const term = await db.selectFrom('codingTerms').selectAll().limit(1).executeTakeFirstOrThrow();
  const aes = await sql<{ id: number; siteId: number; term: string }>`
    select s.id, s.site_id as "siteId", s.data->>'AETERM' as term from form_submissions s join forms f on f.id = s.form_id
     where f.code = 'AE_REPORT' and s.study_id = ${studyId} and s.status <> 'draft' order by s.id limit 2`.execute(db);
  await withActor(db, { userId: admin.id, reason: 'test: a study title with accents, and coded terms', clientIp: null }, async (tx) => {
    await tx.updateTable('studies').set({ title: TITLE, phase: 'Phase II' }).where('id', '=', studyId).execute();
    for (const ae of aes.rows) {
      await tx
        .insertInto('codingDecisions')
        .values({
          studyId, siteId: ae.siteId, submissionId: ae.id, fieldPath: 'AETERM', verbatim: ae.term, normalized: ae.term.toLowerCase(),
          dictionaryId: term.dictionaryId, status: 'coded', method: 'coder', score: 1, reasons: 'test', decidedBy: admin.id, decidedAt: new Date(),
          lltCode: term.lltCode, lltName: term.lltName, ptCode: term.ptCode, ptName: term.ptName, hltCode: term.hltCode, hltName: term.hltName,
          hlgtCode: term.hlgtCode, hlgtName: term.hlgtName, socCode: term.socCode, socName: term.socName,
        } as never)
        .onConflict((oc) => oc.columns(['submissionId', 'fieldPath']).doNothing())
        .execute();
    }
  });
  runs.ascii = await generate('ascii');
  runs.latin1 = await generate('latin1');
  runs.utf8 = await generate('utf8');
}, 600_000);
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

describe('TS: a full coded trial summary', () => {
  it('has every parameter in CDISC CT, those the product knows with their codes, and TSVALNF where it does not', async () => {
    const ts = readXpt(await stored(runs.ascii!, 'TS', 'xpt'));
    const rows = tsRows(ts);
    const parmcd = codeList('C66738')!;
    for (const r of rows) {
      const term = parmcd.terms.find((x) => x.value === r.TSPARMCD);
      expect(term?.code, String(r.TSPARMCD)).toMatch(/^C\d+$/);
      expect(r.TSPARM).toBe(termByCode('C67152', term!.code!)!.value);
      // a value or a null flavor, never both (CORE-000041), and a code only with a value
      expect(r.TSVAL === '' ? 'NF' : 'VAL', String(r.TSPARMCD)).toBe(r.TSVALNF === 'NI' ? 'NF' : 'VAL');
      if (r.TSVALCD) expect(r.TSVAL).not.toBe('');
    }
    const by = (code: string) => rows.filter((r) => r.TSPARMCD === code);
    const one = (code: string) => {
      expect(by(code), code).toHaveLength(1);
      return by(code)[0]!;
    };
    // TSSEQ unique within TSPARMCD (CORE-000154)
    expect(new Set(rows.map((r) => `${r.TSPARMCD}.${r.TSSEQ}`)).size).toBe(rows.length);

    const study = await t.database.db.selectFrom('studies').selectAll().where('id', '=', studyId).executeTakeFirstOrThrow();
    expect(one('TITLE').TSVAL).toBe('Etude de phase II: cephalee apres traitement');
    expect(one('TPHASE')).toMatchObject({ TSVAL: 'PHASE II TRIAL', TSVALCD: 'C15601', TSVCDREF: 'CDISC CT', TSVCDVER: CT_VERSION });
    expect(one('SSTDTC')).toMatchObject({ TSVAL: String(study.startDate), TSVCDREF: 'ISO 8601' });
    expect(one('PLANSUB').TSVAL).toBe(String(study.targetEnrollment));
    const enrolled = await t.database.db.selectFrom('patients').select((eb) => eb.fn.countAll<number>().as('n')).where('studyId', '=', studyId).where('enrollmentDate', 'is not', null).executeTakeFirstOrThrow();
    expect(one('ACTSUB').TSVAL).toBe(String(enrolled.n));
    expect(one('SPONSOR').TSVAL).toBe(study.sponsorName);
    expect(one('THERAREA').TSVAL).toBe(study.therapeuticArea);
    expect(one('SDTIGVER').TSVAL).toBe('3.4');
    expect(one('SDTMVER').TSVAL).toBe('2.0');
    // the demo design: two arms, each screening, one treatment (drug or placebo) and follow-up
    const arms = await t.database.db.selectFrom('trialArms').select('id').where('studyId', '=', studyId).execute();
    expect(one('NARMS').TSVAL).toBe(String(arms.length));
    expect(one('INTMODEL')).toMatchObject({ TSVAL: 'PARALLEL', TSVALCD: 'C82639', TSVCDREF: 'CDISC CT', TSVCDVER: CT_VERSION });
    expect(one('LENGTH')).toMatchObject({ TSVAL: 'P104D', TSVCDREF: 'ISO 8601' });
    const countries = by('FCNTRY');
    expect(countries.length).toBeGreaterThan(0);
    for (const c of countries) expect(c).toMatchObject({ TSVAL: expect.stringMatching(/^[A-Z]{3}$/), TSVCDREF: 'ISO 3166-1 alpha-3' });
    for (const c of countries) expect(c.TSVALCD).toBe(c.TSVAL);
    // what the product does not record: a null flavor, no invented value
    for (const code of ['TBLIND', 'RANDOM', 'TCNTRL', 'AGEMIN', 'AGEMAX', 'SEXPOP', 'TTYPE', 'INDIC', 'OBJPRIM', 'TRT', 'STYPE'])
      expect(one(code), code).toMatchObject({ TSVAL: '', TSVALNF: 'NI', TSVALCD: '', TSVCDREF: '' });
    // more parameters than the CDISC pilot's 25, each coded where its value is
    expect(new Set(rows.map((r) => r.TSPARMCD)).size).toBeGreaterThanOrEqual(25);
    const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
    expect(run.datasets.find((d) => d.domain === 'TS')!.variables.map((v) => v.name)).toEqual(
      expect.arrayContaining(['TSVALNF', 'TSVALCD', 'TSVCDREF', 'TSVCDVER']),
    );
  });
});

describe('XPT text encoding per run', () => {
  it('ASCII (the default) transliterates, reports where, and records the choice with the run', async () => {
    const bytes = await stored(runs.ascii!, 'TS', 'xpt');
    // every character value is ASCII (numbers are IBM floating point, any byte)
    const read = readXpt(bytes, { encoding: 'latin1' });
    for (const row of read.rows) for (const v of row) if (typeof v === 'string') expect(v).toMatch(/^[\x20-\x7e]*$/);
    expect(bytes.includes(Buffer.from('Etude de phase II: cephalee apres traitement', 'ascii'))).toBe(true);
    const report = await as.monitor!.sdtm.encodingReport({ runId: runs.ascii! });
    expect(report.encoding).toBe('ascii');
    expect(report.total).toBe(report.changes.length);
    const ts = tsRows(readXpt(bytes));
    const titleRecord = ts.findIndex((r) => r.TSPARMCD === 'TITLE') + 1;
    expect(report.changes).toContainEqual({ dataset: 'TS', variable: 'TSVAL', record: titleRecord, usubjid: null, change: 'transliterated', characters: 4 });
    // where, never what
    expect(JSON.stringify(report)).not.toMatch(/[^\x20-\x7e]|phase II/);
    const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
    expect(run.id).toBe(runs.utf8);
    const ascii = await t.database.db.selectFrom('sdtmRuns').select(['encoding', 'encodingChanges', 'notes']).where('id', '=', runs.ascii!).executeTakeFirstOrThrow();
    expect(ascii.encoding).toBe('ascii');
    expect(ascii.encodingChanges).toBe(report.total);
    expect(JSON.stringify(ascii.notes)).not.toContain('traitement');
    await rejects(as.sponsor!.sdtm.encodingReport({ runId: 999999 }), 'NOT_FOUND');
  });

  it('Latin-1 writes é as the single byte 0xE9, read back as the title', async () => {
    const bytes = await stored(runs.latin1!, 'TS', 'xpt');
    expect(bytes.includes(Buffer.from('tude de phase II: c\u00e9phal\u00e9e', 'latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from('é', 'utf8'))).toBe(false);
    const title = tsRows(readXpt(bytes, { encoding: 'latin1' })).find((r) => r.TSPARMCD === 'TITLE')!;
    expect(title.TSVAL).toBe(TITLE);
    const report = await as.monitor!.sdtm.encodingReport({ runId: runs.latin1! });
    expect(report.changes.filter((c) => c.dataset === 'TS')).toEqual([]);
  });

  it('UTF-8 only on request, and the Dataset-JSON of each run holds the same text as its XPT', async () => {
    const bytes = await stored(runs.utf8!, 'TS', 'xpt');
    expect(bytes.includes(Buffer.from('céphalée', 'utf8'))).toBe(true);
    const title = tsRows(readXpt(bytes)).find((r) => r.TSPARMCD === 'TITLE')!;
    expect(title.TSVAL).toBe(TITLE);
    const json = readDatasetJson(await stored(runs.ascii!, 'TS', 'json'));
    const k = json.columns.findIndex((c) => c.name === 'TSVAL');
    expect(json.rows.map((r) => r[k])).toContain('Etude de phase II: cephalee apres traitement');
  });

  it('REST: the encoding is optional ({studyId} stays valid, ASCII), an unknown one is a 400', async () => {
    const c = new TestClient(server.url);
    await c.login('data-manager@demo.local');
    expect((await c.request('/api/cdisc/export-sdtm', { method: 'POST', json: { studyId, encoding: 'ebcdic' } })).status).toBe(400);
    const res = await c.request('/api/cdisc/export-sdtm', { method: 'POST', json: { studyId } });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: number };
    await awaitSdtmRun(runId);
    const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
    expect(run).toMatchObject({ id: runId, encoding: 'ascii' });
    expect(run.encodingChanges).toBeGreaterThan(0);
    runs.ascii = runId;
  }, 300_000);
});

/** The entries of a ZIP (read from its central directory), inflated. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    out.set(name, zlib.inflateRawSync(buf.subarray(dataStart, dataStart + size)));
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

describe('define.xml of the package', () => {
  let xml = '';
  let entries: Map<string, Buffer>;
  beforeAll(async () => {
    const c = new TestClient(server.url);
    await c.login('monitor@demo.local');
    const res = await c.request(`/api/cdisc/sdtm/${runs.ascii}/all.zip`);
    expect(res.status).toBe(200);
    entries = unzip(Buffer.from(await res.arrayBuffer()));
    xml = entries.get('define.xml')!.toString('utf8');
  });

  itXsd('is valid against the Define-XML 2.1 schema', () => {
    expectSchemaValid(xml, 'package-define');
  });

  it('names the dictionary and version of the coded terms in an ExternalCodeList on AEDECOD, AEBODSYS and the rest', async () => {
    const used = await t.database.db
      .selectFrom('codingDecisions as c')
      .innerJoin('codingDictionaries as d', 'd.id', 'c.dictionaryId')
      .select(['d.system', 'd.version'])
      .distinct()
      .where('c.studyId', '=', studyId)
      .where('c.status', '=', 'coded')
      .orderBy('d.system')
      .execute();
    expect(used.length).toBe(1);
    const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const list = new RegExp(`<CodeList OID="([^"]+)" Name="[^"]*" DataType="text">\\s*<ExternalCodeList Dictionary="${esc(used[0]!.system)}" Version="${esc(used[0]!.version)}"`).exec(xml);
    expect(list, /<CodeList[^>]*>\s*<ExternalCodeList[^>]*>/.exec(xml)?.[0] ?? 'no ExternalCodeList').not.toBeNull();
    const coded = ['AELLT', 'AEDECOD', 'AEHLT', 'AEHLGT', 'AEBODSYS', 'AESOC', 'MHDECOD', 'MHBODSYS'].filter((v) => xml.includes(`<ItemDef OID="IT.${v.slice(0, 2)}.${v}"`));
    expect(coded).toEqual(expect.arrayContaining(['AEDECOD', 'AEBODSYS']));
    for (const v of coded) expect(xml, v).toMatch(new RegExp(`<ItemDef OID="IT\\.${v.slice(0, 2)}\\.${v}"[^>]*>[\\s\\S]*?<CodeListRef CodeListOID="${list![1]!.replace(/\./g, '\\.')}"/>`));
  });

  it('shares its Study and MetaDataVersion OIDs with every Dataset-JSON file', async () => {
    const studyOid = /<Study OID="([^"]+)"/.exec(xml)![1];
    const mdvOid = /<MetaDataVersion OID="([^"]+)"/.exec(xml)![1];
    expect(studyOid).toBe(`STDY.${studyCode}`);
    const run = (await as.admin!.sdtm.latestRun({ studyId }))!;
    for (const d of run.datasets) {
      const json = readDatasetJson(await stored(run.id, d.domain, 'json'));
      expect(json.studyOID, d.domain).toBe(studyOid);
      expect(json.metaDataVersionOID, d.domain).toBe(mdvOid);
    }
  });

  it('points at no stylesheet the zip lacks', () => {
    const hrefs = [...xml.matchAll(/<\?xml-stylesheet[^?]*href="([^"]+)"/g)].map((m) => m[1]!);
    for (const href of hrefs) expect([...entries.keys()]).toContain(href);
    for (const name of entries.keys()) expect(name).toMatch(/^([a-z0-9]+\.xpt|define\.xml|define2-1\.xsl)$/);
  });

  it('marks every term without an NCI code of a CDISC code list as an extended value', () => {
    const lists = [...xml.matchAll(/<CodeList OID="([^"]+)"[^>]*>([\s\S]*?)<\/CodeList>/g)];
    let terms = 0;
    for (const [, oid, body] of lists) {
      if (!/<Alias Context="nci:ExtCodeID" Name="C\d+"\/>\s*$/.test(body!)) continue;
      for (const item of body!.matchAll(/<(CodeListItem|EnumeratedItem) ([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
        terms += 1;
        const coded = /Context="nci:ExtCodeID"/.test(item[3] ?? '');
        expect(coded || /def:ExtendedValue="Yes"/.test(item[2]!), `${oid} ${item[2]}`).toBe(true);
        if (coded) expect(item[2]).not.toContain('def:ExtendedValue');
      }
    }
    expect(terms).toBeGreaterThan(0);
  });

  it('gives each dataset its own Domain Abbreviation code list, and says how the XPT text is encoded', () => {
    expect(xml).not.toMatch(/Name="TS Domain Abbreviation"/);
    for (const name of [...entries.keys()].filter((n) => n.endsWith('.xpt') && !n.startsWith('supp'))) {
      const d = name.slice(0, -4).toUpperCase();
      expect(xml, d).toMatch(new RegExp(`<ItemDef OID="IT\\.${d}\\.DOMAIN"[^>]*>[\\s\\S]*?<CodeListRef CodeListOID="CL\\.${d}\\.DOMAIN"/>`));
      expect(xml).toContain(`<CodeList OID="CL.${d}.DOMAIN" Name="Domain Abbreviation (${d})"`);
    }
    expect(xml).toMatch(/<def:CommentDef OID="COM\.XPT\.ENCODING">\s*<Description>\s*<TranslatedText xml:lang="en">[^<]*written as ASCII: characters outside ASCII were transliterated \(\d+ values? changed\)/);
    expect(xml).toMatch(/<ItemGroupDef OID="IG\.TS"[^>]*def:CommentOID="COM\.XPT\.ENCODING"/);
  });
});
