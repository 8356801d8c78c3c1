// Import Form: a CDISC ODM 1.3.2 XML file or a CSV data dictionary, read in the browser (File.text(),
// at most 2 MB) and sent to forms.import; the forms arrive as drafts of the chosen study. The server's
// refusal (a file it cannot read) is shown in the dialog.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FORM_IMPORT_CHARS, type FORM_IMPORT_FORMATS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/form-field';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { StudySelect } from './study-select';

type ImportFormat = (typeof FORM_IMPORT_FORMATS)[number];
/**
 * The largest file accepted: 2 MB, the server's limit (DOCUMENT_LIMITS.formImport, in characters; a
 * file of N bytes has at most N characters, so every file passing this check passes the server's).
 */
export const MAX_IMPORT_BYTES = MAX_FORM_IMPORT_CHARS;

export function ImportFormDialog({ trigger, studyId }: { trigger: ReactElement; studyId?: number }) {
  const { t } = useTranslation('forms');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('import.title')}</DialogTitle>
          <DialogDescription>{t('import.description')}</DialogDescription>
        </DialogHeader>
        {open && <ImportForm studyId={studyId} close={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({ studyId: initialStudy, close }: { studyId?: number; close: () => void }) {
  const { t } = useTranslation('forms');
  const utils = trpc.useUtils();
  const [studyId, setStudyId] = useState(initialStudy ? String(initialStudy) : '');
  const [format, setFormat] = useState<ImportFormat>('odm');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ study?: string; file?: string }>({});
  const [failure, setFailure] = useState<ServerError | null>(null);
  const [reading, setReading] = useState(false);
  const tooLarge = t('import.tooLarge', { size: `${MAX_IMPORT_BYTES / (1024 * 1024)} MB` });

  const importForms = trpc.forms.import.useMutation({
    onSuccess: ({ created }) => {
      void utils.forms.invalidate();
      toast({
        title: t('import.done'),
        description: t('import.doneText', {
          count: created.length,
          names: created.map((f) => f.name).join(', '),
        }),
      });
      close();
    },
    onError: (error) => setFailure(serverError(error)),
  });

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    // The file's extension tells its format.
    const ext = chosen?.name.toLowerCase().split('.').pop();
    if (ext === 'xml') setFormat('odm');
    else if (ext === 'csv') setFormat('csv');
    setErrors((e) => ({ ...e, file: chosen && chosen.size > MAX_IMPORT_BYTES ? tooLarge : undefined }));
  };

  const submit = async () => {
    setFailure(null);
    const next = {
      study: studyId ? undefined : t('create.chooseStudyError'),
      file: !file ? t('import.chooseFile') : file.size > MAX_IMPORT_BYTES ? tooLarge : undefined,
    };
    setErrors(next);
    if (next.study || next.file || !file) return;
    setReading(true);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setErrors({ file: t('import.unreadable') });
      return;
    } finally {
      setReading(false);
    }
    if (content.length > MAX_FORM_IMPORT_CHARS) {
      setErrors({ file: tooLarge });
      return;
    }
    importForms.mutate({ studyId: Number(studyId), format, content });
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField id="import-form-study" label={t('fields.study')} error={errors.study}>
        <StudySelect
          value={studyId}
          onChange={(e) => {
            setStudyId(e.target.value);
            setErrors((x) => ({ ...x, study: undefined }));
          }}
        />
      </FormField>
      <FormField id="import-form-format" label={t('fields.format')}>
        <NativeSelect value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
          <option value="odm">{t('import.formats.odm')}</option>
          <option value="csv">{t('import.formats.csv')}</option>
        </NativeSelect>
      </FormField>
      <FormField id="import-form-file" label={t('fields.file')} error={errors.file} hint={t('import.fileHint')}>
        <Input
          type="file"
          accept=".xml,.csv,application/xml,text/xml,text/csv"
          className="py-1.5"
          data-testid="import-file"
          onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
        />
      </FormField>
      <WriteErrorNotice error={failure} />
      <FormActions
        onCancel={close}
        pending={reading || importForms.isPending}
        submitLabel={t('import.submit')}
      />
    </form>
  );
}
