// New Submission's documents: the chosen study's eTMF documents to link (search and Link), the ones
// chosen (Remove), and the type's required artifacts checked against them as Submit will check them.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { DocumentPicker, type PickedDocument } from './document-picker';
import { RequirementsChecklist } from './requirements-checklist';

export function SubmissionDocumentsField({
  studyId,
  required,
  picked,
  onChange,
}: {
  studyId: number | undefined;
  /** The chosen type's required artifact numbers (undefined before a type is chosen). */
  required: readonly string[] | undefined;
  picked: PickedDocument[];
  onChange: (docs: PickedDocument[]) => void;
}) {
  const { t } = useTranslation('ertms');
  const [search, setSearch] = useState('');
  // The TMF Reference Model names the required artifacts.
  const tree = trpc.etmf.tree.useQuery(studyId && required?.length ? { studyId } : skipToken);
  const names = new Map(tree.data?.zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts.map((a) => [a.number, a.name] as const))));
  const requirements = (required ?? []).map((number) => {
    const docs = picked.filter((d) => d.artifactNumber === number);
    return { artifactNumber: number, artifactName: names.get(number) ?? docs[0]?.documentType ?? null, linked: docs.length > 0, approved: docs.some((d) => d.status === 'approved') };
  });
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3" data-testid="new-submission-documents">
      <legend className="px-1 text-sm font-medium">{t('fields.documentsToLink')}</legend>
      {required && (
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">{t('details.requirements')}</p>
          <RequirementsChecklist requirements={requirements} onFind={studyId ? setSearch : undefined} />
        </div>
      )}
      {picked.length > 0 && (
        <ul className="grid gap-1" data-testid="picked-documents">
          {picked.map((d) => (
            <li key={d.id} className="flex items-center gap-2 rounded-md bg-muted/40 px-2 py-1 text-sm" data-testid="picked-document" data-code={d.code}>
              <span className="min-w-0 flex-1 truncate">
                <span className="font-mono text-xs">{d.code}</span> {d.documentName}
              </span>
              <StatusBadge status={d.status} />
              <Button type="button" size="sm" variant="ghost" aria-label={t('documents.removeLabel', { name: d.documentName })} onClick={() => onChange(picked.filter((p) => p.id !== d.id))}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {studyId ? (
        <DocumentPicker studyId={studyId} linkedIds={picked.map((d) => d.id)} onPick={(d) => onChange([...picked, d])} search={search} onSearch={setSearch} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('documents.chooseStudyFirst')}</p>
      )}
    </fieldset>
  );
}
