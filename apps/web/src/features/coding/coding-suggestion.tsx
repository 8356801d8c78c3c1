// The coding suggestion under an adverse event (or medical history) term while it is typed: once the
// text is longer than 10 characters (spec), the dictionary's best term and code, its SOC and why it was
// proposed, with the other candidates on request. Each change asks again; only the latest answer shows
// (the query is keyed by the text). The decision stays with the coder (the coding queue).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODING_MIN_LENGTH } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Badge } from '@/components/ui/badge';

export function CodingSuggestion({ text, studyId }: { text: string; studyId?: number }) {
  const { t } = useTranslation('coding');
  const [showAll, setShowAll] = useState(false);
  const settled = useDebouncedValue(text.trim(), 300);
  const enabled = settled.length > CODING_MIN_LENGTH;
  const suggestion = trpc.coding.suggest.useQuery({ description: settled, studyId, limit: 5 }, { enabled });
  if (!enabled) return null;
  if (suggestion.isPending) return <p className="text-xs text-muted-foreground">{t('coding')}</p>;
  if (suggestion.error) return <p className="text-xs text-destructive">{suggestion.error.message}</p>;
  const s = suggestion.data;
  const best = s.candidates[0];
  return (
    <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="coding-suggestion" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground">{t('proposed')}</span>
        {best ? (
          <>
            <span className="font-medium" data-testid="coded-term">
              {s.term}
            </span>
            <span className="font-mono text-xs" data-testid="coded-code">
              {s.code}
            </span>
            <Badge tone={best.score >= 0.9 ? 'success' : best.score >= 0.7 ? 'warning' : 'danger'}>{t('score', { score: Math.round(best.score * 100) })}</Badge>
          </>
        ) : (
          <span>{t('noMatch')}</span>
        )}
        <Badge tone={s.dictionary.isDemo ? 'warning' : 'neutral'} data-testid="coding-system">
          {s.system}
        </Badge>
      </div>
      {best && (
        <>
          <p className="mt-1 text-xs text-muted-foreground">
            {t('path', { pt: best.ptName, soc: best.socName })}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{t('why', { reasons: best.reasons.join('; ') })}</p>
          {s.candidates.length > 1 && (
            <button type="button" className="mt-1 text-xs text-primary hover:underline" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
              {showAll ? t('hideOthers') : t('showOthers', { count: s.candidates.length - 1 })}
            </button>
          )}
          {showAll && (
            <ol className="mt-1 grid gap-1 text-xs">
              {s.candidates.slice(1).map((c) => (
                <li key={c.lltCode}>
                  {c.lltName} <span className="font-mono">{c.lltCode}</span> · {c.socName} · {Math.round(c.score * 100)} % — {c.reasons.join('; ')}
                </li>
              ))}
            </ol>
          )}
          <p className="mt-1 text-xs text-muted-foreground">{t('coderDecides')}</p>
        </>
      )}
    </div>
  );
}
