// The character repertoire of a run's XPT files. XPT v5 has no field for an encoding, and reviewers' tools
// read its bytes as ASCII or Latin-1, so the run chooses (contracts SDTM_ENCODINGS) and the generation
// writes every dataset value through this before anything else sees it (lengths, value metadata, the XPT,
// CSV and Dataset-JSON files all hold the same text):
//   ascii         every non-ASCII character transliterated by any-ascii (é -> e, ß -> ss, “ -> ")
//   latin1        ISO 8859-1 characters kept (one byte each); others transliterated
//   windows-1252  Windows-1252 characters kept (one byte each, “ ” – € included); others transliterated
//   utf8          the text as it is (multi-byte characters), only on request
// Each changed value is reported with where it is (dataset, variable, record, USUBJID) and how many
// characters changed, never what it held: the report is stored with the run for authorised users.
import anyAscii from 'any-ascii';
import type { SdtmEncoding, SdtmEncodingChange } from '@ctp/contracts';
import type { XptEncoding } from '../formats/xpt.ts';

/** The report keeps this many changes listed; the count goes on past it. */
export const MAX_LISTED_CHANGES = 10_000;

// Windows-1252's 0x80-0x9F characters (the five unassigned bytes excluded).
const CP1252_HIGH = new Set([
  0x20ac, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x17d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x17e, 0x178,
]);

/** Whether the encoding holds the character (a UTF-16 code point) as one byte; utf8 holds all. */
export function representable(encoding: SdtmEncoding, codePoint: number): boolean {
  if (encoding === 'utf8') return true;
  if (codePoint < 0x80) return true;
  if (encoding === 'ascii') return false;
  if (encoding === 'latin1') return codePoint <= 0xff;
  return (codePoint >= 0xa0 && codePoint <= 0xff) || CP1252_HIGH.has(codePoint);
}

/** The XPT writer's codec for the run's encoding (ASCII is Latin-1's first half). */
export const xptEncodingOf = (encoding: SdtmEncoding): XptEncoding => (encoding === 'utf8' ? 'utf8' : encoding === 'windows-1252' ? 'windows-1252' : 'latin1');

/** The bytes a value takes in the XPT file (after conversion every character of a one-byte encoding is one byte). */
export const byteLengthIn = (encoding: SdtmEncoding, text: string): number => (encoding === 'utf8' ? Buffer.byteLength(text, 'utf8') : text.length);

/** The text with every character the encoding lacks transliterated, and how many were. */
export function convertText(encoding: SdtmEncoding, text: string): { text: string; replaced: number } {
  if (encoding === 'utf8' || /^[\x20-\x7e\t\r\n]*$/.test(text)) return { text, replaced: 0 };
  let out = '';
  let replaced = 0;
  for (const ch of text) {
    if (representable(encoding, ch.codePointAt(0)!)) out += ch;
    else {
      out += anyAscii(ch);
      replaced += 1;
    }
  }
  return { text: out, replaced };
}

export class RunTextEncoder {
  private listed: SdtmEncodingChange[] = [];
  private total = 0;

  constructor(readonly encoding: SdtmEncoding) {}

  /** The record with its text values converted; each changed value is reported. */
  convertRecord<T extends Record<string, unknown>>(dataset: string, recordNumber: number, record: T): T {
    if (this.encoding === 'utf8') return record;
    let out: T | null = null;
    for (const [variable, value] of Object.entries(record)) {
      if (typeof value !== 'string') continue;
      const { text, replaced } = convertText(this.encoding, value);
      if (!replaced) continue;
      out ??= { ...record };
      (out as Record<string, unknown>)[variable] = text;
      this.total += 1;
      if (this.listed.length < MAX_LISTED_CHANGES) {
        const usubjid = typeof record.USUBJID === 'string' ? convertText(this.encoding, record.USUBJID).text : null;
        this.listed.push({ dataset, variable, record: recordNumber, usubjid, change: this.encoding === 'ascii' ? 'transliterated' : 'not representable', characters: replaced });
      }
    }
    return out ?? record;
  }

  get changes(): number {
    return this.total;
  }

  report(): SdtmEncodingChange[] {
    return this.listed;
  }

  /** The run's note on its encoding (counts only). */
  note(): string {
    const what = this.encoding === 'ascii' ? 'transliterated to ASCII' : `not representable in ${this.encoding === 'latin1' ? 'Latin-1' : 'Windows-1252'}, transliterated`;
    if (this.encoding === 'utf8') return 'XPT text written as UTF-8 (on request): tools that read XPT as Latin-1 or ASCII show other characters for non-ASCII text';
    return this.total
      ? `XPT text encoding ${this.encoding}: ${this.total} value${this.total === 1 ? '' : 's'} ${what} (listed in the run's encoding report${this.total > MAX_LISTED_CHANGES ? `, the first ${MAX_LISTED_CHANGES}` : ''})`
      : `XPT text encoding ${this.encoding}: no value needed a change`;
  }
}
