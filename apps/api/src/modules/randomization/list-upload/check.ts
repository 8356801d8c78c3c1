// Checks a statistician's randomization list (CSV) against the production scheme before it is sealed
// (issue 30 item 1, third method). Pure: no database. One row per slot, columns (header names, any
// order, case-insensitive): randomization_number (or number), stratum (the stratum key the product
// uses, e.g. "site=S01|sex=F", or "*" without factors), arm (or arm_code, treatment_code: the arm's
// code or name), and optionally block (the block's number within its stratum).
// Refused, with every offending row named (its line in the file and the reason): a missing column, an
// unknown stratum or arm, a repeated randomization number, a stratum of the scheme without rows; once
// every row reads right, a gap in a stratum's numbers (each stratum's numbers run on by one in file
// order, e.g. 1001, 1002, …) and a block (or, without a block column, a stratum) whose arms are not in
// the scheme's ratio. Messages never
// name an arm: the uploader is unblinded, but the reasons are also logged and shown in audit reasons.
import { parse } from 'csv-parse/sync';
import { allStrata, stratumKey } from '../engine/strata.ts';
import type { Factor } from '../engine/types.ts';

export interface ListArm {
  id: number;
  code: string;
  name: string;
  ratio: number;
}

export interface ListProblem {
  /** The line of the file (1 is the header); null for a problem of the whole list. */
  row: number | null;
  reason: string;
}

export interface CheckedEntry {
  position: number;
  block: number;
  blockSize: number;
  armId: number;
  number: string;
}

export type ListCheck = { ok: true; strata: { stratum: string; entries: CheckedEntry[] }[]; rows: number } | { ok: false; problems: ListProblem[] };

export const MAX_LIST_ROWS = 100_000;
/** The refusal names at most this many problems (and says how many more). */
export const MAX_PROBLEMS = 50;

const COLUMNS = {
  number: ['randomization_number', 'randomization number', 'number', 'rand_no', 'randno'],
  stratum: ['stratum', 'strata'],
  arm: ['arm', 'arm_code', 'armcd', 'treatment_code', 'treatment code', 'treatment'],
  block: ['block', 'block_number', 'block number'],
} as const;

const NUMBER = /^([A-Za-z0-9_./-]*?)(\d+)$/;

interface Row {
  line: number;
  number: string;
  stratum: string;
  armId: number;
  block: number | null;
}

