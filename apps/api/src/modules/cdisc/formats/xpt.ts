// SAS Transport (XPORT) version 5, the file format FDA and PMDA take SDTM and ADaM datasets in. No maintained
// npm library writes it, so this module does, after the published layout (SAS technical support TS-140, "The
// record layout of a data set in SAS transport (XPORT) format"):
//
//   library header record, two real header records (SAS/SASLIB/version/OS, created and modified datetimes
//   as ddMMMyy:hh:mm:ss), member header record (NAMESTR size 140), DSCRPTR header record, two member
//   records (dataset name, version, OS, datetimes; dataset label and type), NAMESTR header record with the
//   variable count, one 140-byte NAMESTR per variable (blank-padded to an 80-byte boundary), OBS header
//   record, then the observations back to back, fixed width, blank-padded to an 80-byte boundary.
//
// Every record is 80 bytes of ASCII. Numbers are 8-byte (or 3–7 byte, truncated) IBM System/370 hexadecimal
// floating point, big-endian: a sign bit, a 7-bit base-16 exponent biased by 64 and a 56-bit fraction
// 0.F × 16^(E−64). Missing numerics are the byte '.' (0x2E), '_' (0x5F, "._") or 'A'–'Z' (".A"–".Z")
// followed by zero bytes. Character values are blank-padded, at most 200 bytes. Names are at most 8
// characters, labels at most 40. The observation header carries no count, so the writer streams: the
// header goes out first, then each row as it comes, then the blank padding.
//
// The one ambiguity of the format: the final padding is blanks, so when an observation is shorter than
// 80 bytes, trailing all-blank observations inside the last 80-byte record cannot be told apart from the
// padding. The reader drops them, as SAS does; only a dataset of character variables whose last rows are
// entirely blank is affected.
import type { Writable } from 'node:stream';
import { OutputSink } from './output-sink.ts';

// ---------------------------------------------------------------------------------------------------
// Types

export type XptType = 'char' | 'num';

/** A SAS format or informat as the NAMESTR carries it (name without the trailing dot, width, decimals). */
export interface XptFormat {
  name: string;
  width: number;
  decimals: number;
}

export interface XptVariable {
  /** 1–8 characters: uppercase letters, digits, underscore; not starting with a digit. */
  name: string;
  /** At most 40 bytes. */
  label: string;
  type: XptType;
  /** Bytes in each observation: char 1–200, num 3–8 (8 unless the data allow truncation). */
  length: number;
  format?: XptFormat & { justify?: 'left' | 'right' };
  informat?: XptFormat;
}

/** What the writer needs before the first row. */
export interface XptDatasetSpec {
  /** 1–8 characters, as a variable name. */
  name: string;
  /** At most 40 bytes; may be empty. */
  label: string;
  variables: readonly XptVariable[];
}

/** The special missing values ._ and .A–.Z (plain . is null). */
export interface SasSpecialMissing {
  readonly sasMissing: string;
}

/** A value as the reader returns it: null for a missing number, a string for char (trailing blanks cut). */
export type XptValue = string | number | null;
/** A value the writer accepts (undefined is missing too). */
export type XptInput = XptValue | SasSpecialMissing | undefined;

/** The header fields that are not dataset metadata; pass them back to the writer to reproduce a file. */
export interface XptHeader {
  /** "9.4" by default when writing. */
  sasVersion: string;
  /** The operating system field (8 characters; blank by default when writing). */
  os: string;
  /** As an ISO local datetime "YYYY-MM-DDThh:mm:ss" when it parses (two-digit years: 60–99 → 19xx,
   *  00–59 → 20xx), else the record's text. */
  created: string;
  modified: string;
  /** The member's dataset type field (usually blank). */
  datasetType: string;
}

export interface XptDataset<V = XptValue> extends XptDatasetSpec {
  variables: XptVariable[];
  rows: V[][];
  header: XptHeader;
}

/** How text and bytes map: UTF-8, ISO 8859-1, or Windows-1252 (SAS 'wlatin1', the Windows default; the
 *  CDISC pilot's TS dataset has its right single quote 0x92). */
export type XptEncoding = 'utf8' | 'latin1' | 'windows-1252';

export interface XptReadOptions {
  /** How character bytes become text; 'utf8' by default (plain ASCII reads the same either way). */
  encoding?: XptEncoding;
  /** Return ._ and .A–.Z as SasSpecialMissing objects instead of null. */
  keepSpecialMissing?: boolean;
}

export interface XptWriteOptions {
  /** Written in both the library and the member header; a Date is written in UTC. Now by default. */
  created?: Date | string;
  /** The created datetime by default. */
  modified?: Date | string;
  sasVersion?: string;
  os?: string;
  datasetType?: string;
  /** How text becomes bytes; 'utf8' by default. Lengths and limits are in bytes. */
  encoding?: XptEncoding;
}

export class XptError extends Error {
  override name = 'XptError';
}

