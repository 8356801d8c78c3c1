// POST /api/medical-coding (spec section 7): JSON {description} (and optionally studyId) -> {term, code,
// system} — system 'MedDRA', or the demo dictionary's name — plus the ranked candidates with their LLT,
// PT, HLT, HLGT and SOC, score and reasons.
// POST /api/coding/dictionaries: an administrator's MedDRA import, multipart 'files' (the MedAscii .asc files).
import { Router } from 'express';
import type { z } from 'zod';
import type { codingSuggestInput } from '@ctp/contracts';
import type { CallerFor } from '../../rest-caller.ts';
import type { BlobStore } from '@ctp/db';
import { uploadReceiver } from '../../http/uploads.ts';

/** The MedDRA import's upload: MedDRA's largest file (llt.asc) is about 10 MB; 40 files cover every MedAscii file. */
export const MEDDRA_UPLOAD_LIMITS = { fileMb: 200, files: 40 } as const;

export function codingRest(caller: CallerFor, files: BlobStore) {
  const r = Router();
  r.post('/medical-coding', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input = { description: body.description, ...(body.studyId !== undefined && { studyId: body.studyId }) } as z.input<typeof codingSuggestInput>;
    const s = await caller(req, res).coding.suggest(input);
    res.json({ term: s.term, code: s.code, system: s.system, dictionary: s.dictionary, candidates: s.candidates });
  });
  r.post('/coding/dictionaries', uploadReceiver(files.dir, MEDDRA_UPLOAD_LIMITS.fileMb, 'files', MEDDRA_UPLOAD_LIMITS.files), async (req, res) => {
    res.status(201).json(await caller(req, res).coding.importMeddra());
  });
  return r;
}
