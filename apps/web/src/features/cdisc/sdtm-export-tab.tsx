// SDTM Export: a study (picked here when none is given), Generate SDTM (starts a run on the server), the
// run's progress while it goes (polled every 2 s only while running), and a card per dataset of the last
// finished run with its record count and time, Preview, Export SAS (.xpt), CSV and Dataset-JSON; Export
// All Domains (a zip of every dataset's .xpt and define.xml). The XPT text encoding is chosen per run
// (ASCII with transliteration by default, Latin-1, Windows-1252, UTF-8 on request); the run shows its
// encoding and how many values it changed, and the encoding report says where. A blinded run (generated
// for a reader who does not see the arms of a blinded study) says so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Archive, Play } from 'lucide-react';
import { SDTM_ENCODINGS, SDTM_ENCODING_LABELS, type SdtmDataset, type SdtmEncoding } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { formatDateTime, formatNumber } from '@/lib/format';
import { NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { TabStudyPicker, useTabStudy } from './tab-study';
import { SdtmDatasetCard } from './sdtm-dataset-card';
import { SdtmPreviewDialog } from './sdtm-preview-dialog';
import { SdtmEncodingDialog } from './sdtm-encoding-dialog';

export function SdtmExportTab({ studyId }: { studyId?: number }) {
  const { t } = useTranslation('sdtm');
  const canExport = useCan('cdisc.export');
  const utils = trpc.useUtils();
  const { study, options, pick, showPicker } = useTabStudy(studyId);
  const run = trpc.sdtm.latestRun.useQuery(
    { studyId: study ?? 0 },
    { enabled: study !== undefined, refetchInterval: (q) => (q.state.data?.status === 'running' ? 2000 : false) },
  );
  const generate = trpc.sdtm.exportSdtm.useMutation({
    onSuccess: () => utils.sdtm.latestRun.invalidate(),
    onError: (err) => toast({ variant: 'destructive', title: serverError(err).message }),
  });
  const [preview, setPreview] = useState<SdtmDataset | null>(null);
  const [encoding, setEncoding] = useState<SdtmEncoding>('ascii');
  const [showReport, setShowReport] = useState(false);
  const data = run.data;
  const running = data?.status === 'running' || generate.isPending;

  return (
    <div className="grid gap-4" data-testid="sdtm-export">
      <Card>
        <CardContent className="flex flex-wrap items-end gap-3 pt-5">
          {showPicker && <TabStudyPicker label={t('study')} value={study} options={options} onPick={pick} />}
          {canExport && (
            <label className="grid gap-1 text-sm">
              <span className="text-muted-foreground">{t('encoding.label')}</span>
              <NativeSelect className="w-56" value={encoding} onChange={(e) => setEncoding(e.target.value as SdtmEncoding)} aria-label={t('encoding.label')} data-testid="sdtm-encoding">
                {SDTM_ENCODINGS.map((e) => (
                  <option key={e} value={e}>
                    {SDTM_ENCODING_LABELS[e]}
                  </option>
                ))}
              </NativeSelect>
            </label>
          )}
          {canExport && (
            <Button onClick={() => study !== undefined && generate.mutate({ studyId: study, encoding })} disabled={study === undefined || running} data-testid="sdtm-generate">
              <Play aria-hidden /> {t('generate')}
            </Button>
          )}
          {data && data.datasets.length > 0 && (
            <Button variant="outline" asChild>
              <a href={`/api/cdisc/sdtm/${data.datasetsRunId}/all.zip`} download data-testid="sdtm-export-all">
                <Archive aria-hidden /> {t('exportAll')}
              </a>
            </Button>
          )}
          {data && (
            <div className="grid min-w-64 flex-1 gap-1 text-sm" aria-live="polite" data-testid="sdtm-run-status" data-status={data.status}>
              {data.status === 'running' ? (
                <>
                  <span>{t('running', { step: data.step ?? '', progress: data.progress })}</span>
                  <Progress value={data.progress} aria-label={t('progress')} />
                </>
              ) : data.status === 'failed' ? (
                <span className="text-destructive">{t('failed', { error: data.error ?? '' })}</span>
              ) : (
                <span className="text-muted-foreground">{t('done', { when: formatDateTime(data.finishedAt) })}</span>
              )}
              {data.status === 'done' && (
                <span className="flex flex-wrap items-center gap-2 text-xs" data-testid="sdtm-run-encoding" data-encoding={data.encoding} data-changes={data.encodingChanges}>
                  {t('encoding.run', { encoding: SDTM_ENCODING_LABELS[data.encoding], count: data.encodingChanges, changes: formatNumber(data.encodingChanges) })}
                  {data.encodingChanges > 0 && (
                    <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={() => setShowReport(true)} data-testid="sdtm-encoding-report">
                      {t('encoding.showReport')}
                    </Button>
                  )}
                </span>
              )}
              {data.blinded && (
                <span className="flex flex-wrap items-center gap-2 text-xs" data-testid="sdtm-run-blinded">
                  <Badge tone="info">{t('blinded.label')}</Badge>
                  <span className="text-muted-foreground">{t('blinded.description')}</span>
                </span>
              )}
              {data.notes.length > 0 && <span className="text-xs text-muted-foreground">{data.notes.join(' · ')}</span>}
            </div>
          )}
        </CardContent>
      </Card>
      {run.isPending && study !== undefined ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      ) : run.error ? (
        <ErrorState message={run.error.message} />
      ) : !data || data.datasets.length === 0 ? (
        <EmptyState title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data.datasets.map((d) => (
            <SdtmDatasetCard key={d.domain} runId={data.datasetsRunId} dataset={d} onPreview={setPreview} />
          ))}
        </div>
      )}
      {data && <SdtmEncodingDialog runId={data.id} open={showReport} onClose={() => setShowReport(false)} />}
      {data && <SdtmPreviewDialog runId={data.datasetsRunId} domain={preview?.domain ?? null} label={preview?.label ?? ''} onClose={() => setPreview(null)} />}
    </div>
  );
}