// ---------------------------------------------------------------------------------------------------
// Special missing values

const SPECIAL_CODES = '_ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const specialMissing = new Map<string, SasSpecialMissing>(
  [...SPECIAL_CODES].map((c) => [c, Object.freeze({ sasMissing: c })]),
);

/** The special missing value ._ or .A–.Z ('_' or a letter, either case). */
export function sasMissing(code: string): SasSpecialMissing {
  const found = specialMissing.get(code.toUpperCase());
  if (!found) throw new XptError(`'${code}' is not a SAS special missing value (use _ or A–Z)`);
  return found;
}

export function isSasMissing(v: unknown): v is SasSpecialMissing {
  return typeof v === 'object' && v !== null && typeof (v as SasSpecialMissing).sasMissing === 'string';
}

const MISSING_DOT = 0x2e;
const missingByte = (v: SasSpecialMissing) => {
  const code = sasMissing(v.sasMissing).sasMissing;
  return code.charCodeAt(0);
};
const isMissingByte = (b: number) => b === MISSING_DOT || b === 0x5f || (b >= 0x41 && b <= 0x5a);

// ---------------------------------------------------------------------------------------------------
// IBM System/370 floating point

/** 2^k for k in −320…320 at index k + 320, built by exact doubling (Math.pow is not specified to be exact). */
const POW2 = (() => {
  const table = new Float64Array(641);
  table[320] = 1;
  for (let k = 1; k <= 320; k++) {
    table[320 + k] = table[319 + k]! * 2;
    table[320 - k] = table[321 - k]! / 2;
  }
  return table;
})();
const pow2 = (k: number) => POW2[k + 320]!;

/** Every double below 16^63 = 2^252 ≈ 7.237e75 fits an IBM float; this bound and above do not. */
export const IBM_MAX_EXCLUSIVE = pow2(252);
/** The smallest normalized IBM magnitude, 16^−65 = 2^−260 ≈ 5.4e−79; anything smaller is written as 0. */
export const IBM_MIN_NORMAL = pow2(-260);

const scratch = new DataView(new ArrayBuffer(8));

/**
 * Writes `value` as IBM hexadecimal floating point into `out[offset … offset+length)`. Every double in
 * [2^−260, 2^252) converts exactly (IEEE has 53 significant bits, an IBM fraction 56 minus at most 3 leading
 * zero bits), so no rounding happens; lengths below 8 truncate the fraction, as SAS does. Magnitudes below
 * 2^−260 become 0 (underflow, as SAS); 2^252 and above, NaN and ±Infinity are refused.
 */
export function ieeeToIbm(value: number, out: Uint8Array, offset = 0, length = 8): void {
  if (!Number.isFinite(value)) throw new XptError(`${value} cannot be stored in a SAS transport file`);
  out.fill(0, offset, offset + length);
  if (value === 0) return;
  scratch.setFloat64(0, value);
  const hi = scratch.getUint32(0);
  const lo = scratch.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  if (biased === 0) return; // an IEEE subnormal, far below the IBM range
  // |value| = 1.m × 2^e = 0.1m × 2^p with p = e + 1; in base 16: 0.F × 16^E with E = ceil(p / 4) and
  // 4E − p (0–3) leading zero bits in F.
  const p = biased - 1023 + 1;
  const e16 = Math.ceil(p / 4);
  const ibmExponent = e16 + 64;
  if (ibmExponent > 127) {
    throw new XptError(
      `${value} is too large for SAS transport (IBM) floating point, which ends below 7.237e75 (16^63)`,
    );
  }
  if (ibmExponent < 0) return; // below 16^−65: underflow to zero
  const shiftLeft = 3 - (4 * e16 - p); // place the 53-bit significand in the 56-bit fraction
  const mantHi = (hi & 0xfffff) | 0x100000; // 21 bits including the implicit 1
  const fracHi = shiftLeft === 0 ? mantHi : (mantHi << shiftLeft) | (lo >>> (32 - shiftLeft)); // 24 bits
  const fracLo = (lo << shiftLeft) >>> 0; // 32 bits
  const bytes = [
    (value < 0 ? 0x80 : 0) | ibmExponent,
    (fracHi >>> 16) & 0xff,
    (fracHi >>> 8) & 0xff,
    fracHi & 0xff,
    fracLo >>> 24,
    (fracLo >>> 16) & 0xff,
    (fracLo >>> 8) & 0xff,
    fracLo & 0xff,
  ];
  for (let i = 0; i < length; i++) out[offset + i] = bytes[i]!;
}

/**
 * Reads an IBM hexadecimal floating point number (length 2–8, shorter ones zero-extended) as the nearest
 * double (round half to even: an IBM fraction can carry up to 56 significant bits, a double 53). A zero
 * fraction is 0 whatever the exponent. Missing values are not recognized here; see readXpt.
 */
