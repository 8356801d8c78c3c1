// Trial exports and reports are produced by the server (trials.export, trials.report) and saved here.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { downloadText } from '@/lib/format';
import { toast } from '@/components/ui/use-toast';

function useFileHandlers() {
  const { t } = useTranslation('ctms');
  return {
    onSuccess: (file: { filename: string; contentType: string; content: string }) => {
      downloadText(file.filename, file.contentType, file.content);
      toast({ title: t('files.ready'), description: file.filename });
    },
    onError: (error: { message: string }) =>
      toast({ variant: 'destructive', title: t('files.failed'), description: error.message }),
  };
}

export function useTrialReport() {
  return trpc.trials.report.useMutation(useFileHandlers());
}

export function useTrialExport() {
  return trpc.trials.export.useMutation(useFileHandlers());
}
