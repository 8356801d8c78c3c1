// The eTMF's accepted files: the shared content check (http/file-check.ts) with the eTMF's types.
import { ETMF_FILE_TYPES, type EtmfExtension } from '@ctp/contracts';
import type { UploadedFile } from '../../http/uploads.ts';
import { checkFileContent, type CheckedFile } from '../../http/file-check.ts';

export const ACCEPTED_TYPES_MESSAGE = 'Only PDF, DOCX, DOC, XLSX, TXT, PNG and JPEG files are accepted';

export function checkUploadedFile(file: UploadedFile | undefined): Promise<CheckedFile<EtmfExtension>> {
  return checkFileContent(file, { types: ETMF_FILE_TYPES, acceptedMessage: ACCEPTED_TYPES_MESSAGE, field: 'file' });
}
