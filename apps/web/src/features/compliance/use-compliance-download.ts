// compliance.download: the file the server produced is saved through an object URL (a PDF arrives as
// base64 and is decoded to bytes; a CSV arrives as text), then a toast names it or the server's error.
import { useTranslation } from 'react-i18next';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { toast } from '@/components/ui/use-toast';

type ServerFile = RouterOutputs['compliance']['download'];

function toBlob(file: ServerFile): Blob {
  if (file.encoding === 'utf8') return new Blob([file.content], { type: file.contentType });
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.contentType });
}

/** Saves a file the server produced (the compliance downloads, the access review) under its name. */
export function saveServerFile(file: ServerFile) {
  const url = URL.createObjectURL(toBlob(file));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useComplianceDownload() {
  const { t } = useTranslation('compliance');
  return trpc.compliance.download.useMutation({
    onSuccess: (file) => {
      saveServerFile(file);
      toast({ title: t('downloads.ready'), description: file.filename });
    },
    onError: (error) => toast({ variant: 'destructive', title: t('downloads.failed'), description: error.message }),
  });
}
