// Importing a standard (POST /api/cdisc/standards, multipart field 'file'): a newer SDTMIG or CDASHIG
// from its CDISC Library XML export. The file is checked as XML by content, read by the same parser as
// the shipped catalogue's generator, refused when that code and version is loaded already, and stored in
// one withActor transaction so the audit trail records who imported what, why and from where. The
// readers then use the newest version of each code (current.ts).
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import { TRPCError } from '@trpc/server';
import { CdiscLibraryFormatError, parseCdiscLibraryXml, withActor, type CdiscLibraryExport } from '@ctp/db';
import { CDISC_STANDARD_UPLOAD_FIELD, type CdiscStandardImported } from '@ctp/contracts';
import { checkXmlFile } from '../../../http/file-check.ts';
import { actorOf } from '../../../trpc.ts';
import type { ProcedureCtx } from '../../../procedure-context.ts';
import { isUniqueViolation } from '../../../sql-helpers.ts';
import { storeStandard } from './store.ts';
import { refuse } from '../../../refusal.ts';

/** The export as data; what makes it unusable is the user's to fix (400, the parser's message). */
function readExport(bytes: Buffer): CdiscLibraryExport {
  try {
    return parseCdiscLibraryXml(bytes.toString('utf8'));
  } catch (err) {
    if (err instanceof CdiscLibraryFormatError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message });
    throw err;
  }
}

export async function importStandard(ctx: ProcedureCtx): Promise<CdiscStandardImported> {
  const file = ctx.req.upload;
  await checkXmlFile(file, CDISC_STANDARD_UPLOAD_FIELD);
  const bytes = await fsp.readFile(file!.path);
  const parsed = readExport(bytes);
  const { code, version } = parsed.standard;
  const loaded = () => refuse('CONFLICT', 'standardLoaded', { code, version });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const reason = `Imported ${code} ${version} from a CDISC Library export`;
  try {
    const stored = await withActor(ctx.db, actorOf(ctx, reason), async (tx) => {
      const exists = await tx.selectFrom('cdiscStandards').select('id').where('code', '=', code).where('version', '=', version).executeTakeFirst();
      if (exists) throw loaded();
      return storeStandard(tx, parsed, { name: file!.originalName, sha256, importedBy: ctx.user.id });
    });
    return { standard: code, version, datasets: stored.datasets, variables: stored.variables };
  } catch (err) {
    // Two imports of one version at once: the second meets UNIQUE (code, version).
    if (isUniqueViolation(err)) throw loaded();
    throw err;
  }
}