export function checkUploadedList(csv: string, factors: readonly Factor[], arms: readonly ListArm[]): ListCheck {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv, { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), bom: true, skip_empty_lines: true, trim: true, info: true, max_record_size: 10_000 });
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? null;
    return { ok: false, problems: [{ row: line, reason: 'The file is not a readable CSV (check quotes and the number of columns)' }] };
  }
  if (records.length === 0) return { ok: false, problems: [{ row: null, reason: 'The list has no rows' }] };
  if (records.length > MAX_LIST_ROWS) return { ok: false, problems: [{ row: null, reason: `The list has more than ${MAX_LIST_ROWS} rows` }] };
  const header = Object.keys(records[0]!.record);
  const col = (names: readonly string[]) => names.find((n) => header.includes(n)) ?? null;
  const columns = { number: col(COLUMNS.number), stratum: col(COLUMNS.stratum), arm: col(COLUMNS.arm), block: col(COLUMNS.block) };
  const missing = (['number', 'stratum', 'arm'] as const).filter((k) => !columns[k]);
  if (missing.length) {
    return { ok: false, problems: [{ row: 1, reason: `Missing column: ${missing.map((m) => COLUMNS[m][0]).join(', ')}` }] };
  }

  const problems: ListProblem[] = [];
  const known = new Set(allStrata(factors).map((levels) => stratumKey(factors, levels)));
  const armOf = new Map<string, number>();
  for (const a of arms) armOf.set(a.name.toLowerCase(), a.id);
  for (const a of arms) armOf.set(a.code.toLowerCase(), a.id);
  const numbers = new Map<string, number>();
  const rows: Row[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    const number = record[columns.number!] ?? '';
    const stratum = record[columns.stratum!] ?? '';
    const armText = (record[columns.arm!] ?? '').toLowerCase();
    const blockText = columns.block ? (record[columns.block] ?? '') : null;
    const before = problems.length;
    if (!number) problems.push({ row: line, reason: 'The randomization number is empty' });
    else if (number.length > 40 || !NUMBER.test(number)) problems.push({ row: line, reason: 'The randomization number must end in digits (at most 40 characters)' });
    else if (numbers.has(number)) problems.push({ row: line, reason: `Randomization number ${number} repeats row ${numbers.get(number)}` });
    else numbers.set(number, line);
    if (!known.has(stratum)) problems.push({ row: line, reason: 'Not a stratum of the scheme (write it like site=S01|sex=F, or * without factors)' });
    const armId = armOf.get(armText);
    if (armId === undefined) problems.push({ row: line, reason: 'Not an arm or treatment code of the scheme' });
    const block = blockText === null ? null : /^\d{1,6}$/.test(blockText) && Number(blockText) >= 1 ? Number(blockText) : NaN;
    if (Number.isNaN(block)) problems.push({ row: line, reason: 'The block must be a whole number from 1' });
    if (problems.length === before) rows.push({ line, number, stratum, armId: armId!, block });
  }

  const byStratum = new Map<string, Row[]>();
  for (const r of rows) byStratum.set(r.stratum, [...(byStratum.get(r.stratum) ?? []), r]);
  for (const stratum of known) if (!byStratum.has(stratum)) problems.push({ row: null, reason: `Stratum ${stratum} has no list` });
  // Numbering and ratio are read over whole strata: with rows left out they would only repeat the problems above.
  if (problems.length) return { ok: false, problems: sortProblems(problems) };

  const cycle = arms.reduce((s, a) => s + a.ratio, 0);
  const ratioText = arms.map((a) => a.ratio).join(':');
  const strata: { stratum: string; entries: CheckedEntry[] }[] = [];
  for (const [stratum, list] of byStratum) {
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [NUMBER.exec(list[i - 1]!.number)!, NUMBER.exec(list[i]!.number)!];
      if (a[1] !== b[1] || Number(b[2]) !== Number(a[2]) + 1) {
        problems.push({ row: list[i]!.line, reason: `Randomization number ${list[i]!.number} does not follow ${list[i - 1]!.number} of row ${list[i - 1]!.line} in stratum ${stratum} (a gap or out of order)` });
      }
    }
    const blocks = groupBlocks(list, stratum, problems);
    const entries: CheckedEntry[] = [];
    for (const block of blocks) {
      const counts = new Map<number, number>();
      for (const r of block.rows) counts.set(r.armId, (counts.get(r.armId) ?? 0) + 1);
      const size = block.rows.length;
      const balanced = size % cycle === 0 && arms.every((a) => (counts.get(a.id) ?? 0) === (a.ratio * size) / cycle);
      if (!balanced) {
        const where = columns.block ? `Stratum ${stratum}, block ${block.number}` : `Stratum ${stratum}`;
        problems.push({ row: block.rows[0]!.line, reason: `${where} (rows ${block.rows[0]!.line}–${block.rows.at(-1)!.line}): the arms are not in the scheme's ratio ${ratioText}` });
      }
      for (const r of block.rows) entries.push({ position: entries.length + 1, block: block.number, blockSize: size, armId: r.armId, number: r.number });
    }
    strata.push({ stratum, entries });
  }
  if (problems.length) return { ok: false, problems: sortProblems(problems) };
  strata.sort((a, b) => (a.stratum < b.stratum ? -1 : a.stratum > b.stratum ? 1 : 0));
  return { ok: true, strata, rows: rows.length };
}

/** A stratum's rows as blocks: by the block column (each block's rows together, numbered 1, 2, … in order), else the whole stratum. */
function groupBlocks(list: Row[], stratum: string, problems: ListProblem[]): { number: number; rows: Row[] }[] {
  if (list[0]!.block === null) return [{ number: 1, rows: list }];
  const blocks: { number: number; rows: Row[] }[] = [];
  for (const r of list) {
    const last = blocks.at(-1);
    if (last && last.number === r.block) last.rows.push(r);
    else {
      if (r.block !== (last?.number ?? 0) + 1) problems.push({ row: r.line, reason: `Block ${r.block} of stratum ${stratum} is out of order (blocks run 1, 2, … and keep their rows together)` });
      blocks.push({ number: r.block!, rows: [r] });
    }
  }
  return blocks;
}

function sortProblems(problems: ListProblem[]): ListProblem[] {
  // Row problems in file order, then those of the whole list.
  return [...problems].sort((a, b) => (a.row ?? Infinity) - (b.row ?? Infinity));
}

/** The refusal's text: the first problems with their rows, and how many more. */
export function problemsMessage(problems: ListProblem[]): string {
  const shown = problems.slice(0, MAX_PROBLEMS).map((p) => (p.row === null ? p.reason : `Row ${p.row}: ${p.reason}`));
  const more = problems.length > MAX_PROBLEMS ? ` … and ${problems.length - MAX_PROBLEMS} more` : '';
  return `The list was refused: ${shown.join('; ')}${more}`;
}
