// Finds eTMF documents of one study to link to a submission: a search (title, code, artifact number or
// name) over the study's documents, each result with its artifact and status and a Link button. Only an
// approved document counts for a required artifact; withdrawn documents cannot be linked.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { SearchBox } from '@/components/search-box';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { ErrorState } from '@/components/ui/states';

export interface PickedDocument {
  id: number;
  code: string;
  documentName: string;
  artifactNumber: string;
  documentType: string;
  status: string;
}

const RESULTS = 8;

export function DocumentPicker({
  studyId,
  linkedIds,
  onPick,
  busy,
  search: controlled,
  onSearch,
}: {
  studyId: number;
  linkedIds: readonly number[];
  onPick: (doc: PickedDocument) => void;
  busy?: boolean;
  /** The search, when the caller sets it too (a required artifact chosen in the checklist). */
  search?: string;
  onSearch?: (term: string) => void;
}) {
  const { t } = useTranslation('ertms');
  const [own, setOwn] = useState('');
  const search = controlled ?? own;
  const setSearch = onSearch ?? setOwn;
  const docs = trpc.etmf.list.useQuery({ studyId, search: search || undefined, limit: RESULTS, offset: 0 }, { placeholderData: keepPreviousData });
  return (
    <div className="grid gap-2" data-testid="document-picker">
      <SearchBox value={search} onSearch={setSearch} label={t('documents.search')} placeholder={t('documents.searchPlaceholder')} />
      {docs.error ? (
        <ErrorState message={docs.error.message} />
      ) : !docs.data ? (
        <div className="grid gap-1" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : docs.data.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-3 text-sm text-muted-foreground">{search ? t('documents.noMatch') : t('documents.noneInStudy')}</p>
      ) : (
        <ul className="grid divide-y divide-border rounded-md border border-border" aria-busy={docs.isPlaceholderData || undefined}>
          {docs.data.items.map((d) => {
            const linked = linkedIds.includes(d.id);
            const withdrawn = d.status === 'withdrawn';
            return (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="document-option" data-code={d.code}>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{d.documentName}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    <span className="font-mono">{d.code}</span> · {d.artifactNumber} {d.documentType} · v{d.version}
                  </p>
                </div>
                <StatusBadge status={d.status} />
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={linked || withdrawn || busy}
                  title={withdrawn ? t('documents.withdrawnNote') : undefined}
                  aria-label={t('documents.linkLabel', { name: d.documentName })}
                  onClick={() => onPick(d)}
                >
                  <Link2 aria-hidden /> {linked ? t('documents.linked') : t('documents.link')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {docs.data && docs.data.total > RESULTS && <p className="text-xs text-muted-foreground">{t('documents.more', { shown: RESULTS, count: docs.data.total })}</p>}
    </div>
  );
}
