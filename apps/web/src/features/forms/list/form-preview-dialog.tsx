// Preview: the form as a site user sees it, through the shared renderer. The values live in this
// dialog only, so a user can try the form (skip logic, calculations, messages); nothing is saved.
// The footer exports the form's definition (ODM XML, CSV data dictionary).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye } from 'lucide-react';
import type { FormValues } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { FormRenderer } from '@/features/forms/renderer/form-renderer';
import { FormExportButtons } from './form-export-buttons';

export function FormPreviewDialog({
  formId,
  formName,
  describedBy,
}: {
  formId: number;
  formName: string;
  describedBy?: string;
}) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-describedby={describedBy}>
          <Eye /> {t('card.preview')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl" data-testid="form-preview">
        <DialogHeader>
          <DialogTitle>{t('preview.title', { name: formName })}</DialogTitle>
          <DialogDescription>{t('preview.description')}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from an empty form. */}
        {open && <PreviewBody formId={formId} />}
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({ formId }: { formId: number }) {
  const { t } = useTranslation('forms');
  const canExport = useCan('report.export');
  const detail = trpc.forms.byId.useQuery({ id: formId });
  const [values, setValues] = useState<FormValues>({});
  return (
    <>
      {detail.isPending ? (
        <div className="grid gap-3" aria-busy="true" data-testid="form-preview-loading">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : detail.error ? (
        <ErrorState message={detail.error.message} />
      ) : (
        <div className="grid gap-3">
          <FormRenderer
            definition={detail.data.definition}
            values={values}
            onChange={setValues}
            idPrefix={`preview-${formId}`}
          />
        </div>
      )}
      <DialogFooter className="flex-wrap">
        {canExport && <FormExportButtons formId={formId} />}
        <Button type="button" variant="ghost" onClick={() => setValues({})}>
          {t('preview.reset')}
        </Button>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('preview.close')}
          </Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
