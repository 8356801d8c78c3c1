// "Start from" of Create Form: a blank form or one of the CDASH library forms (forms.library), each
// shown with its name, domain and number of fields.
import { useTranslation } from 'react-i18next';
import type { LibraryFormInfo } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';

export function StartFromChoice({
  value,
  onChange,
}: {
  /** The chosen library domain; '' for a blank form. */
  value: string;
  onChange: (domain: string, form?: LibraryFormInfo) => void;
}) {
  const { t } = useTranslation('forms');
  const library = trpc.forms.library.useQuery();
  const option = (domain: string, label: React.ReactNode, form?: LibraryFormInfo) => (
    <label
      key={domain || 'blank'}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 text-sm hover:bg-muted',
        value === domain && 'border-primary bg-primary/5',
      )}
    >
      <input
        type="radio"
        name="start-from"
        className="mt-0.5"
        value={domain}
        checked={value === domain}
        onChange={() => onChange(domain, form)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="grid gap-2" data-testid="start-from">
      <legend className="mb-2 text-sm font-medium">{t('create.startFrom')}</legend>
      <div className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
        {option('', <span className="font-medium">{t('create.blank')}</span>)}
        {library.isPending
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-14" />)
          : library.data?.map((f) =>
              option(
                f.domain,
                <span className="grid gap-1">
                  <span className="font-medium">{f.name}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge tone="neutral" className="font-mono">
                      {f.domain}
                    </Badge>
                    {t('create.libraryFields', { count: f.fieldCount, n: formatNumber(f.fieldCount) })}
                  </span>
                </span>,
                f,
              ),
            )}
      </div>
      {library.error && <p className="text-xs text-destructive">{t('create.libraryUnavailable')}</p>}
    </fieldset>
  );
}
