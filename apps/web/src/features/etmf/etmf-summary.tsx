// The four tiles (etmf.summary over the study filter): Documents (approved among them), Pending Review
// (with the user's own), Expiring within the warning window (with the expired ones) and Storage Used
// (the stored files' bytes, each file counted once).
import { useTranslation } from 'react-i18next';
import { AlarmClock, ClipboardCheck, FileText, HardDrive } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { formatNumber } from '@/lib/format';
import { EtmfSummaryCard } from './etmf-summary-card';
import { useFormatBytes } from './format-bytes';

type Summary = RouterOutputs['etmf']['summary'];

export function EtmfSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation('etmf');
  const bytes = useFormatBytes();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <EtmfSummaryCard
        testId="etmf-card-documents"
        icon={FileText}
        tone="text-primary"
        label={t('cards.documents')}
        value={formatNumber(summary.documents)}
        caption={t('cards.documentsCaption', { count: summary.approved, value: formatNumber(summary.approved) })}
      />
      <EtmfSummaryCard
        testId="etmf-card-pending"
        icon={ClipboardCheck}
        tone="text-orange-500"
        label={t('cards.pending')}
        value={formatNumber(summary.pendingReview)}
        caption={t('cards.pendingCaption')}
        note={
          summary.myReviews > 0 && (
            <p className="mt-1 text-xs font-medium text-blue-700" data-testid="etmf-card-mine">
              {t('cards.forYou', { count: summary.myReviews, value: formatNumber(summary.myReviews) })}
            </p>
          )
        }
      />
      <EtmfSummaryCard
        testId="etmf-card-expiring"
        icon={AlarmClock}
        tone="text-red-500"
        label={t('cards.expiring')}
        value={formatNumber(summary.expiring)}
        caption={t('cards.expiringCaption', { count: summary.expiryWarningDays })}
        note={
          summary.expired > 0 && (
            <p className="mt-1 text-xs font-medium text-red-600" data-testid="etmf-card-expired">
              {t('cards.expired', { count: summary.expired, value: formatNumber(summary.expired) })}
            </p>
          )
        }
      />
      <EtmfSummaryCard
        testId="etmf-card-storage"
        icon={HardDrive}
        tone="text-green-600"
        label={t('cards.storage')}
        value={bytes(summary.storageBytes)}
        caption={t('cards.storageCaption', { count: summary.storedFiles, value: formatNumber(summary.storedFiles) })}
      />
    </div>
  );
}
