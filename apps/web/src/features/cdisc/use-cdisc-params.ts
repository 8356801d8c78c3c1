// The screen's tab, search, type filter and page live in the URL, so Back and shared links keep them.
import { useSearchParams } from 'react-router-dom';
import { CDISC_DOMAIN_FILTERS, type CdiscDomainFilter } from '@ctp/contracts';

export const CDISC_TABS = ['domains', 'mappings', 'validation', 'export', 'define'] as const;
export type CdiscTab = (typeof CDISC_TABS)[number];

export function useCdiscParams(pageSize: number) {
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: CdiscTab = (CDISC_TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as CdiscTab) : 'domains';
  const rawType = params.get('type');
  const type: CdiscDomainFilter = (CDISC_DOMAIN_FILTERS as readonly string[]).includes(rawType ?? '')
    ? (rawType as CdiscDomainFilter)
    : 'All';
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const idParam = (name: string) => {
    const raw = params.get(name);
    return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  };
  const studyId = idParam('study');
  const formId = idParam('form');
  const mode: 'ai' | 'manual' = params.get('mode') === 'manual' ? 'manual' : 'ai';

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  return {
    tab,
    type,
    search,
    page,
    offset: (page - 1) * pageSize,
    studyId,
    formId,
    mode,
    /** A new study clears the form (forms belong to one study). */
    setStudy: (id: string) => update({ study: id || undefined, form: undefined }),
    setForm: (id: string) => update({ form: id || undefined }),
    setMode: (m: 'ai' | 'manual') => update({ mode: m === 'ai' ? undefined : m }),
    setTab: (t: string) => update({ tab: t === 'domains' ? undefined : t }),
    /** A new search or filter starts again at the first page. */
    setSearch: (q: string) => update({ q: q.trim() || undefined, page: undefined }),
    setType: (t: string) => update({ type: t === 'All' ? undefined : t, page: undefined }),
    setPage: (p: number) => update({ page: p > 1 ? String(p) : undefined }),
  };
}
