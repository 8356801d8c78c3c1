// Trial detail header: code, phase, status, title; View (the study's page), Edit and the menu (Export Data as CSV or
// JSON through trials.export, Generate Report through trials.report).
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Eye, FileDown, FileJson, FileSpreadsheet, MoreHorizontal } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { EditStudyDialog } from '@/features/studies/edit-study-dialog';
import type { EditableStudy } from '@/features/studies/study-form';
import { useTrialExport, useTrialReport } from './use-trial-files';
import { PhaseBadge } from '@/components/ui/phase-badge';
import { DocumentTitle } from '@/components/document-title';

export type TrialDetail = RouterOutputs['trials']['byCode'];

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The edit dialog's starting values, read from the trial detail. */
export function trialToEditable(t: TrialDetail): EditableStudy {
  return {
    id: t.dbId,
    version: t.version,
    code: t.id,
    values: {
      title: t.title,
      description: str(t.description),
      phase: t.phase,
      status: t.status,
      blinding: t.blinding,
      therapeuticArea: str(t.therapeuticArea),
      targetEnrollment: str(t.enrollment.target),
      startDate: str(t.startDate),
      plannedEndDate: str(t.estimatedCompletion),
      actualEndDate: str(t.actualEndDate),
      sponsorName: str(t.sponsor.name),
      sponsorType: str(t.sponsor.type),
      croName: str(t.cro.name),
      croType: str(t.cro.type),
      principalInvestigator: str(t.principalInvestigator.name),
      principalInvestigatorTitle: str(t.principalInvestigator.title),
      studyManager: str(t.studyManager.name),
      studyManagerTitle: str(t.studyManager.title),
      budgetTotal: str(t.budget.total),
      currency: t.budget.currency,
    },
  };
}

export function BackToCtms() {
  const { t } = useTranslation('ctms');
  return (
    <Link to="/ctms" className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden /> {t('detail.back')}
    </Link>
  );
}

export function TrialHeader({
  trial,
  reload,
}: {
  trial: TrialDetail;
  reload: () => Promise<EditableStudy | undefined>;
}) {
  const { t } = useTranslation('ctms');
  const canEdit = useCan('study.update');
  const canExport = useCan('report.export');
  const exporter = useTrialExport();
  const report = useTrialReport();
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 font-mono text-2xl font-bold wrap-anywhere" data-testid="trial-code">
            {trial.id}
          </h1>
          <PhaseBadge phase={trial.phase} />
          <DocumentTitle title={trial.id} />
          <StatusBadge status={trial.status} />
        </div>
        <p className="text-lg text-slate-700 wrap-anywhere">{trial.title}</p>
      </div>
      <div className="ml-auto flex flex-wrap gap-2">
        {/* The trial is a study: View opens the study's own page (sites, subjects, team, forms). */}
        <Button asChild variant="outline">
          <Link to={`/studies/${trial.dbId}`}>
            <Eye aria-hidden /> {t('detail.view')}
          </Link>
        </Button>
        {canEdit && (
          <EditStudyDialog study={trialToEditable(trial)} reload={reload} label={t('detail.edit')} />
        )}
        {canExport && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label={t('detail.moreActions')}>
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>{t('detail.exportData')}</DropdownMenuLabel>
              <DropdownMenuItem onSelect={() => exporter.mutate({ trialId: trial.id, format: 'csv' })}>
                <FileSpreadsheet className="h-4 w-4" aria-hidden /> {t('detail.exportCsv')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => exporter.mutate({ trialId: trial.id, format: 'json' })}>
                <FileJson className="h-4 w-4" aria-hidden /> {t('detail.exportJson')}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => report.mutate({ trialId: trial.id, kind: 'enrollment' })}>
                <FileDown className="h-4 w-4" aria-hidden /> {t('detail.generateReport')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
    </div>
  );
}