export function ibmToIeee(bytes: Uint8Array, offset = 0, length = 8): number {
  const at = (i: number) => (i < length ? bytes[offset + i]! : 0);
  const fracHi = (at(1) << 16) | (at(2) << 8) | at(3);
  const fracLo = ((at(4) << 24) | (at(5) << 16) | (at(6) << 8) | at(7)) >>> 0;
  if (fracHi === 0 && fracLo === 0) return 0;
  const first = at(0);
  // fracHi × 2^32 is exact; adding fracLo is one IEEE addition, hence the correctly rounded 56-bit value.
  // The power-of-two scaling stays inside the normal double range (2^−312 … 2^252), so it is exact.
  const fraction = fracHi * 4294967296 + fracLo;
  const magnitude = fraction * pow2(4 * ((first & 0x7f) - 64) - 56);
  return first & 0x80 ? -magnitude : magnitude;
}

// ---------------------------------------------------------------------------------------------------
// Header records

const RECORD = 80;
const NAMESTR_SIZE = 140;
const MAX_CHAR_LENGTH = 200;
const MAX_LABEL = 40;
const NAME_RULE = /^[A-Z_][A-Z0-9_]{0,7}$/;
const FORMAT_NAME_RULE = /^\$?[A-Z_][A-Z0-9_]*$/;

const headerRecord = (kind: string, digits: string) =>
  `HEADER RECORD*******${kind.padEnd(8)}HEADER RECORD!!!!!!!${digits}  `;
const LIBRARY_HEADER = headerRecord('LIBRARY', '0'.repeat(30));
const MEMBER_HEADER = headerRecord('MEMBER', `${'0'.repeat(16)}0160${'0'.repeat(6)}0${NAMESTR_SIZE}`);
const DSCRPTR_HEADER = headerRecord('DSCRPTR', '0'.repeat(30));
const OBS_HEADER = headerRecord('OBS', '0'.repeat(30));
const namestrHeader = (count: number) =>
  headerRecord('NAMESTR', `000000${String(count).padStart(4, '0')}${'0'.repeat(20)}`);
const MEMBER_PREFIX = Buffer.from('HEADER RECORD*******MEMBER  HEADER RECORD!!!!!!!', 'ascii');

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const SAS_DATETIME = /^(\d{2})([A-Z]{3})(\d{2}):(\d{2}):(\d{2}):(\d{2})$/;
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/;

const two = (n: number) => String(n).padStart(2, '0');

/** A header datetime as ddMMMyy:hh:mm:ss from a Date (UTC), an ISO datetime or that form itself. */
export function sasHeaderDatetime(when: Date | string): string {
  if (when instanceof Date) {
    if (Number.isNaN(when.getTime())) throw new XptError('The header datetime is not a valid date');
    return `${two(when.getUTCDate())}${MONTHS[when.getUTCMonth()]}${two(when.getUTCFullYear() % 100)}:${two(when.getUTCHours())}:${two(when.getUTCMinutes())}:${two(when.getUTCSeconds())}`;
  }
  if (SAS_DATETIME.test(when) && MONTHS.includes(when.slice(2, 5))) return when;
  const m = ISO_DATETIME.exec(when);
  if (!m) throw new XptError(`'${when}' is not a datetime (use YYYY-MM-DDThh:mm:ss or ddMMMyy:hh:mm:ss)`);
  const [, y, mo, d, h, mi, s] = m;
  const month = MONTHS[Number(mo) - 1];
  if (!month) throw new XptError(`'${when}' has no month ${mo}`);
  return `${d}${month}${y!.slice(2)}:${h}:${mi}:${s}`;
}

function isoFromSas(text: string): string {
  const m = SAS_DATETIME.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return text;
  const yy = Number(m[3]);
  return `${yy >= 60 ? 1900 + yy : 2000 + yy}-${two(month + 1)}-${m[1]}T${m[4]}:${m[5]}:${m[6]}`;
}

// ---------------------------------------------------------------------------------------------------
// The encoder: validation, header bytes, one observation at a time

interface Layout {
  variable: XptVariable;
  offset: number;
}

/** Text ⇄ bytes; byteLength is Infinity when a character has no byte in the encoding (refused, never
 *  replaced by '?'). */
