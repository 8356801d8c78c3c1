// usdm.propose: an uploaded USDM document (.json, UTF-8 JSON by content) read into a proposal, stored
// with the document's sha256 and USDM version for the uploader to review and accept. A document that is
// not USDM 4.0, breaks the schema or refers to missing objects is refused (400) with the offending path,
// and nothing is stored. The answer carries what CDISC's USDM 4.0 CORE rules find in the document.
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import { withActor } from '@ctp/db';
import { USDM_PROPOSE_REASON, USDM_UPLOAD_FIELD, type UsdmImportAnswer, type UsdmProposal } from '@ctp/contracts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { actorOf, fieldError } from '../../trpc.ts';
import { refuseField } from '../../refusal.ts';
import { parseUsdm, proposalOf } from './read.ts';
import { usdmConformanceOf } from './conformance.ts';
import { asFieldError, UsdmDocumentError } from './refusal.ts';

export const USDM_TYPES_MESSAGE = 'Only USDM documents in JSON (.json) are accepted';

async function documentText(upload: UploadedFile | undefined): Promise<{ text: string; sha256: string }> {
  if (!upload) throw refuseField(USDM_UPLOAD_FIELD, 'chooseFile');
  if (upload.size === 0) throw refuseField(USDM_UPLOAD_FIELD, 'fileEmpty');
  if (!/\.json$/i.test(upload.originalName)) throw fieldError(USDM_UPLOAD_FIELD, USDM_TYPES_MESSAGE);
  const bytes = await fsp.readFile(upload.path);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fieldError(USDM_UPLOAD_FIELD, 'The file is not UTF-8 text');
  }
  return { text: text.replace(/^\uFEFF/, ''), sha256: createHash('sha256').update(bytes).digest('hex') };
}

export async function proposeFromUpload(ctx: ProcedureCtx, upload: UploadedFile | undefined): Promise<UsdmImportAnswer> {
  const { text, sha256 } = await documentText(upload);
  let proposal: UsdmProposal;
  let doc: unknown;
  try {
    doc = parseUsdm(text);
    proposal = proposalOf(doc as ReturnType<typeof parseUsdm>);
  } catch (err) {
    if (err instanceof UsdmDocumentError) throw asFieldError(err);
    throw err;
  }
  const row = await withActor(ctx.db, actorOf(ctx, USDM_PROPOSE_REASON), (tx) =>
    tx
      .insertInto('usdmImports')
      .values({
        sha256,
        usdmVersion: proposal.usdmVersion,
        systemName: proposal.systemName?.slice(0, 200) ?? null,
        fileName: upload!.originalName,
        proposal: JSON.stringify(proposal),
        createdBy: ctx.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // CDISC's USDM rules on the document, shown in the review; they never refuse an import.
  const conformance = await usdmConformanceOf(doc);
  return { importId: row.id, sha256, proposal, conformance };
}
