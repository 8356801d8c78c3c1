// The Upload Document dialog's values (strings, as inputs hold them, and the chosen file) and the
// resolver that validates them with the contracts' documentUploadInput (the server validates the same
// fields with the same schema). Empty optional fields are sent as absent. The schema's own English
// messages for a missing study, artifact, name or version are replaced by the dialog's translated ones.
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { documentUploadInput, type DocumentUploadInput } from '@ctp/contracts';
import { fileProblem } from './file-check';

export const UPLOAD_FIELDS = ['file', 'studyId', 'siteId', 'artifactNumber', 'title', 'versionLabel', 'expiryDate', 'approverId', 'comment'] as const;
export type UploadField = (typeof UPLOAD_FIELDS)[number];
export type UploadValues = Record<Exclude<UploadField, 'file'>, string> & { file: File | null };
export type UploadOutput = DocumentUploadInput & { file: File };
export type UploadForm = UseFormReturn<UploadValues, unknown, UploadOutput>;

export const emptyUpload = (): UploadValues => ({
  file: null,
  studyId: '',
  siteId: '',
  artifactNumber: '',
  title: '',
  versionLabel: '1.0',
  expiryDate: '',
  approverId: '',
  comment: '',
});

const OWN_MESSAGES: Partial<Record<UploadField, (code: string) => string | undefined>> = {
  studyId: () => 'upload.errors.study',
  artifactNumber: () => 'upload.errors.artifact',
  title: (code) => (code === 'too_small' ? 'upload.errors.title' : undefined),
  versionLabel: (code) => (code === 'too_small' ? 'upload.errors.version' : undefined),
};

export function uploadResolver(t: TFunction<'etmf'>): Resolver<UploadValues, unknown, UploadOutput> {
  return async (values) => {
    const errors: FieldErrors<UploadValues> = {};
    const cleaned = {
      studyId: values.studyId || undefined,
      siteId: values.siteId || undefined,
      artifactNumber: values.artifactNumber,
      title: values.title,
      versionLabel: values.versionLabel,
      expiryDate: values.expiryDate || undefined,
      approverId: values.approverId || undefined,
      comment: values.comment.trim() || undefined,
    };
    const parsed = documentUploadInput.safeParse(cleaned);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Exclude<UploadField, 'file'>;
        if (errors[field]) continue;
        const own = OWN_MESSAGES[field]?.(issue.code);
        errors[field] = { type: issue.code, message: own ? t(own) : issue.message };
      }
    }
    const problem = fileProblem(values.file, t);
    if (problem) errors.file = { type: 'required', message: problem };
    if (!parsed.success || problem) return { values: {}, errors };
    return { values: { ...parsed.data, file: values.file! }, errors: {} };
  };
}