interface Codec {
  name: XptEncoding;
  byteLength(text: string): number;
  write(text: string, target: Buffer, at: number, bytes: number): void;
  decode(buf: Buffer, start: number, end: number): string;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8: Codec = {
  name: 'utf8',
  byteLength: (text) => Buffer.byteLength(text, 'utf8'),
  write: (text, target, at, bytes) => void target.write(text, at, bytes, 'utf8'),
  // Bytes that are not UTF-8 are refused rather than turned into U+FFFD: the file then needs
  // encoding 'windows-1252' (or 'latin1'), and nothing is lost silently.
  decode: (buf, start, end) => {
    const text = buf.toString('utf8', start, end);
    if (!text.includes('\ufffd')) return text;
    try {
      return strictUtf8.decode(buf.subarray(start, end)); // a genuine U+FFFD is fine
    } catch {
      throw new XptError('the text is not valid UTF-8; read the file with encoding windows-1252 or latin1');
    }
  },
};

const latin1: Codec = {
  name: 'latin1',
  // eslint-disable-next-line no-control-regex
  byteLength: (text) => (/[^\u0000-\u00ff]/.test(text) ? Number.POSITIVE_INFINITY : text.length),
  write: (text, target, at, bytes) => void target.write(text, at, bytes, 'latin1'),
  decode: (buf, start, end) => buf.toString('latin1', start, end),
};

const windows1252: Codec = (() => {
  // ISO 8859-1 with 0x80–0x9F replaced (the WHATWG table: the five unassigned bytes stay C1 controls, so
  // every byte has a character). Spelled out because Node's TextDecoder('windows-1252') is not reliable.
  const high = [
    0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
    0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
    0x153, 0x9d, 0x17e, 0x178,
  ];
  const chars = Array.from({ length: 256 }, (_, i) =>
    String.fromCharCode(i >= 0x80 && i < 0xa0 ? high[i - 0x80]! : i),
  );
  const bytes = new Map<number, number>(chars.map((c, i) => [c.charCodeAt(0), i]));
  return {
    name: 'windows-1252',
    byteLength: (text) => {
      for (let i = 0; i < text.length; i++)
        if (!bytes.has(text.charCodeAt(i))) return Number.POSITIVE_INFINITY;
      return text.length;
    },
    write: (text, target, at) => {
      for (let i = 0; i < text.length; i++) target[at + i] = bytes.get(text.charCodeAt(i))!;
    },
    decode: (buf, start, end) => {
      let out = '';
      for (let i = start; i < end; i++) out += chars[buf[i]!]!;
      return out;
    },
  };
})();

function codecFor(encoding: XptEncoding | undefined): Codec {
  const codecs: Record<string, Codec> = { utf8, latin1, 'windows-1252': windows1252 };
  const codec = codecs[encoding ?? 'utf8'];
  if (!codec) throw new XptError(`Unknown encoding '${String(encoding)}'; use utf8, latin1 or windows-1252`);
  return codec;
}

function checkName(what: string, name: unknown): string {
  if (typeof name !== 'string' || !NAME_RULE.test(name)) {
    throw new XptError(
      `${what} '${String(name)}' is not a valid SAS transport name: 1–8 characters, uppercase letters, digits or underscore, not starting with a digit`,
    );
  }
  return name;
}

function checkText(what: string, text: unknown, max: number, codec: Codec): string {
  if (typeof text !== 'string') throw new XptError(`${what} must be text`);
  const bytes = codec.byteLength(text);
  if (bytes === Number.POSITIVE_INFINITY)
    throw new XptError(`${what} has characters that ${codec.name} cannot hold`);
  if (bytes > max)
    throw new XptError(
      `${what} is ${bytes} ${bytes === text.length ? 'characters' : 'bytes'} long; at most ${max} are allowed`,
    );
  return text;
}

function checkFormat(what: string, f: XptFormat | undefined): void {
  if (!f) return;
  if (f.name !== '' && (!FORMAT_NAME_RULE.test(f.name) || f.name.length > 8)) {
    throw new XptError(
      `${what} name '${f.name}' is not a valid SAS format name (at most 8 characters, no trailing dot)`,
    );
  }
  for (const [k, v] of [
    ['width', f.width],
    ['decimals', f.decimals],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > 32767)
      throw new XptError(`${what} ${k} must be a whole number 0–32767`);
  }
}

/** Validates the dataset and lays the variables out; shared by the streaming and the in-memory writer. */
class XptEncoder {
  readonly rowLength: number;
  /** Everything before the first observation. */
  readonly header: Buffer;
  private readonly layout: Layout[];
  private readonly codec: Codec;

  constructor(
    private readonly dataset: XptDatasetSpec,
    private readonly options: XptWriteOptions = {},
  ) {
    this.codec = codecFor(options.encoding);
    checkName('Dataset name', dataset.name);
    checkText(`The label of dataset ${dataset.name}`, dataset.label, MAX_LABEL, this.codec);
    const variables = dataset.variables;
    if (!Array.isArray(variables) || variables.length === 0)
      throw new XptError(`Dataset ${dataset.name} has no variables`);
    if (variables.length > 9999)
      throw new XptError(`Dataset ${dataset.name} has ${variables.length} variables; at most 9999 fit`);
    const seen = new Set<string>();
    let offset = 0;
    this.layout = variables.map((v) => {
      checkName('Variable name', v.name);
      if (seen.has(v.name)) throw new XptError(`Variable ${v.name} appears twice in dataset ${dataset.name}`);
      seen.add(v.name);
      checkText(`The label of variable ${v.name}`, v.label, MAX_LABEL, this.codec);
      if (v.type === 'char') {
        if (!Number.isInteger(v.length) || v.length < 1 || v.length > MAX_CHAR_LENGTH) {
          throw new XptError(
            `Variable ${v.name} has length ${v.length}; a character variable takes 1–${MAX_CHAR_LENGTH} bytes`,
          );
        }
      } else if (v.type === 'num') {
        if (!Number.isInteger(v.length) || v.length < 3 || v.length > 8) {
          throw new XptError(`Variable ${v.name} has length ${v.length}; a numeric variable takes 3–8 bytes`);
        }
      } else {
        throw new XptError(`Variable ${v.name} has type '${String(v.type)}'; use 'char' or 'num'`);
      }
      checkFormat(`The format of ${v.name}`, v.format);
      checkFormat(`The informat of ${v.name}`, v.informat);
      const placed = { variable: v, offset };
      offset += v.length;
      return placed;
    });
    this.rowLength = offset;
    // The header datetimes and fields are checked here too, so that a bad option fails before any output.
    this.header = this.headerBytes();
  }

