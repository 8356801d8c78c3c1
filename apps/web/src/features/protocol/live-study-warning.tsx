// The warning shown when the chosen study is live (protocol.target: past planning, or with subjects):
// it names the study, its status and subjects and what the proposal would add, and asks for an explicit
// confirmation and a reason, which the server requires and records in the audit trail.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { ProtocolTarget } from '@ctp/contracts';
import { Input } from '@/components/ui/input';

export interface LiveConfirmation {
  confirmed: boolean;
  reason: string;
}

/** A confirmation the server accepts: ticked, with a reason of at least 3 characters (contracts' `reason`). */
export const liveConfirmationComplete = (c: LiveConfirmation) => c.confirmed && c.reason.trim().length >= 3;

export function LiveStudyWarning({
  target,
  visits,
  forms,
  value,
  onChange,
}: {
  target: ProtocolTarget;
  visits: number;
  forms: number;
  value: LiveConfirmation;
  onChange: (next: LiveConfirmation) => void;
}) {
  const { t } = useTranslation(['protocol', 'common']);
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm" data-testid="live-study-warning">
      <p id={`${id}-title`} className="flex items-center gap-2 font-semibold text-amber-900">
        <AlertTriangle className="h-4 w-4" aria-hidden />
        {t('review.liveTitle', { study: `${target.code} — ${target.name}` })}
      </p>
      <p className="text-amber-900">
        {t('review.liveBody', {
          status: t(`common:status.${target.status}`),
          subjects: t('review.subjects', { count: target.subjects }),
          visits: t('review.visitsAdded', { count: visits }),
          forms: t('review.formsAdded', { count: forms }),
        })}
      </p>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-primary"
          checked={value.confirmed}
          onChange={(e) => onChange({ ...value, confirmed: e.target.checked })}
        />
        <span>{t('review.liveConfirm')}</span>
      </label>
      <label className="grid gap-1 font-medium" htmlFor={`${id}-reason`}>
        {t('review.liveReason')}
      </label>
      <Input
        id={`${id}-reason`}
        value={value.reason}
        maxLength={500}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange({ ...value, reason: e.target.value })}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('review.liveReasonHint')}
      </p>
    </div>
  );
}
