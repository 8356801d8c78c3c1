// The checks an uploaded package passes before anything is stored: a zip entry's name that could reach
// outside its folder, and each kind's content (XPT by its library header, JSON and XML by their first
// character in UTF-8 text, CSV as UTF-8 text without NUL bytes).
import { describe, expect, it } from 'vitest';
import { contentMatches, kindOf } from '../src/modules/cdisc/validation/package/package-upload.ts';
import { isTraversal } from '../src/modules/cdisc/validation/package/zip-entries.ts';

describe('isTraversal', () => {
  it('refuses names that climb, are absolute, use backslashes or drive letters', () => {
    for (const name of ['../dm.xpt', 'sdtm/../../dm.xpt', '/etc/passwd', 'C:dm.xpt', 'c:/dm.xpt', 'sdtm\\dm.xpt', '..']) expect(isTraversal(name), name).toBe(true);
  });
  it('accepts names inside the archive, folders included', () => {
    for (const name of ['dm.xpt', 'sdtm/dm.xpt', 'a/b/define.xml', 'x..y.csv', '..hidden.csv']) expect(isTraversal(name), name).toBe(false);
  });
});

describe('the content of each kind', () => {
  const xpt = Buffer.from('HEADER RECORD*******LIBRARY HEADER RECORD!!!!!!!000000000000000000000000000000  ');
  it('reads the kind from the name', () => {
    expect(['a.ZIP', 'dm.xpt', 'dm.json', 'dm.ndjson', 'dm.csv', 'define.xml', 'notes.txt', 'noext'].map(kindOf)).toEqual(['zip', 'xpt', 'json', 'ndjson', 'csv', 'xml', null, null]);
  });
  it('knows an XPT by its library header', () => {
    expect(contentMatches('xpt', xpt)).toBe(true);
    expect(contentMatches('xpt', Buffer.from('%PDF-1.4'))).toBe(false);
  });
  it('knows JSON and XML text by their first character, after a byte-order mark and white space', () => {
    expect(contentMatches('json', Buffer.from('\uFEFF  {"name":"DM"}'))).toBe(true);
    expect(contentMatches('json', Buffer.from('[1,2]'))).toBe(false);
    expect(contentMatches('xml', Buffer.from('<?xml version="1.0"?><ODM/>'))).toBe(true);
    expect(contentMatches('xml', Buffer.from('ODM'))).toBe(false);
  });
  it('takes CSV as UTF-8 text without NUL bytes', () => {
    expect(contentMatches('csv', Buffer.from('STUDYID,USUBJID\nS1,S1-001\n'))).toBe(true);
    expect(contentMatches('csv', Buffer.from([0x41, 0x00, 0x42]))).toBe(false);
    expect(contentMatches('csv', Buffer.from([0xff, 0xfe, 0x41]))).toBe(false);
    expect(contentMatches('json', xpt)).toBe(false);
  });
});
