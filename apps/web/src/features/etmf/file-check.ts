// The browser's first look at a chosen file: one is chosen, not empty, with an extension the eTMF
// accepts (ETMF_FILE_TYPES). The server checks the content as well.
import type { TFunction } from 'i18next';
import { ETMF_FILE_TYPES } from '@ctp/contracts';

export function fileProblem(file: File | null | undefined, t: TFunction<'etmf'>): string | undefined {
  if (!file) return t('upload.errors.file');
  if (file.size === 0) return t('upload.errors.emptyFile');
  const extension = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (!extension || !(extension in ETMF_FILE_TYPES)) return t('upload.errors.fileType');
  return undefined;
}
