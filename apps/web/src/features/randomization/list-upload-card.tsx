// Upload a statistician's randomization list instead of generating one (issue 30 item 1): a draft
// production scheme by stratified blocks; the CSV is read in the browser and checked on the server
// against the scheme's strata, arms and ratio. A refusal lists every offending row as the server named
// it; a list that passes is sealed (its sha256 shown) and the scheme goes live on it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';
import type { RandomizationData } from './use-randomization';

const REFUSED = 'The list was refused: ';

export function ListUploadCard({ studyId, scheme }: { studyId: number; scheme: NonNullable<RandomizationData['production']> }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const upload = trpc.randomization.uploadList.useMutation({
    onSuccess: async (done) => {
      setProblems([]);
      toast({ title: t('upload.done', { rows: done.rows, strata: done.strata }) });
      await utils.randomization.invalidate();
    },
    onError: (error) => {
      const message = serverError(error).message;
      // The server names each offending row, separated by "; ".
      setProblems(message.startsWith(REFUSED) ? message.slice(REFUSED.length).split('; ') : [message]);
    },
  });
  if (scheme.status !== 'draft' || scheme.method !== 'blocks') return null;
  return (
    <section className="grid gap-3 rounded-md border border-border p-4" aria-label={t('upload.title')} data-testid="rz-upload">
      <h3 className="font-medium">{t('upload.title')}</h3>
      <p className="text-sm text-muted-foreground">{t('upload.help')}</p>
      <form
        className="grid gap-3"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!file) return;
          upload.mutate({ studyId, version: scheme.version, csv: await file.text(), reason });
        }}
      >
        <FormField id="rz-upload-file" label={t('upload.file')}>
          <Input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </FormField>
        <FormField id="rz-upload-reason" label={t('form.reason')}>
          <Input value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
        {problems.length > 0 && (
          <div role="alert" className="grid gap-1 text-sm text-destructive" data-testid="rz-upload-problems">
            <p className="font-medium">{t('upload.refused')}</p>
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <Button type="submit" disabled={!file || upload.isPending}>
            <Upload /> {t('upload.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
