// Study detail tabs Overview and Enrollment.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { formatDate, formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';

export type StudyDetail = RouterOutputs['studies']['byId'];

function Detail({ label, value, sub }: { label: string; value: React.ReactNode; sub?: string | null }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm">
        {value || '—'}
        {sub && <span className="block text-xs text-muted-foreground">{sub}</span>}
      </dd>
    </div>
  );
}

export function StudyOverviewTab({ study }: { study: StudyDetail }) {
  const { t } = useTranslation('studies');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overview.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <p className="whitespace-pre-line text-sm text-slate-700" data-testid="study-description">
          {study.description || t('detail.noDescription')}
        </p>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label={t('fields.therapeuticArea')} value={study.therapeutic_area} />
          <Detail label={t('fields.startDate')} value={formatDate(study.startDate)} />
          <Detail label={t('fields.plannedEndDate')} value={formatDate(study.plannedEndDate)} />
          {study.actualEndDate && (
            <Detail label={t('fields.actualEndDate')} value={formatDate(study.actualEndDate)} />
          )}
          <Detail
            label={t('overview.sponsor')}
            value={study.sponsorName}
            sub={
              study.sponsorType &&
              t(`organisationTypes.${study.sponsorType}`, { defaultValue: study.sponsorType })
            }
          />
          <Detail
            label={t('overview.cro')}
            value={study.croName}
            sub={study.croType && t(`organisationTypes.${study.croType}`, { defaultValue: study.croType })}
          />
          <Detail
            label={t('fields.principalInvestigator')}
            value={study.principalInvestigator}
            sub={study.principalInvestigatorTitle}
          />
          <Detail label={t('fields.studyManager')} value={study.studyManager} sub={study.studyManagerTitle} />
          <Detail
            label={t('fields.budgetTotal')}
            value={study.budgetTotal === null ? null : formatMoney(study.budgetTotal, study.currency)}
          />
          <Detail label={t('overview.created')} value={formatDate(study.createdAt)} />
        </dl>
      </CardContent>
    </Card>
  );
}

const PATIENT_STATUSES = ['screening', 'enrolled', 'completed', 'withdrawn'] as const;

export function StudyEnrollmentTab({ study }: { study: StudyDetail }) {
  const { t } = useTranslation('studies');
  const { t: tc } = useTranslation('common');
  const patients = study.counts.patients;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('enrollment.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <EnrollmentBar
          current={study.currentEnrollment}
          target={study.targetEnrollment}
          label={t('enrollment.overall')}
        />
        <p className="text-xs text-muted-foreground">{t('enrollment.rule')}</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {PATIENT_STATUSES.map((s) => (
            <div
              key={s}
              className="rounded-lg border border-border p-3 text-center"
              data-testid={`patients-${s}`}
            >
              <div className="text-2xl font-semibold">{patients[s]}</div>
              <div className="text-xs text-muted-foreground">{tc(`status.${s}`, { defaultValue: s })}</div>
            </div>
          ))}
          <div className="rounded-lg border border-border bg-muted p-3 text-center">
            <div className="text-2xl font-semibold">{patients.total}</div>
            <div className="text-xs text-muted-foreground">{t('enrollment.totalSubjects')}</div>
          </div>
        </div>
        <div>
          <Button asChild variant="outline" size="sm">
            <Link to={`/patients?studyId=${study.id}`}>
              <Users /> {t('quickActions.viewPatients')}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