  private text(value: string, width: number): string {
    return value.padEnd(width, ' ').slice(0, width);
  }

  private headerBytes(): Buffer {
    const { dataset, options } = this;
    const created = sasHeaderDatetime(options.created ?? new Date());
    const modified = options.modified === undefined ? created : sasHeaderDatetime(options.modified);
    const version = checkText('The SAS version field', options.sasVersion ?? '9.4', 8, latin1);
    const os = checkText('The operating system field', options.os ?? '', 8, latin1);
    const type = checkText('The dataset type field', options.datasetType ?? '', 8, latin1);
    for (const [what, v] of [
      ['SAS version', version],
      ['operating system', os],
      ['dataset type', type],
    ]) {
      if (/[^\x20-\x7e]/.test(v!)) throw new XptError(`The ${what} field must be printable ASCII`);
    }
    const t = (s: string, n: number) => this.text(s, n);
    const ascii = [
      LIBRARY_HEADER,
      `${t('SAS', 8)}${t('SAS', 8)}${t('SASLIB', 8)}${t(version, 8)}${t(os, 8)}${' '.repeat(24)}${created}`,
      `${modified}${' '.repeat(64)}`,
      MEMBER_HEADER,
      DSCRPTR_HEADER,
      `${t('SAS', 8)}${t(dataset.name, 8)}${t('SASDATA', 8)}${t(version, 8)}${t(os, 8)}${' '.repeat(24)}${created}`,
    ].join('');
    const label = Buffer.alloc(MAX_LABEL, 0x20);
    this.codec.write(dataset.label, label, 0, this.codec.byteLength(dataset.label));
    const namestrs = this.namestrs();
    return Buffer.concat([
      Buffer.from(ascii, 'latin1'),
      Buffer.from(`${modified}${' '.repeat(16)}`, 'latin1'),
      label,
      Buffer.from(t(type, 8), 'latin1'),
      Buffer.from(namestrHeader(this.layout.length), 'latin1'),
      namestrs,
      Buffer.from(OBS_HEADER, 'latin1'),
    ]);
  }

  private namestrs(): Buffer {
    const size = this.layout.length * NAMESTR_SIZE;
    const padded = Math.ceil(size / RECORD) * RECORD;
    const buf = Buffer.alloc(padded, 0x20);
    this.layout.forEach(({ variable: v, offset }, i) => {
      const at = i * NAMESTR_SIZE;
      buf.fill(0, at, at + NAMESTR_SIZE);
      buf.writeInt16BE(v.type === 'num' ? 1 : 2, at);
      buf.writeInt16BE(0, at + 2); // nhfun: hash of the name, always 0
      buf.writeInt16BE(v.length, at + 4);
      buf.writeInt16BE(i + 1, at + 6);
      buf.write(this.text(v.name, 8), at + 8, 'latin1');
      buf.fill(0x20, at + 16, at + 56);
      this.codec.write(v.label, buf, at + 16, this.codec.byteLength(v.label));
      buf.write(this.text(v.format?.name ?? '', 8), at + 56, 'latin1');
      buf.writeInt16BE(v.format?.width ?? 0, at + 64);
      buf.writeInt16BE(v.format?.decimals ?? 0, at + 66);
      buf.writeInt16BE(v.format?.justify === 'right' ? 1 : 0, at + 68);
      // at + 70: two fill bytes (zero)
      buf.write(this.text(v.informat?.name ?? '', 8), at + 72, 'latin1');
      buf.writeInt16BE(v.informat?.width ?? 0, at + 80);
      buf.writeInt16BE(v.informat?.decimals ?? 0, at + 82);
      buf.writeInt32BE(offset, at + 84);
      // at + 88: 52 bytes of zeros
    });
    return buf;
  }

