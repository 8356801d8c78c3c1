// An entry's review flags as badges: verified (by whom), frozen, locked, edit-check warnings.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import type { CasebookEntry } from './types';

export function EntryFlags({ entry: e }: { entry: CasebookEntry }) {
  const { t } = useTranslation('casebook');
  const none = !e.sdvAt && !e.frozenAt && !e.lockedAt && !e.warningCount;
  return (
    // Badges wrap between each other, never inside: Japanese breaks between any two characters.
    <div className="flex flex-wrap gap-1 whitespace-nowrap">
      {e.sdvAt && (
        <Badge tone="success" data-flag="verified" title={t('flags.verifiedOn', { date: formatDateTime(e.sdvAt) })}>
          {t('flags.verifiedBy', { name: e.sdvBy ?? '—' })}
        </Badge>
      )}
      {e.frozenAt && (
        <Badge tone="info" data-flag="frozen" title={t('flags.frozenOn', { date: formatDateTime(e.frozenAt) })}>
          {t('flags.frozen')}
        </Badge>
      )}
      {e.lockedAt && (
        <Badge tone="danger" data-flag="locked" title={t('flags.lockedBy', { name: e.lockedBy ?? '—', date: formatDateTime(e.lockedAt) })}>
          {t('flags.locked')}
        </Badge>
      )}
      {e.warningCount > 0 && (
        <Badge tone="warning" data-flag="warnings">
          {t('flags.warnings', { count: e.warningCount })}
        </Badge>
      )}
      {none && <span className="text-muted-foreground">—</span>}
    </div>
  );
}
