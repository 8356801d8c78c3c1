// The eRTMS screen's state in the URL query, so links, reloads and Back show the same list:
// ?q= search, ?study=, ?agency=, ?status=, ?priority=, ?type=, ?overdue=1, ?page=, ?size= (10, 25 or
// 50), ?tab= and ?submission=<id> (the details dialog). A new search or filter returns to the first page.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  AGENCIES,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SUBMISSION_PRIORITIES,
  SUBMISSION_STATUSES,
  type SubmissionFilterInput,
} from '@ctp/contracts';

export const ERTMS_TABS = ['all', 'timeline', 'agency', 'reports'] as const;
export type ErtmsTab = (typeof ERTMS_TABS)[number];
/** The filter parameters (besides the search) the Filter panel sets. */
export const FILTER_KEYS = ['study', 'agency', 'status', 'priority', 'type', 'overdue'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
}

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

export function useErtmsParams() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page')) ?? 1;
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const search = params.get('q')?.trim().slice(0, 100) ?? '';
  const type = params.get('type');
  const filter: SubmissionFilterInput = {
    search: search || undefined,
    studyId: positiveInt(params.get('study')),
    agency: oneOf(AGENCIES, params.get('agency')),
    status: oneOf(SUBMISSION_STATUSES, params.get('status')),
    priority: oneOf(SUBMISSION_PRIORITIES, params.get('priority')),
    typeCode: type && /^[a-z0-9_]{1,40}$/.test(type) ? type : undefined,
    overdue: params.get('overdue') === '1' || undefined,
  };
  const panelFilters = !!(filter.studyId || filter.agency || filter.status || filter.priority || filter.typeCode || filter.overdue);

  /** Sets (or, for empty values, removes) parameters; any change but a page change resets the page. */
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }),
    [setParams],
  );
  /** Opens (or, with null, closes) a submission's details without touching the list's state. */
  const openSubmission = useCallback(
    (id: number | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('submission');
        else next.set('submission', String(id));
        return next;
      }),
    [setParams],
  );
  const setTab = useCallback(
    (tab: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (tab === 'all') next.delete('tab');
          else next.set('tab', tab);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filter,
    search,
    /** Any filter set, the search included. */
    filtered: !!filter.search || panelFilters,
    /** A filter of the Filter panel set (the panel starts open then). */
    panelFilters,
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    tab: oneOf(ERTMS_TABS, params.get('tab')) ?? 'all',
    submissionId: positiveInt(params.get('submission')),
    update,
    openSubmission,
    setTab,
  };
}
export type ErtmsParams = ReturnType<typeof useErtmsParams>;