  /** Encodes one observation at `target[at …]`; throws (naming the variable and row) before the caller
   *  counts the row, so a refused row leaves nothing behind. */
  encodeRow(values: readonly XptInput[], target: Buffer, at: number, rowNumber: number): void {
    if (!Array.isArray(values)) throw new XptError(`Row ${rowNumber} is not an array of values`);
    if (values.length !== this.layout.length) {
      throw new XptError(
        `Row ${rowNumber} has ${values.length} values; dataset ${this.dataset.name} has ${this.layout.length} variables`,
      );
    }
    for (let i = 0; i < this.layout.length; i++) {
      const { variable: v, offset } = this.layout[i]!;
      const value = values[i];
      const pos = at + offset;
      if (v.type === 'num') {
        if (value === null || value === undefined) {
          target.fill(0, pos, pos + v.length);
          target[pos] = MISSING_DOT;
        } else if (typeof value === 'number') {
          try {
            ieeeToIbm(value, target, pos, v.length);
          } catch (err) {
            throw new XptError(`Row ${rowNumber}, variable ${v.name}: ${(err as Error).message}`);
          }
        } else if (isSasMissing(value)) {
          target.fill(0, pos, pos + v.length);
          target[pos] = missingByte(value);
        } else {
          throw new XptError(
            `Row ${rowNumber}, variable ${v.name}: a numeric variable takes a number or null, not ${typeof value}`,
          );
        }
      } else if (value === null || value === undefined) {
        target.fill(0x20, pos, pos + v.length);
      } else if (typeof value === 'string') {
        const bytes = this.codec.byteLength(value);
        if (bytes === Number.POSITIVE_INFINITY) {
          throw new XptError(
            `Row ${rowNumber}, variable ${v.name}: the value has characters that ${this.codec.name} cannot hold`,
          );
        }
        if (bytes > v.length) {
          throw new XptError(
            bytes > MAX_CHAR_LENGTH
              ? `Row ${rowNumber}, variable ${v.name}: the value is ${bytes} bytes; SAS transport files hold at most ${MAX_CHAR_LENGTH}`
              : `Row ${rowNumber}, variable ${v.name}: the value is ${bytes} bytes; the variable's length is ${v.length}`,
          );
        }
        this.codec.write(value, target, pos, bytes);
        target.fill(0x20, pos + bytes, pos + v.length);
      } else {
        throw new XptError(
          `Row ${rowNumber}, variable ${v.name}: a character variable takes text or null, not ${typeof value}`,
        );
      }
    }
  }
}

const padding = (dataBytes: number) => Buffer.alloc((RECORD - (dataBytes % RECORD)) % RECORD, 0x20);

// ---------------------------------------------------------------------------------------------------
// Writers

export interface XptWriter {
  /** Adds one observation (values in variable order). Resolves when the output can take more: await it
   *  to keep memory flat. A refused row (wrong type, too long, …) rejects and is not written. */
  writeRow(values: readonly XptInput[]): Promise<void>;
  /** Writes the final padding and ends the stream (unless endStream is false); resolves when flushed. */
  end(): Promise<void>;
  readonly rowsWritten: number;
}

/** Observations are gathered into chunks of about this size before they go to the stream. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A streaming XPT writer: the header (with the variable descriptors) is written at once, each row as it
 * comes (in chunks of about 64 KiB), the padding at the end. Validation errors about the dataset throw here,
 * before anything is written.
 */
export function createXptWriter(
  out: Writable,
  dataset: XptDatasetSpec,
  options: XptWriteOptions & { endStream?: boolean } = {},
): XptWriter {
  const encoder = new XptEncoder(dataset, options);
  const rowLength = encoder.rowLength;
  const chunkSize = Math.max(rowLength, Math.floor(CHUNK_BYTES / rowLength) * rowLength);
  const sink = new OutputSink(out);
  let chunk = Buffer.allocUnsafe(chunkSize);
  let used = 0;
  let dataBytes = 0;
  let rows = 0;
  let ended = false;
  void sink.write(encoder.header).catch(() => undefined); // a failure shows at the next call

  const flush = (extra?: Buffer): Promise<void> => {
    const data = extra ? Buffer.concat([chunk.subarray(0, used), extra]) : chunk.subarray(0, used);
    dataBytes += used;
    chunk = Buffer.allocUnsafe(chunkSize); // the stream may still hold the old one
    used = 0;
    return data.length ? sink.write(data) : sink.ready();
  };

  return {
    get rowsWritten() {
      return rows;
    },
    writeRow(values) {
      try {
        if (ended) throw new XptError('The XPT writer has already ended');
        // Everything up to handing bytes to the stream is synchronous, so rows keep their order even when
        // a caller does not await.
        let wait: Promise<void> | null = null;
        if (used + rowLength > chunkSize) {
          wait = flush();
          wait.catch(() => undefined); // if the row below is refused, its error is the one reported
        }
        encoder.encodeRow(values, chunk, used, rows + 1);
        used += rowLength;
        rows += 1;
        return wait ?? sink.ready();
      } catch (err) {
        return Promise.reject(err);
      }
    },
    async end() {
      if (ended) throw new XptError('The XPT writer has already ended');
      ended = true;
      await flush(padding(dataBytes + used));
      await sink.close(options.endStream ?? true);
    },
  };
}

/** The whole file in memory, for small datasets and tests. */
export function writeXpt(
  dataset: XptDatasetSpec,
  rows: readonly (readonly XptInput[])[],
  options: XptWriteOptions = {},
): Buffer {
  const encoder = new XptEncoder(dataset, options);
  const data = Buffer.alloc(encoder.rowLength * rows.length);
  rows.forEach((row, i) => encoder.encodeRow(row, data, i * encoder.rowLength, i + 1));
  return Buffer.concat([encoder.header, data, padding(data.length)]);
}

// ---------------------------------------------------------------------------------------------------
// Reader

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.toString('latin1', start, end).trimEnd();
}

