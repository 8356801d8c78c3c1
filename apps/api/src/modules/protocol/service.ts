// The analysis of an uploaded protocol: the file checked by its content (PDF, DOC, DOCX or TXT), its text
// extracted, the proposal built. A file that cannot be read is the client's problem (400), never a 500.
import { PROTOCOL_FILE_TYPES, PROTOCOL_UPLOAD_FIELD, type ProtocolAnalysis } from '@ctp/contracts';
import type { UploadedFile } from '../../http/uploads.ts';
import { checkFileContent } from '../../http/file-check.ts';
import { fieldError } from '../../trpc.ts';
import { extractDocument, UnreadableDocumentError } from './extract.ts';
import { analyseDocument } from './analyze.ts';

export const PROTOCOL_TYPES_MESSAGE = 'Only PDF, DOC, DOCX and TXT protocol documents are accepted';

export async function analyseUpload(upload: UploadedFile | undefined): Promise<ProtocolAnalysis> {
  const checked = await checkFileContent(upload, { types: PROTOCOL_FILE_TYPES, acceptedMessage: PROTOCOL_TYPES_MESSAGE, field: PROTOCOL_UPLOAD_FIELD });
  try {
    const doc = await extractDocument(upload!.path, checked.extension);
    return analyseDocument(doc, upload!.originalName);
  } catch (err) {
    if (err instanceof UnreadableDocumentError) throw fieldError(PROTOCOL_UPLOAD_FIELD, err.message);
    throw err;
  }
}
