// Protocol analysis speaks USDM (issue 32 item 3): POST /api/studies/analyze-protocol/usdm answers the
// analysis of a real protocol file as one USDM 4.0 document, valid against the shipped schema, with each
// finding's evidence kept as notes; read back through the USDM import, it gives the visits, windows and
// forms due that the analysis found.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolAnalysis } from '@ctp/contracts';
import { schemaProblem } from '../src/modules/usdm/schema.ts';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, testConfig, TestClient, demoEmail, type TestServer } from './support/app.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/protocols');

let t: TestDatabase;
let server: TestServer;
const clients: Record<string, TestClient> = {};

async function client(role: string) {
  if (!clients[role]) {
    clients[role] = new TestClient(server.url);
    expect((await clients[role].login(demoEmail(role))).status).toBe(200);
  }
  return clients[role];
}

async function post(role: string, url: string, field: string, name: string, content: Buffer | string) {
  const form = new FormData();
  form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  const res = await (await client(role)).request(url, { method: 'POST', body: form, headers: { origin: server.url } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  server = await startServer(t.database, testConfig());
});
afterAll(async () => {
  await server?.close();
  await t?.cleanup();
});

describe('a protocol analysis as USDM', () => {
  for (const file of ['alpha-table.pdf', 'alpha-table.docx', 'beta-prose.txt']) {
    it(`writes the analysis of ${file} as a valid USDM 4.0 document that reads back to the same schedule`, async () => {
      const content = fs.readFileSync(path.join(fixtures, file));
      const analysed = await post('study-manager', '/api/studies/analyze-protocol', 'protocol', file, content);
      expect(analysed.status).toBe(200);
      const analysis = JSON.parse(analysed.text) as ProtocolAnalysis;
      expect(analysis.visits.length).toBeGreaterThan(0);

      const res = await post('study-manager', '/api/studies/analyze-protocol/usdm', 'protocol', file, content);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/-usdm\.json/);
      const doc = JSON.parse(res.text);
      expect(schemaProblem(doc, 'Wrapper-Output')).toBeNull();
      expect(schemaProblem(doc, 'Wrapper-Input')).toBeNull();

      const version = doc.study.versions[0];
      const design = version.studyDesigns[0];
      expect(design.encounters.map((e: any) => e.label)).toEqual(analysis.visits.map((v) => v.name));
      expect(design.activities.map((a: any) => a.name)).toEqual(analysis.proposedForms.map((f) => f.name));
      expect(design.arms).toEqual([]);
      // Evidence travels as notes: every encounter quotes the protocol text it was read from.
      design.encounters.forEach((e: any, i: number) => {
        expect(e.notes.map((n: any) => n.text).join('\n')).toContain(analysis.visits[i]!.evidence.text);
      });
      const criteria = analysis.criteria.inclusion.length + analysis.criteria.exclusion.length;
      expect(version.eligibilityCriterionItems).toHaveLength(criteria);
      if (criteria > 0) expect(version.eligibilityCriterionItems[0].notes[0].text).toMatch(/^Evidence \(/);
      expect(version.notes[0].text).toContain(file);

      // Read back through the USDM import: the same visits, days, windows and forms due.
      const imported = await post('study-manager', '/api/studies/import-usdm', 'file', 'analysis-usdm.json', res.text);
      expect(imported.status, imported.text).toBe(200);
      const proposal = JSON.parse(imported.text).proposal;
      expect(proposal.visits.map((v: any) => [v.name, v.dayOffset, v.windowBefore, v.windowAfter])).toEqual(
        analysis.visits.map((v) => [v.name, v.day, v.windowBefore, v.windowAfter]),
      );
      const codeOf = new Map(proposal.visits.map((v: any, i: number) => [v.code, analysis.visits[i]!.code]));
      expect(proposal.forms.map((f: any) => [f.name, f.libraryDomain, f.visitCodes.map((c: string) => codeOf.get(c))])).toEqual(
        analysis.proposedForms.map((f) => [f.name, f.libraryDomain, f.visits.filter((c) => analysis.visits.some((v) => v.code === c))]),
      );
      expect(proposal.study.plannedEnrollment).toBe(analysis.plannedEnrollment?.value ?? null);
    });
  }

  it('is for the roles that build forms, and refuses what the analysis refuses', async () => {
    const content = fs.readFileSync(path.join(fixtures, 'alpha-table.txt'));
    expect((await post('monitor', '/api/studies/analyze-protocol/usdm', 'protocol', 'alpha-table.txt', content)).status).toBe(403);
    const bad = await post('data-manager', '/api/studies/analyze-protocol/usdm', 'protocol', 'protocol.exe', Buffer.from('MZ\x90\x00not a protocol'));
    expect(bad.status).toBe(400);
    expect((await post('data-manager', '/api/studies/analyze-protocol/usdm', 'protocol', 'alpha-table.txt', content)).status).toBe(200);
  });
});
