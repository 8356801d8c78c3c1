// The Domains tab: the loaded standards, a search on domain code or name (any case) and the type
// filter All/SDTM/CDASH/ADaM, both applied by the server, then the domain cards, paged.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { CDISC_DOMAIN_FILTERS, type CdiscDomain, type CdiscDomainFilter } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { usePageInRange } from '@/lib/use-page-in-range';
import { SearchBox } from '@/components/search-box';
import { PageNav } from '@/components/page-nav';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { DomainCard } from './domain-card';
import { VariablesDialog } from './variables-dialog';
import { countedText } from '@/lib/counted-text';

export const DOMAINS_PAGE_SIZE = 24;

export function DomainsTab({
  search,
  type,
  page,
  offset,
  onSearch,
  onType,
  onPage,
}: {
  search: string;
  type: CdiscDomainFilter;
  page: number;
  offset: number;
  onSearch: (q: string) => void;
  onType: (type: string) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('cdisc');
  const [viewing, setViewing] = useState<CdiscDomain | null>(null);
  const standards = trpc.cdisc.standards.useQuery();
  const domains = trpc.cdisc.domains.useQuery(
    { search: search || undefined, type, limit: DOMAINS_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );
  // A page past the end (an old link) moves to the last page; until then its empty state stays hidden.
  const pastEnd = usePageInRange(page, DOMAINS_PAGE_SIZE, domains.data?.total);
  const typeLoaded = type === 'All' || !!standards.data?.some((s) => s.type === type);

  return (
    <div className="grid gap-4">
      {standards.data && (
        <p className="text-sm text-muted-foreground" data-testid="cdisc-standards-loaded">
          {t('domains.loaded', {
            list: standards.data
              .map((s) =>
                countedText(t, 'domains.standard', {
                  code: s.code,
                  version: s.version,
                  domains: s.domainCount,
                  variables: s.variableCount,
                }),
              )
              .join('; '),
          })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={search} onSearch={onSearch} label={t('domains.search')} placeholder={t('domains.searchPlaceholder')} />
        <NativeSelect className="w-40" aria-label={t('domains.type')} value={type} onChange={(e) => onType(e.target.value)}>
          {CDISC_DOMAIN_FILTERS.map((f) => (
            <option key={f} value={f}>
              {f === 'All' ? t('domains.allTypes') : f}
            </option>
          ))}
        </NativeSelect>
      </div>
      {domains.isPending || pastEnd ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" data-testid="cdisc-domains-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : domains.error ? (
        <ErrorState message={domains.error.message} />
      ) : domains.data.items.length === 0 ? (
        !typeLoaded ? (
          <EmptyState title={t('domains.notLoadedTitle', { type })} description={t('domains.notLoaded', { type })} />
        ) : (
          <EmptyState title={t('domains.emptyTitle')} description={t('domains.empty')} />
        )
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={domains.isPlaceholderData} data-testid="cdisc-domains">
            {domains.data.items.map((d) => (
              <DomainCard key={d.id} domain={d} onView={setViewing} />
            ))}
          </div>
          <PageNav ns="cdisc" total={domains.data.total} page={page} pageSize={DOMAINS_PAGE_SIZE} onPage={onPage} />
        </>
      )}
      <VariablesDialog domain={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
