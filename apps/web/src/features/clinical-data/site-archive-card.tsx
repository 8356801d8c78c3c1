// "Site close-out archives" on the study page's Forms tab (data managers and administrators): create a
// site's (or the whole study's) archive, follow its progress (subjects done of total, from the archive
// row the background job updates), and download the zip, filed in the eTMF as the site's Final Subject
// Data document (GET /api/etmf-documents/{id}/file).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Archive, FileDown } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCanInStudy } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { ErrorState } from '@/components/ui/states';

const TONE = { running: 'info', done: 'success', failed: 'danger' } as const;

export function SiteArchiveCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('dataout');
  const canArchive = useCanInStudy(studyId, 'siteArchive.manage');
  const [siteId, setSiteId] = useState<number | undefined>();
  const utils = trpc.useUtils();
  const sites = trpc.sites.list.useQuery({ studyId, limit: 100 }, { enabled: canArchive });
  // Polled while an archive runs: its progress is the row the job writes.
  const archives = trpc.siteArchives.list.useQuery({ studyId }, { enabled: canArchive, refetchInterval: (q) => (q.state.data?.some((a) => a.status === 'running') ? 1000 : false) });
  const create = trpc.siteArchives.create.useMutation({ onSuccess: () => void utils.siteArchives.list.invalidate({ studyId }) });
  if (!canArchive) return null;
  return (
    <Card data-testid="site-archives">
      <CardHeader>
        <CardTitle>{t('archive.title')}</CardTitle>
        <CardDescription>{t('archive.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ studyId, siteId });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="archive-site">{t('archive.site')}</Label>
            <NativeSelect id="archive-site" value={siteId ?? ''} onChange={(e) => setSiteId(e.target.value ? Number(e.target.value) : undefined)}>
              <option value="">{t('archive.wholeStudy')}</option>
              {sites.data?.items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.siteNumber} — {s.siteName}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={create.isPending}>
            <Archive aria-hidden /> {t('archive.create')}
          </Button>
        </form>
        {create.error && <ErrorState message={create.error.message} />}
        {archives.error ? (
          <ErrorState message={archives.error.message} />
        ) : archives.data && archives.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('archive.none')}</p>
        ) : (
          <ul className="grid divide-y divide-border rounded-md border border-border">
            {archives.data?.map((a) => {
              const percent = a.subjectsTotal ? (a.subjectsDone / a.subjectsTotal) * 100 : a.status === 'done' ? 100 : 0;
              return (
                <li key={a.id} className="grid gap-2 px-3 py-2" data-testid="site-archive" data-id={a.id} data-status={a.status} data-site={a.siteNumber ?? ''}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-medium">{a.siteNumber ? t('archive.siteLabel', { number: a.siteNumber, name: a.siteName }) : t('archive.wholeStudy')}</p>
                    <Badge tone={TONE[a.status]}>{t(`archive.status.${a.status}`)}</Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {t('archive.started', { who: a.startedBy ?? '', when: formatDateTime(a.startedAt) })}
                    {a.step && a.status === 'running' ? ` · ${a.step}` : ''}
                  </p>
                  {a.status === 'running' && <Progress value={percent} aria-label={t('archive.progressLabel')} />}
                  <p className="text-xs" data-testid="site-archive-progress">
                    {t('archive.progress', { done: a.subjectsDone, total: a.subjectsTotal })}
                  </p>
                  {a.status === 'failed' && <p className="text-xs text-destructive">{a.error}</p>}
                  {a.status === 'done' && a.documentId && (
                    <div className="flex flex-wrap items-center gap-2 text-xs">
                      <Button asChild size="sm" variant="outline">
                        <a href={`/api/etmf-documents/${a.documentId}/file`} download data-testid="site-archive-download">
                          <FileDown aria-hidden /> {t('archive.download')}
                        </a>
                      </Button>
                      <span className="text-muted-foreground">{t('archive.filedAs', { code: a.documentCode })}</span>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
