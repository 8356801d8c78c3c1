// "Import clinical data" on the study page's Forms tab (data managers, administrators): an ODM ClinicalData
// file or a REDCap flat CSV. Always a dry run first (nothing is written); the import then needs a reason,
// and imports exactly the file that was dry-run (choosing another file asks for a new dry run).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import type { ImportReport } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCanInStudy } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ImportReportView } from './import-report';
import { uploadData } from './upload-data';

export function ImportDataCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('dataimport');
  const canImport = useCanInStudy(studyId, 'data.import');
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState<ImportReport | null>(null);
  const [done, setDone] = useState<ImportReport | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canImport) return null;

  const run = async (mode: 'dry-run' | 'import') => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const report = await uploadData(studyId, file, mode, mode === 'import' ? reason : undefined);
      if (mode === 'dry-run') setDryRun(report);
      else {
        setDone(report);
        setDryRun(null);
        await utils.invalidate();
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="data-import">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor="data-import-file">{t('file')}</Label>
          <Input
            id="data-import-file"
            type="file"
            accept=".csv,.xml,text/csv,application/xml,text/xml"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setDryRun(null);
              setDone(null);
              setError(null);
            }}
          />
        </div>
        <div>
          <Button type="button" variant="outline" disabled={!file || busy} onClick={() => void run('dry-run')}>
            <Upload aria-hidden /> {busy && !dryRun ? t('running') : t('dryRun')}
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {dryRun && (
          <>
            <ImportReportView report={dryRun} />
            <div className="grid gap-1.5">
              <Label htmlFor="data-import-reason">{t('reason')}</Label>
              <Input id="data-import-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('reasonHint')} />
            </div>
            <div>
              <Button type="button" disabled={busy || reason.trim().length < 3 || dryRun.counts.created + dryRun.counts.changed === 0} onClick={() => void run('import')}>
                {t('import', { count: dryRun.counts.created + dryRun.counts.changed })}
              </Button>
            </div>
          </>
        )}
        {done && (
          <>
            <p role="status" className="text-sm font-medium text-green-700">
              {t('imported', { count: done.counts.created + done.counts.changed })}
            </p>
            <ImportReportView report={done} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
