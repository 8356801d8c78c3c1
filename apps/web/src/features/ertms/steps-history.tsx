// A submission's steps, oldest first: the status it moved to (from which), the day it happened, who
// recorded it and when, and the note.
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate, formatDateTime } from '@/lib/format';
import type { SubmissionDetail } from './types';

export function StepsHistory({ steps }: { steps: SubmissionDetail['steps'] }) {
  const { t } = useTranslation('ertms');
  if (steps.length === 0) return <p className="text-sm text-muted-foreground">{t('history.empty')}</p>;
  return (
    <ol className="grid gap-3 border-l border-border pl-4" data-testid="steps-history">
      {steps.map((s) => (
        <li key={s.id} className="relative grid gap-0.5" data-testid="step" data-to={s.toStatus}>
          <span className="absolute -left-[1.34rem] top-1.5 h-2.5 w-2.5 rounded-full border-2 border-white bg-primary" aria-hidden />
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge status={s.toStatus} />
            <span className="font-medium tabular-nums">{formatDate(s.stepDate)}</span>
            {s.fromStatus && <span className="text-xs text-muted-foreground">{t('history.from', { status: t(`status.${s.fromStatus}`, { ns: 'common', defaultValue: s.fromStatus }) })}</span>}
          </div>
          <p className="text-xs text-muted-foreground" title={formatDateTime(s.at)}>
            {t('history.by', { actor: s.actor ?? t('history.unknownActor'), at: formatDateTime(s.at) })}
          </p>
          {s.note && <p className="whitespace-pre-wrap text-sm">{s.note}</p>}
        </li>
      ))}
    </ol>
  );
}
