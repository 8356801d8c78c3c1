// One zone of the TMF tree: its name and count, and when open its sections.
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronRight, List } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { TmfSection } from './tmf-section';

export type TmfZoneNode = RouterOutputs['etmf']['tree']['zones'][number];

export function TmfZone({
  zone,
  open,
  onToggle,
  onChoose,
}: {
  zone: TmfZoneNode;
  open: Set<string>;
  onToggle: (number: string) => void;
  onChoose: (tmf: string) => void;
}) {
  const { t } = useTranslation('etmf');
  const expanded = open.has(zone.number);
  const panel = `etmf-zone-${zone.number}`;
  return (
    <li className="rounded-xl border border-border bg-white shadow-sm" data-testid="etmf-zone" data-zone={zone.number}>
      <div className="flex items-center gap-2 px-3 py-2">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-2 text-left font-medium"
          aria-expanded={expanded}
          aria-controls={panel}
          onClick={() => onToggle(zone.number)}
        >
          {expanded ? <ChevronDown className="h-4 w-4 shrink-0" aria-hidden /> : <ChevronRight className="h-4 w-4 shrink-0" aria-hidden />}
          <span className="font-mono text-xs text-muted-foreground">{zone.number}</span>
          <span className="truncate">{zone.name}</span>
        </button>
        <span className="text-sm tabular-nums text-muted-foreground">{t('tree.documents', { count: zone.documents, value: formatNumber(zone.documents) })}</span>
        <Button variant="ghost" size="sm" onClick={() => onChoose(zone.number)} aria-label={t('tree.showDocumentsOf', { name: `${zone.number} ${zone.name}` })}>
          <List aria-hidden /> {t('tree.show')}
        </Button>
      </div>
      {expanded && (
        <ul id={panel} className="grid gap-1 border-t border-border px-3 py-2">
          {zone.sections.map((section) => (
            <TmfSection key={section.number} section={section} expanded={open.has(section.number)} onToggle={onToggle} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </li>
  );
}
