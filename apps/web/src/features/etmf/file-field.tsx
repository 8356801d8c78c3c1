// The file picker of Upload Document and Upload New Version: the eTMF's accepted types (ETMF_ACCEPT),
// the chosen file's name and size.
import { useTranslation } from 'react-i18next';
import { ETMF_ACCEPT } from '@ctp/contracts';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import { useFormatBytes } from './format-bytes';

export function FileField({ id, file, error, onFile }: { id: string; file: File | null; error?: string; onFile: (file: File | null) => void }) {
  const { t } = useTranslation('etmf');
  const bytes = useFormatBytes();
  return (
    <FormField id={id} label={t('upload.file')} hint={file ? t('upload.fileChosen', { name: file.name, size: bytes(file.size) }) : t('upload.fileHint')} error={error}>
      <Input type="file" accept={ETMF_ACCEPT} className="cursor-pointer py-1.5" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
    </FormField>
  );
}
