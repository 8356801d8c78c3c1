// One form entry of the casebook: form and version, visit date, status, review flags, open queries,
// the review steps of the user's role, a link to the entry in data entry and its audit history.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronDown, ChevronRight, History } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StatusBadge } from '@/components/ui/status-badge';
import { EntryFlags } from './entry-flags';
import { EntryHistory, type AuditState } from './entry-history';
import { ReviewActions } from './review-actions';
import type { CasebookEntry } from './types';

export const ENTRY_COLUMNS = 6;

export function EntryRow({ entry: e, openHref, audit }: { entry: CasebookEntry; openHref: string; audit: AuditState | null }) {
  const { t } = useTranslation('casebook');
  const [showHistory, setShowHistory] = useState(false);
  const historyId = `entry-history-${e.id}`;
  return (
    <>
      <tr data-testid="casebook-entry" data-entry-id={e.id} data-status={e.status} className="border-b border-border align-top last:border-0">
        <th scope="row" className="px-3 py-2 text-left font-medium">
          {e.formName} <span className="text-xs font-normal text-muted-foreground">{t('entries.version', { version: e.formVersion })}</span>
        </th>
        <td className="whitespace-nowrap px-3 py-2">{formatDate(e.visitDate)}</td>
        <td className="whitespace-nowrap px-3 py-2">
          <StatusBadge status={e.status} />
        </td>
        <td className="px-3 py-2">
          <EntryFlags entry={e} />
        </td>
        <td className="whitespace-nowrap px-3 py-2" data-testid="entry-open-queries">
          {e.openQueries > 0 ? <Badge tone="warning">{t('flags.queries', { count: e.openQueries })}</Badge> : <span className="text-muted-foreground">0</span>}
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-wrap items-center justify-end gap-1">
            <ReviewActions entry={e} />
            {audit && (
              <Button type="button" variant="ghost" size="sm" aria-expanded={showHistory} aria-controls={historyId} onClick={() => setShowHistory((s) => !s)}>
                <History aria-hidden /> {t('entries.history')} {showHistory ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
              </Button>
            )}
            <Button asChild variant="link" size="sm">
              <Link to={openHref}>{t('entries.open')}</Link>
            </Button>
          </div>
        </td>
      </tr>
      {audit && showHistory && (
        <tr id={historyId} className="border-b border-border bg-muted/30">
          <td colSpan={ENTRY_COLUMNS} className="px-6 py-3">
            <EntryHistory entryId={e.id} audit={audit} />
          </td>
        </tr>
      )}
    </>
  );
}