function textWithoutTrailingBlanks(buf: Buffer, start: number, end: number, codec: Codec): string {
  let stop = end;
  while (stop > start && buf[stop - 1] === 0x20) stop--;
  return stop === start ? '' : codec.decode(buf, start, stop);
}

function expectHeader(buf: Buffer, at: number, kind: string): void {
  const want = `HEADER RECORD*******${kind.padEnd(8)}HEADER RECORD!!!!!!!`;
  if (at + RECORD > buf.length) throw new XptError(`The file ends before the ${kind} header record`);
  const got = buf.toString('latin1', at, at + want.length);
  if (got !== want) {
    if (at === 0 && got.startsWith('HEADER RECORD*******LIBV8')) {
      throw new XptError('This is a SAS transport version 8 file; only version 5 is supported');
    }
    throw new XptError(
      `Expected the ${kind} header record at byte ${at}; this is not a SAS transport (XPORT v5) file`,
    );
  }
}

function readFormat(buf: Buffer, at: number, widthAt: number): XptFormat | undefined {
  const name = ascii(buf, at, at + 8);
  const width = buf.readInt16BE(widthAt);
  const decimals = buf.readInt16BE(widthAt + 2);
  return name === '' && width === 0 && decimals === 0 ? undefined : { name, width, decimals };
}

/** Every member (dataset) of a transport library. */
export function readXptLibrary(
  data: Uint8Array,
  options: XptReadOptions & { keepSpecialMissing: true },
): XptDataset<XptValue | SasSpecialMissing>[];
export function readXptLibrary(data: Uint8Array, options?: XptReadOptions): XptDataset[];
export function readXptLibrary(
  data: Uint8Array,
  options: XptReadOptions = {},
): XptDataset<XptValue | SasSpecialMissing>[] {
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const codec = codecFor(options.encoding);
  expectHeader(buf, 0, 'LIBRARY');
  if (buf.length < 3 * RECORD) throw new XptError('The file ends inside the library header');
  const lib = {
    sasVersion: ascii(buf, RECORD + 24, RECORD + 32),
    os: ascii(buf, RECORD + 32, RECORD + 40),
  };
  const members: XptDataset<XptValue | SasSpecialMissing>[] = [];
  let at = 3 * RECORD;
  while (at < buf.length) {
    // Blank records after the last member are padding some writers add.
    if (buf.subarray(at).every((b) => b === 0x20)) break;
    const member = readMember(buf, at, codec, options.keepSpecialMissing ?? false, lib);
    members.push(member.dataset);
    at = member.next;
  }
  if (members.length === 0) throw new XptError('The transport file holds no dataset');
  return members;
}

/** The first (usually the only) dataset of a transport file. */
export function readXpt(
  data: Uint8Array,
  options: XptReadOptions & { keepSpecialMissing: true },
): XptDataset<XptValue | SasSpecialMissing>;
export function readXpt(data: Uint8Array, options?: XptReadOptions): XptDataset;
export function readXpt(
  data: Uint8Array,
  options: XptReadOptions = {},
): XptDataset<XptValue | SasSpecialMissing> {
  return readXptLibrary(data, options)[0]!;
}

