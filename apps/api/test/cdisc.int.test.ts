// The CDISC standards catalogue against a real database (loaded by migrations 0019 and 0026 from the
// checked-in cdisc-catalogue.json and adam-catalogue.json): cdisc.domains with the spec's CDISC domain fields, search on code or name in
// any case combined with the type filter All/SDTM/CDASH/ADaM, counts equal to the catalogue, paging;
// cdisc.variables with each variable's metadata; cdisc.standards; who may read it (every role, not
// anonymous callers).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@ctp/contracts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, TestClient, type TestServer } from './support/app.ts';
import { callersForEveryRole, rejects, type Caller } from './support/procedures.ts';

type Cell = string | number | null;
const REFERENCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/db/src/reference');
const read = (file: string) => JSON.parse(readFileSync(path.join(REFERENCE, file), 'utf8')) as { datasets: Cell[][]; variables: Cell[][] };
// SDTMIG and CDASHIG, then ADaM: the order the Domains tab lists them in
const [shipped, adam] = [read('cdisc-catalogue.json'), read('adam-catalogue.json')];
const catalogue = { datasets: [...shipped.datasets, ...adam.datasets], variables: [...shipped.variables, ...adam.variables] };
const TYPE_OF: Record<string, string> = { SDTMIG: 'SDTM', CDASHIG: 'CDASH', ADaMIG: 'ADaM' };
/** The catalogue's own answer: dataset codes of a type whose code or name contains the term, any case. */
function expectedCodes(type: string, term = ''): string[] {
  const t = term.toLowerCase();
  return catalogue.datasets
    .filter((d) => type === 'All' || TYPE_OF[String(d[0])] === type)
    .filter((d) => String(d[1]).toLowerCase().includes(t) || String(d[2]).toLowerCase().includes(t))
    .map((d) => String(d[1]));
}
const variableCount = (standard: string, code: string) => catalogue.variables.filter((v) => v[0] === standard && v[1] === code).length;

let t: TestDatabase;
let as: Record<string, Caller>;
let server: TestServer;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
  server = await startServer(t.database);
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

const allDomains = async (caller: Caller, input: { search?: string; type?: 'All' | 'SDTM' | 'CDASH' | 'ADaM' }) => {
  const first = await caller.cdisc.domains({ ...input, limit: 100 });
  const rest = first.total > 100 ? await caller.cdisc.domains({ ...input, limit: 100, offset: 100 }) : { items: [] };
  return { total: first.total, items: [...first.items, ...rest.items] };
};

describe('cdisc.domains', () => {
  it('lists every loaded domain with the spec fields: SDTMIG 3.4, CDASHIG 2.2, then ADaM', async () => {
    const all = await allDomains(as.coordinator!, {});
    expect(all.total).toBe(catalogue.datasets.length);
    expect(all.items.map((d) => d.domainCode)).toEqual(expectedCodes('All'));
    const dm = all.items.find((d) => d.domainCode === 'DM' && d.standard === 'SDTMIG')!;
    expect(dm).toEqual({
      id: expect.any(Number),
      domainCode: 'DM',
      domainName: 'Demographics',
      domainType: 'SDTM',
      description: 'Special Purpose class dataset. Structure: One record per subject.',
      version: '3.4',
      variableCount: variableCount('SDTMIG', 'DM'),
      // No study mapping is approved in a fresh database (cdisc-mapping.int.test.ts approves some).
      mappingCount: 0,
      standard: 'SDTMIG',
      class: 'Special Purpose',
      structure: 'One record per subject',
    });
    expect(dm.variableCount).toBeGreaterThan(20);
    for (const d of all.items) {
      expect(d.variableCount, d.domainCode).toBe(variableCount(d.standard, d.domainCode));
      expect(d.version).toBe({ SDTMIG: '3.4', CDASHIG: '2.2', ADaMIG: '1.1' }[d.standard]);
    }
    expect(all.items.find((d) => d.domainCode === 'LB.CentralProcessing')).toMatchObject({
      domainType: 'CDASH',
      domainName: 'Laboratory Test Results (Central Processing)',
      version: '2.2',
    });
  });

  it('filters by type on the server: SDTM 63, CDASH, and ADaM (ADSL and ADAE from the Define-XML example)', async () => {
    const sdtm = await allDomains(as.monitor!, { type: 'SDTM' });
    expect(sdtm.total).toBe(63);
    expect(sdtm.items.every((d) => d.domainType === 'SDTM')).toBe(true);
    const cdash = await allDomains(as.monitor!, { type: 'CDASH' });
    expect(cdash.total).toBe(expectedCodes('CDASH').length);
    expect(cdash.items.every((d) => d.domainType === 'CDASH' && d.version === '2.2')).toBe(true);
    const adamDomains = await as.monitor!.cdisc.domains({ type: 'ADaM' });
    expect(adamDomains.items.map((d) => [d.domainCode, d.standard, d.version, d.variableCount, d.mappingCount])).toEqual([
      ['ADSL', 'ADaMIG', '1.1', variableCount('ADaMIG', 'ADSL'), 0],
      ['ADAE', 'ADaMIG', '1.1', variableCount('ADaMIG', 'ADAE'), 0],
    ]);
    const adsl = await as.monitor!.cdisc.variables({ domainId: adamDomains.items[0]!.id });
    expect(adsl.variables.find((v) => v.name === 'SEX')).toMatchObject({ codelistCode: 'C66731', core: null, notes: 'Origin: Predecessor (DM.SEX).' });
  });

  it('searches code or name in any case, combined with the type filter', async () => {
    for (const [term, type] of [
      ['dm', 'All'],
      ['DM', 'SDTM'],
      ['dM', 'CDASH'],
      ['demograph', 'SDTM'],
      ['ADVERSE', 'All'],
      ['vital signs', 'CDASH'],
      ['lb', 'All'],
    ] as const) {
      const found = await allDomains(as.sponsor!, { search: term, type });
      expect(found.items.map((d) => d.domainCode), `${term} ${type}`).toEqual(expectedCodes(type, term));
      expect(found.total).toBe(found.items.length);
    }
    // By code and by name, each finding SDTM DM.
    expect((await allDomains(as.sponsor!, { search: 'dm', type: 'SDTM' })).items.map((d) => d.domainCode)).toContain('DM');
    expect((await allDomains(as.sponsor!, { search: 'DEMOGRAPHICS', type: 'SDTM' })).items.map((d) => d.domainCode)).toEqual(['DM']);
    // Wildcards are plain characters.
    expect((await as.sponsor!.cdisc.domains({ search: '%' })).total).toBe(0);
    expect((await as.sponsor!.cdisc.domains({ search: 'zzz-none' })).items).toEqual([]);
  });

  it('pages in SQL and keeps the total past the last page', async () => {
    const page = await as.investigator!.cdisc.domains({ type: 'SDTM', limit: 10, offset: 60 });
    expect(page.items).toHaveLength(3);
    expect(page.total).toBe(63);
    const past = await as.investigator!.cdisc.domains({ type: 'SDTM', limit: 10, offset: 70 });
    expect(past).toMatchObject({ items: [], total: 63 });
  });

  it('refuses unbounded or unknown input with 400', async () => {
    await rejects(as.admin!.cdisc.domains({ search: 'x'.repeat(101) }), 'BAD_REQUEST');
    await rejects(as.admin!.cdisc.domains({ type: 'SEND' as never }), 'BAD_REQUEST');
    await rejects(as.admin!.cdisc.domains({ limit: 1000 }), 'BAD_REQUEST');
    await rejects(as.admin!.cdisc.variables({ domainId: 2 ** 31 }), 'BAD_REQUEST');
  });
});

