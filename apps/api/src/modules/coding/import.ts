// Importing MedDRA from the UI: the administrator sends the MedAscii .asc files (POST /api/coding/dictionaries,
// multipart 'files'); they are read and loaded as the command line does (npm run meddra:import).
import fsp from 'node:fs/promises';
import { TRPCError } from '@trpc/server';
import { DictionaryExistsError, importMeddraRelease, MeddraFormatError, readMeddraAscii } from '@ctp/db';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { refuse } from '../../refusal.ts';

export async function importUploadedMeddra(ctx: ProcedureCtx) {
  const files = ctx.req.uploads ?? [];
  if (!files.length) throw refuse('BAD_REQUEST', 'meddraFiles');
  const contents: Record<string, string> = {};
  for (const f of files) {
    if (!f.originalName.toLowerCase().endsWith('.asc')) throw refuse('BAD_REQUEST', 'notMeddraFile', { file: f.originalName });
    contents[f.originalName] = await fsp.readFile(f.path, 'utf8');
  }
  try {
    const release = readMeddraAscii(contents);
    const loaded = await importMeddraRelease(ctx.db, release, actorOf(ctx, `MedDRA ${release.version} imported`));
    return { ...loaded, version: release.version, language: release.language };
  } catch (err) {
    if (err instanceof MeddraFormatError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message });
    if (err instanceof DictionaryExistsError) throw new TRPCError({ code: 'CONFLICT', message: err.message });
    throw err;
  }
}
