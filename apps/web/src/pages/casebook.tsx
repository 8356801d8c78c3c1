// A subject's casebook (/casebook/:patientId): every visit and form entry with its status and review
// flags (SDV, frozen, locked), the review steps of the user's role, open queries, each entry's audit
// history (audit.read) and the electronic signatures (21 CFR Part 11).
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Building2 } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { isNotFound } from '@/lib/server-error';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { ErrorState, NotFoundState } from '@/components/ui/states';
import { idParam } from '@/features/patients/use-url-filters';
import { EntriesTable } from '@/features/casebook/entries-table';
import { LockSubjectDialog } from '@/features/casebook/lock-subject-dialog';
import { OpenQueriesCard } from '@/features/casebook/open-queries-card';
import { SignatureCard } from '@/features/casebook/signature-card';
import { CasebookPdfButton } from '@/features/casebook/casebook-pdf-button';
import { DocumentTitle } from '@/components/document-title';

/** The subject's latest form-entry changes; the history says when older ones are left out. */
const AUDIT_LIMIT = 50;

export default function CasebookPage() {
  const { t } = useTranslation('casebook');
  const patientId = idParam(useParams().patientId ?? null);
  const canAudit = useCan('audit.read');
  const canLock = useCan('data.lock');
  const view = trpc.casebook.view.useQuery({ patientId: patientId ?? 0 }, { enabled: patientId !== undefined });
  const trail = trpc.audit.trail.useQuery(
    { patientId: patientId ?? 0, table: 'form_submissions', limit: AUDIT_LIMIT },
    { enabled: patientId !== undefined && canAudit },
  );

  const notFound = <NotFoundState title={t('notFound.title')} description={t('notFound.description')} backTo="/patients" backLabel={t('notFound.back')} />;
  if (patientId === undefined) return notFound;
  if (view.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-12 w-1/2" />
        <Skeleton className="h-28" />
        <Skeleton className="h-80" />
      </div>
    );
  }
  if (view.error) return isNotFound(view.error) ? notFound : <ErrorState message={view.error.message} />;

  const casebook = view.data;
  const { patient } = casebook;
  const audit = canAudit
    ? { items: trail.data?.items, isPending: trail.isPending, error: trail.error, truncated: !!trail.data?.nextCursor }
    : null;
  return (
    <div className="grid gap-6" data-testid="casebook" data-patient-id={patient.patientId}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('title', { code: patient.patientId })}</h1>
          <DocumentTitle title={t('title', { code: patient.patientId })} />
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Building2 className="h-4 w-4 shrink-0" aria-hidden /> <span data-testid="casebook-site">{patient.siteName}</span>
            <StatusBadge status={patient.status} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CasebookPdfButton patientId={patient.id} />
          {canLock && casebook.entries.some((e) => e.status !== 'draft' && !e.lockedAt) && (
            <LockSubjectDialog patientId={patient.id} code={patient.patientId} />
          )}
        </div>
      </header>
      <SignatureCard casebook={casebook} />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <EntriesTable casebook={casebook} audit={audit} />
        </div>
        <OpenQueriesCard patientId={patient.id} />
      </div>
    </div>
  );
}
