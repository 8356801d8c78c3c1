import { useTranslation } from 'react-i18next';
import { Activity } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The product mark: the same icon and name as the application sidebar. */
export function Brand({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  const { t } = useTranslation('landing');
  return (
    <div className="flex items-center gap-2">
      <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-primary text-white">
        <Activity className="h-5 w-5" aria-hidden />
      </div>
      <div className="leading-tight">
        <div className={cn('text-base font-bold', inverted ? 'text-white' : 'text-slate-900')}>
          {t('brand.name')}
        </div>
        <div
          className={cn(
            'text-xs',
            inverted ? 'text-slate-400' : 'text-muted-foreground',
            compact && 'hidden sm:block',
          )}
        >
          {t('brand.tagline')}
        </div>
      </div>
    </div>
  );
}
