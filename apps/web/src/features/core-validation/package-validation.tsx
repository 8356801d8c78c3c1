// "Validate a package" on the Validation tab: a data manager or administrator (cdisc.export) uploads an
// SDTM package from any system (a zip, or XPT, Dataset-JSON or CSV files with an optional define.xml) for
// the study; the server checks it and validates it with CDISC's CORE rules as a background job, whose
// progress is polled every second while it runs. The report (every role that reads the study's CDISC
// work): the counts, downloads as CSV and Excel, the findings filtered by severity, dataset and rule and
// paged on the server, each rule opening its description and citations, and the rules that did not run
// with the reason.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileUp } from 'lucide-react';
import type { CorePackageValidation, CoreSeverity } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { uploadPackage } from './upload-package';
import { RuleDialog } from './rule-dialog';

const PAGE = 25;
const ACCEPT = '.zip,.xpt,.json,.ndjson,.csv,.xml';

export function PackageValidation({ studyId }: { studyId: number }) {
  const { t } = useTranslation('core');
  const canUpload = useCan('cdisc.export');
  const utils = trpc.useUtils();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = trpc.corePackage.latest.useQuery({ studyId }, { refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false) });

  async function validate() {
    setBusy(true);
    setError(null);
    try {
      await uploadPackage(studyId, files, t('upload.network'));
      setFiles([]);
      await utils.corePackage.invalidate();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const v = latest.data;
  return (
    <Card data-testid="core-package">
      <CardContent className="grid gap-4 pt-5">
        <div className="grid gap-1">
          <h3 className="font-semibold">{t('title')}</h3>
          <p className="text-sm text-muted-foreground">{t('description')}</p>
        </div>
        {canUpload && (
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm">
              <span className="text-muted-foreground">{t('upload.label')}</span>
              <input
                type="file"
                multiple
                accept={ACCEPT}
                data-testid="core-package-files"
                className="text-sm"
                onChange={(e) => {
                  setFiles([...(e.target.files ?? [])]);
                  setError(null);
                }}
              />
            </label>
            <Button onClick={() => void validate()} disabled={!files.length || busy || v?.status === 'running'} data-testid="core-package-validate">
              <FileUp aria-hidden /> {busy ? t('upload.sending') : t('upload.validate')}
            </Button>
            {error && (
              <span className="text-sm text-destructive" role="alert" data-testid="core-package-error">
                {error}
              </span>
            )}
          </div>
        )}
        {latest.isPending ? (
          <Skeleton className="h-20" />
        ) : latest.error ? (
          <ErrorState message={latest.error.message} />
        ) : !v ? (
          <p className="text-sm text-muted-foreground">{t('none')}</p>
        ) : v.status === 'running' ? (
          <div className="grid gap-1 text-sm" aria-live="polite" data-testid="core-package-job" data-status="running">
            <span>{t('progress', { name: v.packageName, step: v.step ?? '', progress: v.progress })}</span>
            <Progress value={v.progress} aria-label={t('running')} />
          </div>
        ) : v.status === 'failed' ? (
          <p className="text-sm text-destructive" data-testid="core-package-job" data-status="failed">
            {t('failed', { name: v.packageName, error: v.error ?? '' })}
          </p>
        ) : (
          <Report v={v} />
        )}
      </CardContent>
    </Card>
  );
}

function Report({ v }: { v: CorePackageValidation }) {
  const { t } = useTranslation('core');
  const [severity, setSeverity] = useState<CoreSeverity | ''>('');
  const [dataset, setDataset] = useState('');
  const [coreId, setCoreId] = useState('');
  const [offset, setOffset] = useState(0);
  const [rule, setRule] = useState<string | null>(null);
  useEffect(() => setOffset(0), [severity, dataset, coreId, v.id]);
  const findings = trpc.corePackage.findings.useQuery({
    validationId: v.id,
    limit: PAGE,
    offset,
    severity: severity || undefined,
    dataset: dataset || undefined,
    coreId: coreId || undefined,
  });
  const page = findings.data;
  return (
    <div className="grid gap-4" data-testid="core-package-report">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={v.counts.findings === 0 ? 'success' : 'danger'} data-testid="core-package-findings-count">
          {t('counts.findings', { count: v.counts.findings })}
        </Badge>
        <span className="text-muted-foreground">
          {t('counts.summary', { name: v.packageName, datasets: v.counts.datasets, records: v.counts.recordsChecked, run: v.counts.rulesRun, notRun: v.counts.rulesNotRun })}
        </span>
        <span className="text-xs text-muted-foreground">
          {v.defineFile ? t('define', { file: v.defineFile }) : t('noDefine')} · {formatDateTime(v.finishedAt ?? v.startedAt)}
        </span>
        <div className="ml-auto flex gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`/api/cdisc/core-validations/${v.id}/report.csv`} download data-testid="core-package-csv">
              <Download aria-hidden /> {t('download.csv')}
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`/api/cdisc/core-validations/${v.id}/report.xlsx`} download data-testid="core-package-xlsx">
              <Download aria-hidden /> {t('download.xlsx')}
            </a>
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Filter label={t('filters.severity')} value={severity} onChange={(x) => setSeverity(x as CoreSeverity | '')} testId="core-filter-severity" options={[['', t('filters.all')], ['error', t('severity.error')], ['warning', t('severity.warning')]]} />
        <Filter label={t('filters.dataset')} value={dataset} onChange={setDataset} testId="core-filter-dataset" options={[['', t('filters.all')], ...v.datasets.map((d): [string, string] => [d, d])]} />
        <Filter label={t('filters.rule')} value={coreId} onChange={setCoreId} testId="core-filter-rule" options={[['', t('filters.all')], ...v.rulesWithFindings.map((r): [string, string] => [r, r])]} />
      </div>
      {findings.isPending ? (
        <Skeleton className="h-40" />
      ) : findings.error ? (
        <ErrorState message={findings.error.message} />
      ) : page && page.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noFindings')}</p>
      ) : page ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="core-findings">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 pr-2 font-medium">{t('columns.rule')}</th>
                <th className="py-1 pr-2 font-medium">{t('columns.severity')}</th>
                <th className="py-1 pr-2 font-medium">{t('columns.dataset')}</th>
                <th className="py-1 pr-2 font-medium">{t('columns.record')}</th>
                <th className="py-1 pr-2 font-medium">{t('columns.variable')}</th>
                <th className="py-1 pr-2 font-medium">{t('columns.value')}</th>
                <th className="py-1 font-medium">{t('columns.message')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((f) => (
                <tr key={f.id} className="border-t align-top" data-testid="core-finding">
                  <td className="py-1 pr-2">
                    {f.coreId ? (
                      <button type="button" className="text-primary underline-offset-2 hover:underline" onClick={() => setRule(f.coreId)}>
                        {f.coreId}
                      </button>
                    ) : (
                      <span className="text-muted-foreground">{t('packageFinding')}</span>
                    )}
                  </td>
                  <td className="py-1 pr-2">
                    <Badge tone={f.severity === 'error' ? 'danger' : 'warning'}>{t(`severity.${f.severity}`)}</Badge>
                  </td>
                  <td className="py-1 pr-2">{f.dataset}</td>
                  <td className="py-1 pr-2">{f.record ?? ''}</td>
                  <td className="py-1 pr-2">{f.variable ?? ''}</td>
                  <td className="max-w-48 truncate py-1 pr-2" title={f.value ?? ''}>
                    {f.value ?? ''}
                  </td>
                  <td className="py-1">{f.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex items-center justify-end gap-2 pt-2 text-sm">
            <span className="text-muted-foreground" data-testid="core-findings-page">
              {t('page', { from: page.total ? page.offset + 1 : 0, to: Math.min(page.total, page.offset + page.limit), total: page.total })}
            </span>
            <Button variant="outline" size="sm" disabled={page.offset === 0} onClick={() => setOffset(Math.max(0, page.offset - PAGE))}>
              {t('previous')}
            </Button>
            <Button variant="outline" size="sm" disabled={page.offset + page.limit >= page.total} onClick={() => setOffset(page.offset + PAGE)}>
              {t('next')}
            </Button>
          </div>
        </div>
      ) : null}
      <NotRun validationId={v.id} total={v.counts.rulesNotRun} onRule={setRule} />
      <RuleDialog validationId={v.id} coreId={rule} onClose={() => setRule(null)} />
    </div>
  );
}

function Filter({ label, value, onChange, options, testId }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][]; testId: string }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <NativeSelect className="w-44" value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} data-testid={testId}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}

/** The rules that did not run here, each with the reason, paged. */
function NotRun({ validationId, total, onRule }: { validationId: number; total: number; onRule: (id: string) => void }) {
  const { t } = useTranslation('core');
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState(0);
  const rules = trpc.corePackage.rules.useQuery({ validationId, status: 'not run', limit: PAGE, offset }, { enabled: open });
  if (!total) return null;
  return (
    <details className="text-sm" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)} data-testid="core-not-run">
      <summary className="cursor-pointer font-medium">{t('notRun', { count: total })}</summary>
      {rules.data && (
        <ul className="mt-2 grid gap-1">
          {rules.data.items.map((r) => (
            <li key={r.coreId}>
              <button type="button" className="text-primary underline-offset-2 hover:underline" onClick={() => onRule(r.coreId)}>
                {r.coreId}
              </button>{' '}
              <span className="text-muted-foreground">{r.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {rules.data && rules.data.total > PAGE && (
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            {t('previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={offset + PAGE >= rules.data.total} onClick={() => setOffset(offset + PAGE)}>
            {t('next')}
          </Button>
        </div>
      )}
    </details>
  );
}
