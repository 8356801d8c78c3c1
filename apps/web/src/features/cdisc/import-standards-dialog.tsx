// Import Standards: the standards loaded (version, when, by whom, which one is in use) and the upload of
// a newer SDTMIG or CDASHIG CDISC Library XML export to POST /api/cdisc/standards. The server's refusal
// is shown as it says it; on success the CDISC queries are refetched, so the Domains tab's cards show
// the new version (the readers use the newest version of each standard).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CdiscStandardImported } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { postMultipart, UploadError } from '@/features/etmf/post-multipart';
import { countedText } from '@/lib/counted-text';

/** The refusal as the server words it: the file field's message when it names one, else the error. */
function refusalOf(err: unknown): string {
  if (err instanceof UploadError) return err.data.fieldErrors.file?.[0] ?? err.message;
  return (err as Error).message;
}

export function ImportStandardsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('standardsImport');
  const utils = trpc.useUtils();
  const standards = trpc.cdisc.standards.useQuery(undefined, { enabled: open });
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [imported, setImported] = useState<CdiscStandardImported | null>(null);

  function reset(next: boolean) {
    if (!next) {
      setFile(null);
      setError(null);
      setImported(null);
    }
    onOpenChange(next);
  }

  async function upload() {
    if (!file) return;
    setBusy(true);
    setError(null);
    setImported(null);
    try {
      setImported(await postMultipart<CdiscStandardImported>('/api/cdisc/standards', {}, file, t('network')));
      setFile(null);
      await utils.cdisc.invalidate();
    } catch (err) {
      setError(refusalOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && reset(next)}>
      <DialogContent className="max-w-3xl" data-testid="cdisc-import-dialog">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('loaded')}</h3>
          {standards.isPending ? (
            <Skeleton className="h-24" />
          ) : standards.error ? (
            <ErrorState message={standards.error.message} />
          ) : (
            <table className="w-full text-sm" data-testid="cdisc-import-standards">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-1 pr-2 font-medium">{t('columns.standard')}</th>
                  <th className="py-1 pr-2 font-medium">{t('columns.contents')}</th>
                  <th className="py-1 pr-2 font-medium">{t('columns.loadedAt')}</th>
                  <th className="py-1 font-medium">{t('columns.loadedBy')}</th>
                </tr>
              </thead>
              <tbody>
                {standards.data.map((s) => (
                  <tr key={s.id} className="border-t border-border" data-testid="cdisc-import-standard" data-code={s.code} data-version={s.version}>
                    <td className="py-1.5 pr-2">
                      <span className="font-medium" title={s.label}>
                        {s.code} {s.version}
                      </span>{' '}
                      {s.current && <Badge tone="success">{t('current')}</Badge>}
                    </td>
                    <td className="py-1.5 pr-2 text-muted-foreground">
                      {countedText(t, 'contents', { datasets: s.domainCount, variables: s.variableCount })}
                    </td>
                    <td className="py-1.5 pr-2 tabular-nums">{formatDateTime(s.loadedAt)}</td>
                    <td className="py-1.5">{s.loadedBy ?? <span className="text-muted-foreground">{t('shipped')}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <div className="grid gap-1.5">
          <Label htmlFor="cdisc-import-file">{t('file')}</Label>
          <input
            id="cdisc-import-file"
            type="file"
            accept=".xml,application/xml,text/xml"
            className="text-sm"
            disabled={busy}
            aria-describedby="cdisc-import-file-help"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <p id="cdisc-import-file-help" className="text-xs text-muted-foreground">
            {t('fileHelp')}
          </p>
        </div>
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700" data-testid="cdisc-import-error">
            {error}
          </p>
        )}
        {imported && (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800" data-testid="cdisc-import-success">
            {countedText(t, 'success', {
              standard: imported.standard,
              version: imported.version,
              datasets: imported.datasets,
              variables: imported.variables,
            })}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => reset(false)} disabled={busy}>
            {t('close')}
          </Button>
          <Button onClick={() => void upload()} disabled={!file || busy} aria-busy={busy}>
            {busy ? t('importing') : t('import')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
