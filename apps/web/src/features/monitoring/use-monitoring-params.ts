// The monitoring screen's state in the URL (Back and shared links keep it): the tab, the study (shared
// by the tiles and both tabs), the queries' search and page, and the audit trail's filters. Values
// the server would refuse (a study that is not a number, an unknown operation) read as no filter.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_OPERATIONS, type AuditListInput } from '@ctp/contracts';

export const QUERIES_PAGE_SIZE = 10;
export type MonitoringTab = 'queries' | 'audit';
export type AuditFilter = Pick<AuditListInput, 'studyId' | 'patientId' | 'userId' | 'table' | 'operation' | 'from' | 'to'>;
type Change = Record<string, string | number | null | undefined>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const positive = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

export function useMonitoringParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Change) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === undefined || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const get = (k: string) => params.get(k);
  const op = get('op');
  const table = get('table');
  const from = get('from');
  const to = get('to');
  const studyId = positive(get('study'));
  const patientId = positive(get('subject'));
  const userId = positive(get('user'));
  const page = positive(get('page')) ?? 1;
  const audit: AuditFilter = useMemo(
    () => ({
      studyId,
      // A subject belongs to one study: without the study the subject filter is dropped.
      patientId: studyId ? patientId : undefined,
      userId,
      table: table && /^[a-z_]{1,63}$/.test(table) ? table : undefined,
      operation: (AUDIT_OPERATIONS as readonly string[]).includes(op ?? '') ? (op as AuditFilter['operation']) : undefined,
      from: from && ISO_DATE.test(from) ? from : undefined,
      to: to && ISO_DATE.test(to) ? to : undefined,
    }),
    [studyId, patientId, userId, table, op, from, to],
  );
  return {
    tab: (get('tab') === 'audit' ? 'audit' : 'queries') as MonitoringTab,
    studyId,
    search: get('q') ?? '',
    page,
    offset: (page - 1) * QUERIES_PAGE_SIZE,
    audit,
    update,
    setTab: (tab: string) => update({ tab: tab === 'audit' ? 'audit' : null }),
    /** A new study or search starts the queries again at the first page. */
    setStudy: (id: string) => update({ study: id, subject: null, page: null }),
    setSearch: useCallback((q: string) => update({ q: q.trim(), page: null }), [update]),
    setOffset: (offset: number) => update({ page: offset > 0 ? Math.floor(offset / QUERIES_PAGE_SIZE) + 1 : null }),
  };
}