describe('cdisc.variables', () => {
  it("lists DM's variables in the guide's order with their metadata", async () => {
    const dm = (await as['data-manager']!.cdisc.domains({ search: 'dm', type: 'SDTM' })).items.find((d) => d.domainCode === 'DM')!;
    const { domain, variables } = await as['data-manager']!.cdisc.variables({ domainId: dm.id });
    expect(domain).toEqual(dm);
    expect(variables).toHaveLength(dm.variableCount);
    expect(variables.map((v) => v.order)).toEqual(variables.map((_, i) => i + 1));
    const byName = new Map(variables.map((v) => [v.name, v]));
    expect(byName.get('USUBJID')).toMatchObject({ order: 3, label: 'Unique Subject Identifier', simpleType: 'Char', role: 'Identifier', core: 'Req' });
    expect(byName.get('AGE')).toMatchObject({ label: 'Age', dataType: 'double', simpleType: 'Num', core: 'Exp', role: 'Record Qualifier' });
    expect(byName.get('SEX')).toMatchObject({ core: 'Req', codelistCode: 'C66731', codelistName: 'SEX' });
    expect(byName.get('RACE')?.notes).toMatch(/Race of the subject/);
    expect(byName.get('USUBJID')?.sdtmTargets).toBeNull();
  });

  it('gives CDASH items their SDTM targets', async () => {
    const ae = (await as.admin!.cdisc.domains({ search: 'AE', type: 'CDASH' })).items.find((d) => d.domainCode === 'AE')!;
    const { variables } = await as.admin!.cdisc.variables({ domainId: ae.id });
    expect(variables.find((v) => v.name === 'AESTDAT')).toMatchObject({ sdtmTargets: 'AE.AESTDTC', core: 'HR', role: null });
  });

  it('answers NOT_FOUND for a domain that does not exist', async () => {
    await rejects(as.admin!.cdisc.variables({ domainId: 999_999 }), 'NOT_FOUND', 'Domain not found');
  });
});

describe('cdisc.standards', () => {
  it('lists SDTMIG 3.4, CDASHIG 2.2 and the ADaM example with their counts', async () => {
    const standards = await as['study-manager']!.cdisc.standards();
    expect(standards.map((s) => [s.code, s.version, s.type, s.domainCount, s.variableCount])).toEqual([
      ['SDTMIG', '3.4', 'SDTM', 63, 1917],
      ['CDASHIG', '2.2', 'CDASH', expectedCodes('CDASH').length, catalogue.variables.filter((v) => v[0] === 'CDASHIG').length],
      ['ADaMIG', '1.1', 'ADaM', 2, catalogue.variables.filter((v) => v[0] === 'ADaMIG').length],
    ]);
    expect(standards[0]!.loadedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('access', () => {
  it('every role may read the catalogue', async () => {
    for (const role of ROLES) expect((await as[role]!.cdisc.domains({ limit: 1 })).total, role).toBe(catalogue.datasets.length);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const c = new TestClient(server.url);
    const res = await c.request(`/trpc/cdisc.domains?input=${encodeURIComponent(JSON.stringify({ search: 'dm' }))}`);
    expect(res.status).toBe(401);
    expect((await c.request('/trpc/cdisc.variables?input=%7B%22domainId%22%3A1%7D')).status).toBe(401);
  });
});
