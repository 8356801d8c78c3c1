// Validation: a study (picked here when none is given), Run Validation (starts validating the study's
// latest finished SDTM run as a background job on the server, its progress polled every second while it
// runs; without an SDTM run, says to generate SDTM first and offers the SDTM Export tab), and the latest
// finished result: valid or not, the compliance score with its formula, the errors (severity,
// type, CORE id, message, dataset, variable, record) and warnings (with a recommendation), each paged;
// below, "Validate a package": an uploaded SDTM package checked with CDISC's CORE rules (core-validation/).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { ValidationFinding, ValidationResult } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/components/ui/use-toast';
import { TabStudyPicker, useTabStudy } from './tab-study';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Progress } from '@/components/ui/progress';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { countedText } from '@/lib/counted-text';
import { PackageValidation } from '@/features/core-validation/package-validation';

const PAGE = 25;
const SEVERITY_TONE: Record<string, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

export function ValidationTab({ studyId, onGenerate }: { studyId?: number; onGenerate: () => void }) {
  const { t } = useTranslation('cdisc');
  const canRun = useCan('cdisc.export');
  const utils = trpc.useUtils();
  const { study, options, pick, showPicker } = useTabStudy(studyId);
  const [errorsOffset, setErrorsOffset] = useState(0);
  const [warningsOffset, setWarningsOffset] = useState(0);
  const sdtm = trpc.sdtm.latestRun.useQuery({ studyId: study ?? 0 }, { enabled: study !== undefined });
  const latest = trpc.validation.latest.useQuery({ studyId: study ?? 0, limit: PAGE, errorsOffset, warningsOffset }, { enabled: study !== undefined });
  const job = trpc.validation.job.useQuery(
    { studyId: study ?? 0 },
    { enabled: study !== undefined, refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false) },
  );
  const run = trpc.validation.run.useMutation({
    onSuccess: () => void utils.validation.job.invalidate(),
    onError: (err) => toast({ variant: 'destructive', title: serverError(err).message }),
  });
  // a finished job whose result is not the one shown: read the result (and the summary cards) again
  const refreshed = useRef<number | null>(null);
  useEffect(() => {
    const done = job.data?.status === 'done' ? job.data.id : null;
    if (done === null || latest.data === undefined || latest.data?.id === done || refreshed.current === done) return;
    refreshed.current = done;
    setErrorsOffset(0);
    setWarningsOffset(0);
    void utils.validation.latest.invalidate();
  }, [job.data, latest.data, utils]);
  const validating = job.data?.status === 'running' || run.isPending;
  const hasSdtm = Boolean(sdtm.data && (sdtm.data.status === 'done' || sdtm.data.datasets.length > 0));
  const data = latest.data;

  return (
    <div className="grid gap-4" data-testid="validation-tab">
      <Card>
        <CardContent className="flex flex-wrap items-end gap-3 pt-5">
          {showPicker && (
            <TabStudyPicker
              label={t('validation.study')}
              value={study}
              options={options}
              onPick={(id) => {
                pick(id);
                setErrorsOffset(0);
                setWarningsOffset(0);
              }}
            />
          )}
          {canRun && (
            <Button onClick={() => study !== undefined && run.mutate({ studyId: study })} disabled={study === undefined || !hasSdtm || validating} data-testid="validation-run">
              <ShieldCheck aria-hidden /> {validating ? t('validation.running') : t('validation.run')}
            </Button>
          )}
          {job.data?.status === 'running' && (
            <div className="grid min-w-64 flex-1 gap-1 text-sm" aria-live="polite" data-testid="validation-job" data-status="running">
              <span>{t('validation.progress', { step: job.data.step ?? '', progress: job.data.progress })}</span>
              <Progress value={job.data.progress} aria-label={t('validation.running')} />
            </div>
          )}
          {job.data?.status === 'failed' && (
            <span className="text-sm text-destructive" aria-live="polite" data-testid="validation-job" data-status="failed">
              {t('validation.failed', { error: job.data.error ?? '' })}
            </span>
          )}
          {sdtm.isSuccess && !hasSdtm && (
            <div className="flex items-center gap-2 text-sm" data-testid="validation-needs-sdtm">
              <span className="text-muted-foreground">{t('validation.needsSdtm')}</span>
              <Button variant="outline" size="sm" onClick={onGenerate}>
                {t('validation.goToExport')}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      {latest.isPending && study !== undefined ? (
        <Skeleton className="h-44" aria-busy="true" />
      ) : latest.error ? (
        <ErrorState message={latest.error.message} />
      ) : !data ? (
        <EmptyState title={t('validation.empty.title')} description={t('validation.empty.description')} />
      ) : (
        <>
          <Summary data={data} />
          <FindingsList kind="errors" page={data.errors} onOffset={setErrorsOffset} />
          <FindingsList kind="warnings" page={data.warnings} onOffset={setWarningsOffset} />
        </>
      )}
      {study !== undefined && <PackageValidation studyId={study} />}
    </div>
  );
}

function Summary({ data }: { data: ValidationResult }) {
  const { t } = useTranslation('cdisc');
  return (
    <Card data-testid="validation-summary">
      <CardContent className="grid gap-2 pt-5 text-sm">
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={data.isValid ? 'success' : 'danger'} data-testid="validation-valid">
            {data.isValid ? t('validation.valid') : t('validation.invalid')}
          </Badge>
          <span className="font-semibold">{t('validation.score', { score: data.score })}</span>
          <span className="text-muted-foreground">
            {countedText(t, 'validation.counts', { errors: data.counts.errors, warnings: data.counts.warnings, rules: data.counts.checkedRules, records: data.counts.recordsChecked, datasets: data.counts.datasets })}
          </span>
        </div>
        <span className="text-xs text-muted-foreground">{t('validation.ranAt', { when: formatDateTime(data.ranAt), run: data.sdtmRunId })}</span>
        <span className="text-xs text-muted-foreground">{t('validation.formula')}</span>
      </CardContent>
    </Card>
  );
}

function FindingsList({ kind, page, onOffset }: { kind: 'errors' | 'warnings'; page: ValidationResult['errors']; onOffset: (n: number) => void }) {
  const { t } = useTranslation('cdisc');
  return (
    <Card data-testid={`validation-${kind}`}>
      <CardContent className="grid gap-3 pt-5">
        <h3 className="font-semibold">{t(`validation.${kind}`, { count: page.total })}</h3>
        {page.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(`validation.none.${kind}`)}</p>
        ) : (
          <ul className="grid gap-2">
            {page.items.map((f) => (
              <FindingRow key={f.id} f={f} />
            ))}
          </ul>
        )}
        {page.total > page.limit && (
          <div className="flex items-center justify-end gap-2 text-sm">
            <span className="text-muted-foreground">{t('validation.page', { from: page.offset + 1, to: Math.min(page.total, page.offset + page.limit), total: page.total })}</span>
            <Button variant="outline" size="sm" disabled={page.offset === 0} onClick={() => onOffset(Math.max(0, page.offset - page.limit))}>
              {t('validation.previous')}
            </Button>
            <Button variant="outline" size="sm" disabled={page.offset + page.limit >= page.total} onClick={() => onOffset(page.offset + page.limit)}>
              {t('validation.next')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function FindingRow({ f }: { f: ValidationFinding }) {
  const { t } = useTranslation('cdisc');
  const where = [f.dataset, f.variable, f.record !== null ? t('validation.record', { record: f.record }) : null].filter(Boolean).join(' · ');
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm" data-testid="validation-finding">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={SEVERITY_TONE[f.severity] ?? 'neutral'}>{t(`validation.severity.${f.severity}`)}</Badge>
        <Badge tone="info">{f.type}</Badge>
        {f.coreId && (
          <Badge tone="primary" data-testid="validation-core-id">
            {f.coreId}
          </Badge>
        )}
        <span className="text-xs text-muted-foreground">{where}</span>
      </div>
      <p>{f.message}</p>
      {f.recommendation && <p className="text-xs text-muted-foreground">{t('validation.recommendation', { text: f.recommendation })}</p>}
    </li>
  );
}
