// A subject card of the Patients list: code, status, study, site, demographics, visit progress and
// dates, with the status change for roles that may make it.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Building2, CalendarCheck, CalendarClock, CalendarPlus, ShieldAlert, UserRound } from 'lucide-react';
import { PATIENT_TRANSITIONS } from '@ctp/contracts';
import type { RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { PatientStatusDialog } from './patient-status-dialog';
import { PatientArm } from './patient-arm';
import { SubjectRandomizationDialog } from '@/features/randomization/subject-randomization-dialog';

export type PatientItem = RouterOutputs['patients']['list']['items'][number];

export function PatientCard({ patient: p }: { patient: PatientItem }) {
  const { t } = useTranslation('patients');
  const canChange = useCan('patient.updateStatus') && PATIENT_TRANSITIONS[p.status].length > 0;
  const { completed, total } = p.visitProgress;
  const demographics = [
    p.demographics.age !== null ? t('card.age', { count: p.demographics.age }) : null,
    p.demographics.gender
      ? t(`gender.${p.demographics.gender}`, { defaultValue: p.demographics.gender })
      : null,
  ].filter(Boolean);
  const dates: [React.ElementType, string, string | null][] = [
    [CalendarCheck, t('card.lastVisit'), p.lastVisit],
    [CalendarClock, t('card.nextVisit'), p.nextVisit],
    [CalendarPlus, t('card.enrolled'), p.enrollmentDate],
  ];
  return (
    <Card className="flex flex-col" data-testid="patient-card" data-patient-id={p.patientId}>
      <CardHeader className="gap-2 pb-3">
        <div className="flex items-center justify-between gap-2">
          <span className="font-mono text-sm font-semibold" data-testid="patient-id">
            {p.patientId}
          </span>
          <StatusBadge status={p.status} />
        </div>
        <div className="text-sm">
          <span className="font-mono text-xs font-semibold text-primary">{p.studyCode}</span>
          <p className="line-clamp-2 text-muted-foreground" title={p.studyTitle}>
            {p.studyTitle}
          </p>
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 text-sm">
        <div className="grid gap-1 text-muted-foreground">
          <span className="flex items-center gap-2">
            <Building2 className="h-4 w-4 shrink-0" aria-hidden /> {p.siteName}
          </span>
          <span className="flex items-center gap-2">
            <UserRound className="h-4 w-4 shrink-0" aria-hidden /> {demographics.join(' · ') || '—'}
          </span>
        </div>
        <div className="grid gap-1">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>{t('card.visitProgress')}</span>
            <span className="tabular-nums">
              {completed}/{total}
            </span>
          </div>
          <Progress value={total > 0 ? (completed / total) * 100 : 0} aria-label={t('card.visitProgress')} />
        </div>
        <dl className="grid gap-1 text-xs">
          {dates.map(([Icon, label, value]) => (
            <div key={label} className="flex items-center justify-between gap-2">
              <dt className="flex items-center gap-1.5 text-muted-foreground">
                <Icon className="h-3.5 w-3.5" aria-hidden /> {label}
              </dt>
              <dd className="font-medium">{formatDate(value)}</dd>
            </div>
          ))}
          <div className="flex items-center justify-between gap-2">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <ShieldAlert className="h-3.5 w-3.5" aria-hidden /> {t('card.adverseEvents')}
            </dt>
            <dd className="font-medium tabular-nums" data-testid="adverse-events">
              {p.adverseEvents}
            </dd>
          </div>
        </dl>
        <PatientArm patientId={p.id} />
        {p.status !== 'screening' && <SubjectRandomizationDialog patientId={p.id} subjectCode={p.patientId} />}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link className="text-sm font-medium text-primary hover:underline" to={`/data-entry?study=${p.studyId}&patient=${p.id}`}>
            {t('card.visitsAndForms')}
          </Link>
          <Link className="text-sm font-medium text-primary hover:underline" to={`/casebook/${p.id}`}>
            {t('card.casebook')}
          </Link>
        </div>
        {canChange && <PatientStatusDialog patient={p} />}
      </CardContent>
    </Card>
  );
}

export function PatientCardSkeleton() {
  return <Skeleton className="h-72 rounded-xl" />;
}
