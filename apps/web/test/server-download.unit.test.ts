// The streamed downloads' URL and file name: set parameters only (lists joined by commas), and the
// Content-Disposition name as the API writes it (content-disposition's filename* for non-ASCII names).
import { describe, expect, it } from 'vitest';
import { create as contentDisposition } from 'content-disposition';
import { attachmentName, queryString } from '../src/lib/server-download';

describe('queryString', () => {
  it('keeps set parameters, joins lists and leaves out empty ones', () => {
    expect(queryString({ studyId: 3, search: '', archived: undefined, live: true, ids: [4, 5] })).toBe('?studyId=3&live=true&ids=4%2C5');
    expect(queryString({ search: null })).toBe('');
    expect(queryString({ search: 'a&b c' })).toBe('?search=a%26b+c');
  });
});

describe('attachmentName', () => {
  it('reads the names the API writes, plain and extended', () => {
    expect(attachmentName(contentDisposition('queries-2026-11-28.csv', { type: 'attachment' }), 'x')).toBe('queries-2026-11-28.csv');
    expect(attachmentName(contentDisposition('étude-ü.csv', { type: 'attachment' }), 'x')).toBe('étude-ü.csv');
    expect(attachmentName('attachment; filename=plain.csv', 'x')).toBe('plain.csv');
  });
  it('falls back when there is no name or a broken escape', () => {
    expect(attachmentName(null, 'fallback.csv')).toBe('fallback.csv');
    expect(attachmentName('attachment', 'fallback.csv')).toBe('fallback.csv');
    expect(attachmentName("attachment; filename*=UTF-8''%E0%A4%A; filename=\"ok.csv\"", 'x')).toBe('ok.csv');
  });
});
