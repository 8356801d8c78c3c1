// compliance.download (and the streamed audit trail CSV): the file the server produced is saved through an object URL (a PDF arrives as
// base64 and is decoded to bytes; a CSV arrives as text), then a toast names it or the server's error.
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { downloadFromServer } from '@/lib/server-download';
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

type Download = { kind: 'audit-trail' | 'evidence' | 'signatures'; studyId: number | undefined };

/**
 * The audit trail CSV, which grows with the study, is streamed by the server
 * (GET /api/studies/{id}/audit-trail.csv); the two PDFs come as one tRPC answer.
 */
export function useComplianceDownload() {
  const { t } = useTranslation('compliance');
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: async ({ kind, studyId }: Download): Promise<string> => {
      if (kind === 'audit-trail' && studyId !== undefined) return downloadFromServer(`/studies/${studyId}/audit-trail.csv`, {}, 'audit-trail.csv');
      const file = await utils.client.compliance.download.mutate({ kind, studyId });
      saveServerFile(file);
      return file.filename;
    },
    onSuccess: (filename) => toast({ title: t('downloads.ready'), description: filename }),
    onError: (error) => toast({ variant: 'destructive', title: t('downloads.failed'), description: error.message }),
  });
}
