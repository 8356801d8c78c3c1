// eCRF forms (spec): Import Form and Create Form, four tiles (Total Forms, Active Forms, Total
// Submissions, Draft Forms), search with study and status filters, and a 3-column grid of form cards
// with Edit and Preview; 6 card skeletons while loading and 'No forms found' with Clear Filters.
// Filtering, paging and the tiles run on the server; the filters live in the URL.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { Plus, Upload } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { usePageInRange } from '@/lib/use-page-in-range';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/states';
import { Pager } from '@/features/studies/pager';
import { CreateFormDialog } from '@/features/forms/list/create-form-dialog';
import { ImportFormDialog } from '@/features/forms/list/import-form-dialog';
import { FormCard } from '@/features/forms/list/form-card';
import { FormsEmpty } from '@/features/forms/list/forms-empty';
import { FormsFilters } from '@/features/forms/list/forms-filters';
import { FormsLoading } from '@/features/forms/list/forms-loading';
import { FormsOverview } from '@/features/forms/list/forms-overview';
import { useFormsParams } from '@/features/forms/list/use-forms-params';

/** Four rows of the 3-column grid. */
const PAGE_SIZE = 12;

export default function FormsPage() {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const canBuild = useCan('form.build');
  const list = useFormsParams(PAGE_SIZE);
  const [clears, setClears] = useState(0);
  const search = list.search || undefined;
  const forms = trpc.forms.list.useQuery(
    { studyId: list.studyId, status: list.status, search, limit: list.limit, offset: list.offset },
    { placeholderData: keepPreviousData },
  );
  const pastEnd = usePageInRange(list.page, list.limit, forms.data?.total);
  // A page past the end (moving to the last page) is not the empty list.
  const data =
    pastEnd || (forms.data && forms.data.items.length === 0 && forms.data.total > 0) ? undefined : forms.data;

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          canBuild && (
            <>
              <ImportFormDialog
                studyId={list.studyId}
                trigger={
                  <Button variant="outline">
                    <Upload /> {t('actions.import')}
                  </Button>
                }
              />
              <CreateFormDialog
                studyId={list.studyId}
                trigger={
                  <Button>
                    <Plus /> {t('actions.create')}
                  </Button>
                }
                onCreated={(f) => navigate(`/forms/${f.id}/edit`)}
              />
            </>
          )
        }
      />
      <div className="grid gap-6">
        <FormsOverview studyId={list.studyId} search={search} />
        <FormsFilters
          key={clears}
          search={list.search}
          studyId={list.studyId}
          status={list.status}
          onSearch={list.setSearch}
          onStudy={list.setStudy}
          onStatus={list.setStatus}
        />
        {forms.isPending || (!data && !forms.error) ? (
          <FormsLoading />
        ) : forms.error && !data ? (
          <ErrorState message={forms.error.message} />
        ) : data && data.items.length === 0 ? (
          <FormsEmpty
            filtered={list.filtered}
            onClear={() => {
              // The filters remount: text typed but not yet sent is dropped with the rest.
              setClears((n) => n + 1);
              list.clear();
            }}
          />
        ) : data ? (
          <>
            {forms.error && <ErrorState message={forms.error.message} />}
            <div
              className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
              data-testid="forms-grid"
              aria-busy={forms.isPlaceholderData}
            >
              {data.items.map((f) => (
                <FormCard key={f.id} form={f} canEdit={canBuild} />
              ))}
            </div>
            <Pager offset={data.offset} limit={data.limit} total={data.total} onOffset={list.setOffset} />
          </>
        ) : null}
      </div>
    </div>
  );
}
