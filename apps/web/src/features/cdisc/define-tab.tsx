// The Define.xml tab: the metadata summary of the study's latest generated SDTM (study name, protocol, define
// version 2.1, last updated = when its datasets were generated, the SDTM domains included) and the download
// of its Define-XML 2.1 (built from the run's datasets and the SDTMIG catalogue). Without a finished run it
// says to generate SDTM first.
import { useTranslation } from 'react-i18next';
import { FileCode2 } from 'lucide-react';
import { DEFINE_XML_VERSION } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/states';
import { TabStudyPicker, useTabStudy } from './tab-study';

export function DefineTab({ studyId, onGenerateSdtm }: { studyId?: number; onGenerateSdtm: () => void }) {
  const { t } = useTranslation('define');
  const { study, options, pick, showPicker } = useTabStudy(studyId);
  const detail = trpc.studies.byId.useQuery({ id: study! }, { enabled: study !== undefined });
  const run = trpc.sdtm.latestRun.useQuery({ studyId: study! }, { enabled: study !== undefined });
  const datasets = run.data?.datasets ?? [];
  const updated = datasets.reduce<string | null>((max, d) => (!max || d.generatedAt > max ? d.generatedAt : max), null);
  return (
    <div className="grid gap-4" data-testid="define-tab">
      {showPicker && <TabStudyPicker label={t('study')} value={study} options={options} onPick={pick} />}
      {run.isPending || detail.isPending ? (
        <Skeleton className="h-40" />
      ) : !datasets.length || !run.data ? (
        <EmptyState title={t('none.title')} description={t('none.description')} action={<Button onClick={onGenerateSdtm}>{t('none.action')}</Button>} />
      ) : (
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>{t('title', { version: DEFINE_XML_VERSION })}</CardTitle>
            <Button asChild>
              <a href={`/api/cdisc/sdtm/${run.data.datasetsRunId}/define.xml`} download data-testid="define-download">
                <FileCode2 aria-hidden /> {t('generate', { version: DEFINE_XML_VERSION })}
              </a>
            </Button>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="define-summary">
              <div>
                <dt className="text-xs text-muted-foreground">{t('studyName')}</dt>
                <dd>{detail.data && 'title' in detail.data ? detail.data.title : ''}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('protocol')}</dt>
                <dd className="font-mono">{detail.data && 'studyId' in detail.data ? detail.data.studyId : ''}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('version')}</dt>
                <dd>{DEFINE_XML_VERSION}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('standard')}</dt>
                <dd data-testid="define-standard">{run.data.datasetsStandard ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t('updated')}</dt>
                <dd>{updated ? formatDateTime(updated) : '—'}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-xs text-muted-foreground">{t('domains', { count: datasets.length })}</dt>
                <dd className="mt-1 flex flex-wrap gap-1" data-testid="define-domains">
                  {datasets.map((d) => (
                    <Badge key={d.domain} tone="info" title={d.label}>
                      {d.domain}
                    </Badge>
                  ))}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
