// Schema validation of a Define-XML 2.1 document with xmllint against the official XSD set in
// test/fixtures/define-xml-2.1 (apt-get install -y libxml2-utils; SKIP_XMLLINT=1 skips these checks).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

export const DEFINE_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'define-xml-2.1');
const XSD = join(DEFINE_FIXTURES, 'schema', 'cdisc-define-2.1', 'define2-1-0.xsd');
/** The ODM 1.3.2 schema the form metadata tests use (pass it as `xsd` to validate ODM instead of Define-XML). */
export const ODM_XSD = join(import.meta.dirname, '..', 'fixtures', 'odm-1.3.2', 'schema', 'ODM1-3-2.xsd');

export const skipXmllint = process.env.SKIP_XMLLINT === '1';
if (skipXmllint) console.warn('SKIP_XMLLINT=1: the Define-XML XSD validation tests (xmllint) are skipped.');
/** `it`, or `it.skip` when SKIP_XMLLINT=1. */
export const itXsd = skipXmllint ? it.skip : it;

let tempDir: string | null = null;
afterAll(() => {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
});

/** xmllint --schema on a file; fails (not skips) when xmllint is missing. */
export function xmllint(file: string, xsd = XSD) {
  const version = spawnSync('xmllint', ['--version']);
  if (version.error || version.status !== 0) {
    throw new Error(
      'xmllint is not installed: install libxml2-utils (apt-get install -y libxml2-utils), or set SKIP_XMLLINT=1 to skip the XSD validation tests.',
    );
  }
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' });
  // The schema parser's warnings about the ODM namespace imported twice are the schema set's own.
  const errors = result.stderr
    .split('\n')
    .filter((line) => line.trim() && !line.includes('Schemas parser warning') && !line.endsWith(' validates'))
    .join('\n');
  return { status: result.status, stderr: result.stderr, errors };
}

/** Writes the document to a temporary file and expects the XSD to accept it. */
export function expectSchemaValid(xml: string, name: string, xsd = XSD) {
  tempDir ??= mkdtempSync(join(tmpdir(), 'ctp-define-'));
  const file = join(tempDir, `${name}.xml`);
  writeFileSync(file, xml);
  const result = xmllint(file, xsd);
  // On failure the message shows xmllint's own errors.
  expect(result.errors, `xmllint on ${name}`).toBe('');
  expect(result.stderr).toContain(`${name}.xml validates`);
  expect(result.status).toBe(0);
}

/** A temporary directory for documents checked with xmllint, removed after the file's tests. */
export function xmlTempDir(): string {
  tempDir ??= mkdtempSync(join(tmpdir(), 'ctp-define-'));
  return tempDir;
}