function readMember(
  buf: Buffer,
  start: number,
  codec: Codec,
  keepSpecialMissing: boolean,
  lib: { sasVersion: string; os: string },
): { dataset: XptDataset<XptValue | SasSpecialMissing>; next: number } {
  expectHeader(buf, start, 'MEMBER');
  const namestrSize = Number(buf.toString('latin1', start + 74, start + 78));
  if (namestrSize !== 140 && namestrSize !== 136)
    throw new XptError(`Unexpected NAMESTR size '${buf.toString('latin1', start + 74, start + 78)}'`);
  expectHeader(buf, start + RECORD, 'DSCRPTR');
  const d1 = start + 2 * RECORD;
  const d2 = start + 3 * RECORD;
  if (d2 + RECORD > buf.length) throw new XptError('The file ends inside a member header');
  const name = ascii(buf, d1 + 8, d1 + 16);
  const header: XptHeader = {
    sasVersion: ascii(buf, d1 + 24, d1 + 32) || lib.sasVersion,
    os: ascii(buf, d1 + 32, d1 + 40) || lib.os,
    created: isoFromSas(ascii(buf, d1 + 64, d1 + 80)),
    modified: isoFromSas(ascii(buf, d2, d2 + 16)),
    datasetType: ascii(buf, d2 + 72, d2 + 80),
  };
  const where = (what: string, read: () => string) => {
    try {
      return read();
    } catch (err) {
      throw new XptError(`Dataset ${name}, ${what}: ${(err as Error).message}`);
    }
  };
  const label = where('label', () => textWithoutTrailingBlanks(buf, d2 + 32, d2 + 72, codec));
  const nsHeader = start + 4 * RECORD;
  expectHeader(buf, nsHeader, 'NAMESTR');
  const count = Number(buf.toString('latin1', nsHeader + 54, nsHeader + 58));
  if (!Number.isInteger(count) || count < 1) throw new XptError(`Dataset ${name}: unreadable variable count`);
  const nsStart = nsHeader + RECORD;
  const nsEnd = nsStart + Math.ceil((count * namestrSize) / RECORD) * RECORD;
  if (nsEnd + RECORD > buf.length)
    throw new XptError(`Dataset ${name}: the file ends inside the variable descriptors`);
  const variables: XptVariable[] = [];
  const positions: number[] = [];
  let rowLength = 0;
  for (let i = 0; i < count; i++) {
    const at = nsStart + i * namestrSize;
    const ntype = buf.readInt16BE(at);
    const length = buf.readInt16BE(at + 4);
    const varName = ascii(buf, at + 8, at + 16);
    if (ntype !== 1 && ntype !== 2)
      throw new XptError(`Dataset ${name}: variable ${i + 1} (${varName}) has type ${ntype}`);
    if (length < (ntype === 1 ? 2 : 1) || (ntype === 1 && length > 8))
      throw new XptError(`Dataset ${name}: variable ${i + 1} (${varName}) has an invalid descriptor`);
    const format = readFormat(buf, at + 56, at + 64);
    const justify = buf.readInt16BE(at + 68);
    const informat = readFormat(buf, at + 72, at + 80);
    const variable: XptVariable = {
      name: varName,
      label: where(`label of ${varName}`, () => textWithoutTrailingBlanks(buf, at + 16, at + 56, codec)),
      type: ntype === 1 ? 'num' : 'char',
      length,
      ...(format ? { format: justify === 1 ? { ...format, justify: 'right' as const } : format } : {}),
      ...(informat ? { informat } : {}),
    };
    const pos = buf.readInt32BE(at + 84);
    variables.push(variable);
    positions.push(pos);
    rowLength = Math.max(rowLength, pos + length);
  }
  expectHeader(buf, nsEnd, 'OBS');
  const dataStart = nsEnd + RECORD;
  // The observations end at the next member header (on a record boundary) or at the end of the file.
  let dataEnd = buf.length;
  for (let from = dataStart; ;) {
    const hit = buf.indexOf(MEMBER_PREFIX, from);
    if (hit < 0) break;
    if ((hit - dataStart) % RECORD === 0) {
      dataEnd = hit;
      break;
    }
    from = hit + 1;
  }
  const dataLength = dataEnd - dataStart;
  let rowCount = Math.floor(dataLength / rowLength);
  // Drop what is only the final blank padding (see the note at the top).
  while (rowCount > 0) {
    const rowStart = dataStart + (rowCount - 1) * rowLength;
    if (dataEnd - rowStart >= RECORD || !buf.subarray(rowStart, dataEnd).every((b) => b === 0x20)) break;
    rowCount--;
  }
  const rows: (XptValue | SasSpecialMissing)[][] = new Array(rowCount);
  for (let r = 0; r < rowCount; r++) {
    const rowStart = dataStart + r * rowLength;
    const row: (XptValue | SasSpecialMissing)[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const v = variables[i]!;
      const pos = rowStart + positions[i]!;
      if (v.type === 'char') {
        try {
          row[i] = textWithoutTrailingBlanks(buf, pos, pos + v.length, codec);
        } catch (err) {
          throw new XptError(`Dataset ${name}, row ${r + 1}, variable ${v.name}: ${(err as Error).message}`);
        }
        continue;
      }
      const first = buf[pos]!;
      let restZero = true;
      for (let k = 1; k < v.length; k++) {
        if (buf[pos + k] !== 0) {
          restZero = false;
          break;
        }
      }
      if (restZero && isMissingByte(first)) {
        row[i] = keepSpecialMissing && first !== MISSING_DOT ? sasMissing(String.fromCharCode(first)) : null;
      } else {
        row[i] = ibmToIeee(buf, pos, v.length);
      }
    }
    rows[r] = row;
  }
  return { dataset: { name, label, variables, rows, header }, next: dataEnd };
}
