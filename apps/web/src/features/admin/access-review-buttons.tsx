// /admin/users: "Access review (CSV)" and "Access review (PDF)", the periodic review of every account
// (users.accessReview, made by the server from the database at the moment of the click), saved under
// the server's file name; a toast names the file or the server's error.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSpreadsheet, FileText } from 'lucide-react';
import type { AccessReviewFormat } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { saveServerFile } from '@/features/compliance/use-compliance-download';

export function AccessReviewButtons() {
  const { t } = useTranslation('admin');
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<AccessReviewFormat | null>(null);
  async function download(format: AccessReviewFormat) {
    setBusy(format);
    try {
      const file = await utils.client.users.accessReview.query({ format });
      saveServerFile(file);
      toast({ title: t('accessReview.ready'), description: file.filename });
    } catch (error) {
      toast({ variant: 'destructive', title: t('accessReview.failed'), description: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('accessReview.group')} title={t('accessReview.hint')}>
      <Button variant="outline" disabled={busy !== null} onClick={() => void download('csv')}>
        <FileSpreadsheet aria-hidden /> {busy === 'csv' ? t('accessReview.preparing') : t('accessReview.csv')}
      </Button>
      <Button variant="outline" disabled={busy !== null} onClick={() => void download('pdf')}>
        <FileText aria-hidden /> {busy === 'pdf' ? t('accessReview.preparing') : t('accessReview.pdf')}
      </Button>
    </div>
  );
}
