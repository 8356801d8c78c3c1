// randomization.goLive: the production scheme goes live. For stratified blocks the sealed list is
// generated now from a fresh 32-byte seed (one list per stratum, planned enrollment plus the margin
// each, whole blocks) and stored with its sha256; the scheme row records which list is live and its
// hash. Minimization needs no list: its allocations will be computed as subjects come.
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Actor, type Db, type Tx } from '@ctp/db';
import type { StudyScope } from '../../access.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { canonicalJson } from '../casebook/signatures.ts';
import { assertStudyInScope } from '../design/scope.ts';
import { newSeed, stratifiedBlockLists, type StratumList } from './engine/index.ts';
import { LOCKED_MESSAGE } from './scheme-save.ts';
import { contentHash, sha256, studyArms, type StudyArm } from './scheme-content.ts';
import { rowContent, schemeView } from './scheme-read.ts';

const INSERT_BATCH = 1000;

export async function goLive(db: Db, actor: Actor, scope: StudyScope, input: { studyId: number; version: number }) {
  return withActor(db, actor, async (tx) => {
    await assertStudyInScope(tx, scope, input.studyId);
    const { row, content, arms } = await readyToGoLive(tx, input);
    let list: { listId: number; listHash: string } | null = null;
    if (content.method === 'blocks') {
      const seed = newSeed();
      const length = Math.ceil(content.plannedEnrollment * (1 + content.marginPercent / 100));
      const engineArms = content.arms.map((a) => ({ code: String(a.armId), ratio: a.ratio }));
      const strata = stratifiedBlockLists({ seed, arms: engineArms, factors: content.factors, blockSizes: content.blockSizes ?? [], length });
      list = await storeList(tx, { schemeId: row.id, studyId: row.studyId, schemeHash: row.contentHash, seed, strata, arms, createdBy: actor.userId });
    }
    return markLive(tx, row.id, list, arms);
  });
}

/** The production scheme, locked FOR UPDATE, checked ready to go live (saved, this version, not live, the design unchanged). */
export async function readyToGoLive(tx: Tx, input: { studyId: number; version: number }) {
  const row = await tx
    .selectFrom('randomizationSchemes')
    .selectAll()
    .where('studyId', '=', input.studyId)
    .where('kind', '=', 'production')
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Save a production scheme before going live' });
  if (row.version !== input.version) throw staleVersion();
  if (row.lockedAt) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: LOCKED_MESSAGE });
  if (row.status === 'live') throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'The production scheme is already live' });
  const content = rowContent(row);
  const arms = await studyArms(tx, input.studyId);
  // The design may have changed since the scheme was saved: an arm gone or renamed changes the hash.
  const known = new Set(arms.map((a) => a.id));
  if (content.arms.some((a) => !known.has(a.armId))) {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'An arm of the scheme is no longer in the study design; save the scheme again' });
  }
  if (contentHash(row.studyId, row.kind, content, arms) !== row.contentHash) {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'The study design changed since the scheme was saved; save the scheme again' });
  }
  return { row, content, arms };
}

export async function markLive(tx: Tx, schemeId: number, list: { listId: number; listHash: string } | null, arms: StudyArm[]) {
  const updated = await tx
    .updateTable('randomizationSchemes')
    .set({ status: 'live', liveAt: sql<Date>`now()`, listId: list?.listId ?? null, listHash: list?.listHash ?? null, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
    .where('id', '=', schemeId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return schemeView(updated, arms);
}

/** The list's hash covers every stratum's entries with the arms' codes. */
export async function storeList(
  tx: Tx,
  input: {
    schemeId: number;
    studyId: number;
    schemeHash: string;
    /** Generated lists: the seed. Uploaded lists: null, with the file's sha256 and each slot's own number. */
    seed: Buffer | null;
    fileSha256?: string;
    strata: (Omit<StratumList, 'entries'> & { entries: (StratumList['entries'][number] & { number?: string })[] })[];
    arms: StudyArm[];
    createdBy: number | null;
  },
) {
  const codes = new Map(input.arms.map((a) => [String(a.id), a.code]));
  const slot = (e: { position: number; block: number; blockSize: number; arm: string; number?: string }) =>
    e.number === undefined ? [e.position, e.block, e.blockSize, codes.get(e.arm)] : [e.position, e.block, e.blockSize, codes.get(e.arm), e.number];
  const listHash = sha256(canonicalJson(input.strata.map((s) => ({ stratum: s.stratum, entries: s.entries.map(slot) }))));
  const { id } = await tx
    .insertInto('randomizationLists')
    .values({
      schemeId: input.schemeId,
      studyId: input.studyId,
      schemeHash: input.schemeHash,
      seed: input.seed ? input.seed.toString('hex') : null,
      source: input.seed ? 'generated' : 'uploaded',
      fileSha256: input.fileSha256 ?? null,
      listHash,
      strata: input.strata.length,
      entriesPerStratum: Math.min(...input.strata.map((s) => s.entries.length)),
      createdBy: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = input.strata.flatMap((s) =>
    s.entries.map((e) => ({ listId: id, stratum: s.stratum, position: e.position, block: e.block, blockSize: e.blockSize, armId: Number(e.arm), randomizationNumber: e.number ?? null })),
  );
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insertInto('randomizationListEntries').values(rows.slice(i, i + INSERT_BATCH)).execute();
  return { listId: id, listHash };
}
