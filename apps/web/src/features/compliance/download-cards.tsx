// The three evidence documents, each produced by the server from the database when downloaded. The
// audit trail is one study's (audit.read); the others cover the chosen study or all the user's.
import { useTranslation } from 'react-i18next';
import { Download, FileSpreadsheet, FileText, type LucideIcon } from 'lucide-react';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { useComplianceDownload } from './use-compliance-download';

type Kind = 'audit-trail' | 'evidence' | 'signatures';
const KEYS: Record<Kind, string> = { 'audit-trail': 'auditTrail', evidence: 'evidence', signatures: 'signatures' };
const ICONS: Record<Kind, LucideIcon> = { 'audit-trail': FileSpreadsheet, evidence: FileText, signatures: FileSpreadsheet };

function DownloadCard({ kind, studyId, blocked }: { kind: Kind; studyId: number | undefined; blocked: string | null }) {
  const { t } = useTranslation('compliance');
  const download = useComplianceDownload();
  const key = KEYS[kind];
  const Icon = ICONS[kind];
  return (
    <Card className="flex flex-col" data-testid="download-card" data-kind={kind}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="h-5 w-5 text-primary" aria-hidden /> {t(`downloads.${key}.title`)}
        </CardTitle>
        <CardDescription>{t(`downloads.${key}.text`)}</CardDescription>
      </CardHeader>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <Button
          variant="outline"
          aria-label={t(`downloads.${key}.button`)}
          disabled={!!blocked || download.isPending}
          aria-busy={download.isPending}
          onClick={() => download.mutate({ kind, studyId })}
        >
          <Download aria-hidden /> {t(download.isPending ? 'downloads.preparing' : 'downloads.download')}
        </Button>
        {blocked && <span className="text-xs text-muted-foreground">{blocked}</span>}
      </CardFooter>
    </Card>
  );
}

export function DownloadCards({ studyId }: { studyId: number | undefined }) {
  const { t } = useTranslation('compliance');
  const canExport = useCan('report.export');
  const canAudit = useCan('audit.read');
  const noExport = canExport ? null : t('downloads.noExport');
  const auditBlocked = noExport ?? (!canAudit ? t('recent.noAccess') : studyId === undefined ? t('downloads.chooseStudy') : null);
  return (
    <section aria-labelledby="compliance-downloads" className="grid gap-3">
      <h2 id="compliance-downloads" className="text-lg font-semibold">
        {t('downloads.title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <DownloadCard kind="audit-trail" studyId={studyId} blocked={auditBlocked} />
        <DownloadCard kind="evidence" studyId={studyId} blocked={noExport} />
        <DownloadCard kind="signatures" studyId={studyId} blocked={noExport} />
      </div>
    </section>
  );
}
