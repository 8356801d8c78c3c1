// supply.registerRange and supply.registerCsv (study managers and administrators): kits registered in
// bulk at one of the study's depots. All or nothing: a duplicate number (within the batch or already in
// the study), an unknown kit type, a bad lot or expiry refuses the whole batch with the rows named.
import { TRPCError } from '@trpc/server';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { isoDate, MAX_KITS_PER_REGISTRATION, type kitCsvInput, type kitRangeInput } from '@ctp/contracts';
import { withActor, type Actor, type Db, type Tx } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { supplyStudy } from './scope.ts';

interface NewKit {
  row: number;
  kitNumber: string;
  kitTypeId: number;
  lot: string;
  expiryDate: string;
}

const KIT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
const LOT = /^.{1,40}$/;
/** How many problems a refusal names at most. */
const NAMED = 20;

function refuseRows(problems: string[]): never {
  const more = problems.length > NAMED ? ` (and ${problems.length - NAMED} more)` : '';
  throw new TRPCError({ code: 'BAD_REQUEST', message: `No kit was registered: ${problems.slice(0, NAMED).join('; ')}${more}` });
}

async function depotOf(tx: Tx, studyId: number, depotId: number) {
  const depot = await tx.selectFrom('supplyDepots').select('id').where('studyId', '=', studyId).where('id', '=', depotId).executeTakeFirst();
  if (!depot) throw new TRPCError({ code: 'NOT_FOUND', message: 'Depot not found in this study' });
}

/** Inserts the kits at the depot after checking numbers against each other and the study's kits. */
async function insertKits(tx: Tx, studyId: number, depotId: number, kits: NewKit[]) {
  await depotOf(tx, studyId, depotId);
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const k of kits) {
    const first = seen.get(k.kitNumber.toLowerCase());
    if (first !== undefined) problems.push(`row ${k.row}: kit number ${k.kitNumber} repeats row ${first}`);
    else seen.set(k.kitNumber.toLowerCase(), k.row);
  }
  // Existing numbers, compared without case (K-001 and k-001 would be read as one kit on a label).
  const numbers = [...seen.keys()];
  for (let i = 0; i < numbers.length; i += 1000) {
    const taken = await tx
      .selectFrom('kits')
      .select('kitNumber')
      .where('studyId', '=', studyId)
      .where((eb) => eb(eb.fn('lower', ['kitNumber']), 'in', numbers.slice(i, i + 1000)))
      .execute();
    for (const t of taken) problems.push(`row ${seen.get(t.kitNumber.toLowerCase())}: kit number ${t.kitNumber} is already registered in this study`);
  }
  if (problems.length) refuseRows(problems);
  for (let i = 0; i < kits.length; i += 1000) {
    await tx
      .insertInto('kits')
      .values(kits.slice(i, i + 1000).map((k) => ({ studyId, kitNumber: k.kitNumber, kitTypeId: k.kitTypeId, lot: k.lot, expiryDate: k.expiryDate, depotId, status: 'at_depot' as const })))
      .execute();
  }
  return { registered: kits.length };
}

export async function registerRange(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof kitRangeInput>) {
  const study = await supplyStudy(db, scope, input.studyId);
  const type = await db.selectFrom('kitTypes').select('id').where('studyId', '=', study.id).where('id', '=', input.kitTypeId).executeTakeFirst();
  if (!type) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Unknown kit type for this study' });
  const kits: NewKit[] = [];
  for (let n = input.from; n <= input.to; n++) {
    const kitNumber = `${input.prefix}${String(n).padStart(input.width, '0')}`;
    if (!KIT_NUMBER.test(kitNumber)) throw new TRPCError({ code: 'BAD_REQUEST', message: `Kit number ${kitNumber.slice(0, 50)} is not valid: use at most 40 letters, digits, '.', '_' and '-'` });
    kits.push({ row: n - input.from + 1, kitNumber, kitTypeId: type.id, lot: input.lot, expiryDate: input.expiryDate });
  }
  return withActor(db, actor, (tx) => insertKits(tx, study.id, input.depotId, kits));
}

const HEADERS = { number: ['number', 'kit number', 'kit_number', 'kit'], kitType: ['kit type', 'kit_type', 'kittype', 'type'], lot: ['lot'], expiry: ['expiry', 'expiry date', 'expiry_date', 'expires'] };

/** The CSV's columns by name (header row), read with csv-parse. */
export function readKitCsv(csv: string): { row: number; number: string; kitType: string; lot: string; expiry: string }[] {
  let records: string[][];
  try {
    records = parse(csv, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true, delimiter: [',', ';'] });
  } catch (err) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `The CSV cannot be read: ${(err as Error).message.slice(0, 200)}` });
  }
  const [header, ...rows] = records;
  if (!header) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The CSV is empty' });
  const names = header.map((h) => h.toLowerCase());
  const col = (k: keyof typeof HEADERS) => names.findIndex((n) => HEADERS[k].includes(n));
  const cols = { number: col('number'), kitType: col('kitType'), lot: col('lot'), expiry: col('expiry') };
  const missing = Object.entries(cols).filter(([, i]) => i < 0).map(([k]) => k);
  if (missing.length) throw new TRPCError({ code: 'BAD_REQUEST', message: `The CSV needs the columns number, kit type, lot and expiry (missing: ${missing.join(', ')})` });
  if (!rows.length) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The CSV has no kit rows' });
  if (rows.length > MAX_KITS_PER_REGISTRATION) throw new TRPCError({ code: 'BAD_REQUEST', message: `Register at most ${MAX_KITS_PER_REGISTRATION} kits at once` });
  return rows.map((r, k) => ({ row: k + 2, number: r[cols.number] ?? '', kitType: r[cols.kitType] ?? '', lot: r[cols.lot] ?? '', expiry: r[cols.expiry] ?? '' }));
}

export async function registerCsv(db: Db, actor: Actor, scope: StudyScope, input: z.infer<typeof kitCsvInput>) {
  const study = await supplyStudy(db, scope, input.studyId);
  const rows = readKitCsv(input.csv);
  const types = new Map((await db.selectFrom('kitTypes').select(['id', 'code']).where('studyId', '=', study.id).execute()).map((t) => [t.code.toLowerCase(), t.id]));
  const problems: string[] = [];
  const kits: NewKit[] = [];
  for (const r of rows) {
    const kitTypeId = types.get(r.kitType.toLowerCase());
    // Row numbers and codes only: a refusal never echoes more than the short identifiers of the row.
    if (!KIT_NUMBER.test(r.number)) problems.push(`row ${r.row}: the kit number is missing or not valid`);
    if (kitTypeId === undefined) problems.push(`row ${r.row}: unknown kit type ${r.kitType.slice(0, 40) || '(empty)'}`);
    if (!LOT.test(r.lot)) problems.push(`row ${r.row}: the lot is missing or longer than 40 characters`);
    if (!isoDate.safeParse(r.expiry).success) problems.push(`row ${r.row}: the expiry date must be a date as YYYY-MM-DD`);
    if (kitTypeId !== undefined) kits.push({ row: r.row, kitNumber: r.number, kitTypeId, lot: r.lot, expiryDate: r.expiry });
  }
  if (problems.length) refuseRows(problems);
  return withActor(db, actor, (tx) => insertKits(tx, study.id, input.depotId, kits));
}
