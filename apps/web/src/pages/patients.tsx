// Patients list (spec section 2): search, study and status filters, Filter, Export, Add Patient,
// four tiles, 4-column cards, 8 skeletons, 'No patients found'. Filters live in the URL query
// (search, studyId, status, siteId, page, size) and are executed by the server.
import { useTranslation } from 'react-i18next';
import { SKELETONS, patientStatus, type PatientFilterInput } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { PageHeader } from '@/components/page-header';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { PatientsSummary } from '@/features/patients/patients-summary';
import { PatientFilters } from '@/features/patients/patient-filters';
import { PatientCard, PatientCardSkeleton } from '@/features/patients/patient-card';
import { AddPatientDialog } from '@/features/patients/add-patient-dialog';
import { Pagination } from '@/features/patients/pagination';
import { idParam, useUrlFilters } from '@/features/patients/use-url-filters';
import { usePageInRange } from '@/lib/use-page-in-range';

export default function PatientsPage() {
  const { t } = useTranslation('patients');
  const canEnroll = useCan('patient.enroll');
  const { params, page, pageSize, offset, update } = useUrlFilters();
  const status = patientStatus.safeParse(params.get('status'));
  const filters: PatientFilterInput = {
    search: params.get('search')?.trim().slice(0, 100) || undefined,
    studyId: idParam(params.get('studyId')),
    siteId: idParam(params.get('siteId')),
    status: status.success ? status.data : undefined,
  };
  const list = trpc.patients.list.useQuery({ ...filters, limit: pageSize, offset });
  const pastEnd = usePageInRange(page, pageSize, list.data?.total);

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          canEnroll ? (
            <AddPatientDialog />
          ) : (
            // Where a role may not act, say so where the action would be.
            <p className="max-w-xs text-xs text-muted-foreground" data-testid="role-note">
              {t('roleNote')}
            </p>
          )
        }
      />
      <div className="grid gap-6">
        <PatientFilters filters={filters} onChange={update} />
        <PatientsSummary filters={filters} />
        {list.isPending || pastEnd ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            {Array.from({ length: SKELETONS.patients }, (_, i) => (
              <PatientCardSkeleton key={i} />
            ))}
          </div>
        ) : list.error ? (
          <ErrorState message={list.error.message} />
        ) : list.data.total === 0 ? (
          <EmptyState title={t('empty.title')} description={t('empty.description')} />
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {list.data.items.map((p) => (
                <PatientCard key={p.id} patient={p} />
              ))}
            </div>
            <Pagination
              total={list.data.total}
              page={page}
              pageSize={pageSize}
              onPage={(p) => update({ page: p })}
              onPageSize={(size) => update({ size })}
            />
          </>
        )}
      </div>
    </div>
  );
}
