// The eTMF screen's state in the URL query, so links, reloads and Back show the same screen:
// ?tab= (all, category, review, reports), the All Documents list's ?q= search, ?study=, ?status=,
// ?review= (review status), ?tmf= (zone, section or artifact number), ?size= (10, 25, 50) and ?page=,
// and ?doc= (the document whose details are open; notifications link to /etmf?tab=review&doc=<id>).
// A new search or filter returns to the first page; changing tab or opening a document keeps them.
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, DOCUMENT_REVIEW_VALUES, DOCUMENT_STATUS_VALUES, PAGE_SIZES, type DocumentFilterInput } from '@ctp/contracts';

export const ETMF_TABS = ['all', 'category', 'review', 'reports'] as const;
export type EtmfTab = (typeof ETMF_TABS)[number];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

/** A positive whole number from the URL, else undefined. */
export function idParam(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

export type EtmfChanges = Record<string, string | number | null | undefined>;

export function useEtmfParams() {
  const [params, setParams] = useSearchParams();
  const pageParam = Math.floor(Number(params.get('page')));
  const page = Number.isFinite(pageParam) && pageParam >= 1 ? pageParam : 1;
  const sizeParam = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE;
  const search = params.get('q')?.trim().slice(0, 100) ?? '';
  const tmf = params.get('tmf');
  const filter: DocumentFilterInput = {
    search: search || undefined,
    studyId: idParam(params.get('study')),
    status: oneOf(DOCUMENT_STATUS_VALUES, params.get('status')),
    reviewStatus: oneOf(DOCUMENT_REVIEW_VALUES, params.get('review')),
    tmf: tmf && /^\d{2}(\.\d{2}){0,2}$/.test(tmf) ? tmf : undefined,
  };

  // Changes build on the latest URL asked for, not on the one last rendered: two changes before the
  // screen re-renders (a search applied as a document opens) both keep their parameters. Back and
  // Forward reset it to the address shown.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const apply = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams],
  );

  /** Sets (or, for empty values, removes) parameters; any change but a page change resets the page. */
  const update = useCallback(
    (changes: EtmfChanges) =>
      apply((next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
      }),
    [apply],
  );
  const setTab = useCallback(
    (tab: string) =>
      apply((next) => {
        if (tab === 'all') next.delete('tab');
        else next.set('tab', tab);
      }, true),
    [apply],
  );
  /** Opens a document's details (or closes them with null), keeping the list where it is. */
  const openDocument = useCallback(
    (id: number | null) =>
      apply((next) => {
        if (id === null) next.delete('doc');
        else next.set('doc', String(id));
      }),
    [apply],
  );

  return {
    filter,
    search,
    filtered: !!(filter.search || filter.studyId || filter.status || filter.reviewStatus || filter.tmf),
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    tab: oneOf(ETMF_TABS, params.get('tab')) ?? 'all',
    doc: idParam(params.get('doc')),
    update,
    setTab,
    openDocument,
  };
}
