// One section of the TMF tree: its name and count, and when open its artifacts, each a button that shows
// its documents, with what the model asks of it (expected per study or per site, approval, expiry).
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronRight, List } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { TmfZoneNode } from './tmf-zone';

type TmfSectionNode = TmfZoneNode['sections'][number];

export function TmfSection({
  section,
  expanded,
  onToggle,
  onChoose,
}: {
  section: TmfSectionNode;
  expanded: boolean;
  onToggle: (number: string) => void;
  onChoose: (tmf: string) => void;
}) {
  const { t } = useTranslation('etmf');
  const panel = `etmf-section-${section.number}`;
  return (
    <li data-testid="etmf-section" data-section={section.number}>
      <div className="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-muted/50">
        <button type="button" className="flex min-w-0 flex-1 items-center gap-2 text-left text-sm" aria-expanded={expanded} aria-controls={panel} onClick={() => onToggle(section.number)}>
          {expanded ? <ChevronDown className="h-4 w-4 shrink-0" aria-hidden /> : <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />}
          <span className="font-mono text-xs text-muted-foreground">{section.number}</span>
          <span className="truncate">{section.name}</span>
        </button>
        <span className="text-xs tabular-nums text-muted-foreground">{t('tree.documents', { count: section.documents, value: formatNumber(section.documents) })}</span>
        <Button variant="ghost" size="sm" onClick={() => onChoose(section.number)} aria-label={t('tree.showDocumentsOf', { name: `${section.number} ${section.name}` })}>
          <List aria-hidden />
        </Button>
      </div>
      {expanded && (
        <ul id={panel} className="ml-8 grid gap-0.5 py-1">
          {section.artifacts.map((a) => (
            <li key={a.number}>
              <button
                type="button"
                data-testid="etmf-artifact"
                data-artifact={a.number}
                className="flex w-full flex-wrap items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
                onClick={() => onChoose(a.number)}
                title={t('tree.showDocumentsOf', { name: `${a.number} ${a.name}` })}
              >
                <span className="font-mono text-xs text-muted-foreground">{a.number}</span>
                <span className={cn('min-w-0 flex-1 truncate', a.documents === 0 && 'text-muted-foreground')}>{a.name}</span>
                {a.expectedLevel && <Badge tone="primary">{t(`tree.expected.${a.expectedLevel}`, { defaultValue: a.expectedLevel })}</Badge>}
                {a.needsApproval && <Badge tone="info">{t('tree.approval')}</Badge>}
                {a.expires && <Badge tone="warning">{t('tree.expires')}</Badge>}
                <span className="w-8 text-right text-xs font-medium tabular-nums">{formatNumber(a.documents)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
