// The loaded coding dictionaries, and for administrators the MedDRA import (the MedAscii .asc files of
// the organisation's licensed release, sent to POST /api/coding/dictionaries).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { toast } from '@/components/ui/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { countedText } from '@/lib/counted-text';

export function DictionariesCard({ studyId }: { studyId?: number }) {
  const { t } = useTranslation('coding');
  const canImport = useCan('coding.import');
  const canChoose = useCan('coding.decide');
  const active = trpc.coding.studyDictionary.useQuery({ studyId: studyId! }, { enabled: !!studyId });
  const setDictionary = trpc.coding.setStudyDictionary.useMutation({
    onSuccess: () => utils.coding.invalidate(),
    onError: (err) => toast({ variant: 'destructive', title: err.message }),
  });
  const utils = trpc.useUtils();
  const dictionaries = trpc.coding.dictionaries.useQuery();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);

  async function upload() {
    setBusy(true);
    try {
      const form = new FormData();
      for (const f of files) form.append('files', f, f.name);
      const res = await fetch('/api/coding/dictionaries', { method: 'POST', body: form, credentials: 'same-origin' });
      const body = (await res.json()) as { error?: string; version?: string; terms?: number };
      if (!res.ok) throw new Error(body.error ?? res.statusText);
      toast({ title: countedText(t, 'dictionaries.imported', { version: body.version, terms: body.terms ?? 0 }) });
      setFiles([]);
      await utils.coding.invalidate();
    } catch (err) {
      toast({ variant: 'destructive', title: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dictionaries.title')}</CardTitle>
        {canImport && <CardDescription>{t('dictionaries.importHelp')}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ul className="grid gap-1">
          {dictionaries.data?.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2" data-testid="dictionary">
              <span className="font-medium">{d.label}</span>
              <span className="text-muted-foreground">{t('dictionaries.terms', { count: d.termCount })}</span>
              {d.isDemo && <Badge tone="warning">{t('dictionaries.demo')}</Badge>}
            </li>
          ))}
        </ul>
        {studyId && active.data && (
          <label className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">{t('dictionaries.studyDictionary')}</span>
            {canChoose ? (
              <NativeSelect
                className="w-72"
                value={active.data.chosenId ? String(active.data.chosenId) : ''}
                onChange={(e) => setDictionary.mutate({ studyId, dictionaryId: e.target.value ? Number(e.target.value) : null })}
                disabled={setDictionary.isPending}
              >
                <option value="">{t('dictionaries.automatic')}</option>
                {dictionaries.data?.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.label}
                  </option>
                ))}
              </NativeSelect>
            ) : null}
            <span className="font-medium" data-testid="study-dictionary">
              {active.data.label}
            </span>
          </label>
        )}
        {canImport && (
          <div className="flex flex-wrap items-center gap-2">
            <input
              type="file"
              multiple
              accept=".asc"
              aria-label={t('dictionaries.import')}
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
              className="text-sm"
            />
            <Button size="sm" onClick={() => void upload()} disabled={!files.length || busy}>
              {t('dictionaries.import')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
