// The form builder, /forms/:id/edit: loads the form (its draft, else the latest published version),
// then the builder works on a local copy until Save draft / Publish. 'Form not found' for an id the
// user cannot see, an unknown one, or one that is not a number.
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { isNotFound } from '@/lib/server-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, NotFoundState } from '@/components/ui/states';
import { idParam } from '@/features/patients/use-url-filters';
import { BuilderScreen } from '@/features/forms/builder/builder-screen';

export default function FormBuilderPage() {
  const { t } = useTranslation('forms-builder');
  const id = idParam(useParams().id ?? null);
  const detail = trpc.forms.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined, refetchOnWindowFocus: false });

  const notFound = <NotFoundState title={t('notFound.title')} description={t('notFound.description')} backTo="/forms" backLabel={t('header.back')} />;
  if (id === undefined) return notFound;
  if (detail.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-16 w-1/2" />
        <Skeleton className="h-10 w-80" />
        <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      </div>
    );
  }
  if (detail.error) return isNotFound(detail.error) ? notFound : <ErrorState message={detail.error.message} />;
  return <BuilderScreen key={detail.data.id} detail={detail.data} />;
}
