// A document's review history, newest first: uploaded, submitted for review, approved (with its
// signature), returned, withdrawn or expired, each with who, when, the version and the comment.
import { useTranslation } from 'react-i18next';
import { PenLine } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { DocumentDetail } from './document-actions';

const ACCENTS: Record<string, string> = {
  uploaded: 'border-l-slate-400',
  submitted: 'border-l-blue-500',
  approved: 'border-l-green-500',
  returned: 'border-l-orange-400',
  withdrawn: 'border-l-red-500',
  expired: 'border-l-red-400',
};

export function DocumentHistory({ history }: { history: DocumentDetail['history'] }) {
  const { t } = useTranslation('etmf');
  return (
    <section className="grid gap-2" aria-labelledby="etmf-history-heading">
      <h3 id="etmf-history-heading" className="text-sm font-semibold">
        {t('details.history')}
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('details.noHistory')}</p>
      ) : (
        <ol className="grid max-h-64 gap-2 overflow-y-auto" data-testid="etmf-history">
          {history.map((step) => (
            <li key={step.id} data-testid="etmf-history-step" data-action={step.action} className={cn('grid gap-1 rounded-md border-l-4 bg-muted/40 px-3 py-2 text-sm', ACCENTS[step.action])}>
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>
                  <span className="font-medium text-slate-700">{t(`history.${step.action}`, { defaultValue: step.action })}</span>
                  {step.actor && ` · ${step.actor}`}
                  {step.versionLabel && ` · ${t('details.versionLabel', { version: step.versionLabel })}`}
                  {step.signatureId !== null && (
                    <span className="ml-1 inline-flex items-center gap-0.5 text-green-700">
                      <PenLine className="h-3 w-3" aria-hidden /> {t('history.signed')}
                    </span>
                  )}
                </span>
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </div>
              {step.comment && <p className="whitespace-pre-wrap break-words">{step.comment}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
