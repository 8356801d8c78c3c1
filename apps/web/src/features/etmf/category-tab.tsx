// By Category: the TMF Reference Model (zones, sections, artifacts) with the number of documents filed
// under each, over the study filter. Zones and sections open and close; choosing a zone, section or
// artifact shows its documents in All Documents (?tmf=).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronsDownUp, ChevronsUpDown } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { TmfZone } from './tmf-zone';

export function CategoryTab({ studyId, onChoose }: { studyId: number | undefined; onChoose: (tmf: string) => void }) {
  const { t } = useTranslation('etmf');
  const tree = trpc.etmf.tree.useQuery({ studyId });
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  if (tree.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (tree.error) return <ErrorState message={tree.error.message} />;
  const { zones } = tree.data;
  const toggle = (number: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(number)) next.delete(number);
      else next.add(number);
      return next;
    });
  const all = zones.flatMap((z) => [z.number, ...z.sections.map((s) => s.number)]);
  return (
    <div className="grid gap-3" data-testid="etmf-tree">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('tree.model', { model: tree.data.model, version: tree.data.version })}</p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setOpen(new Set(all))}>
            <ChevronsUpDown aria-hidden /> {t('tree.expandAll')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setOpen(new Set())}>
            <ChevronsDownUp aria-hidden /> {t('tree.collapseAll')}
          </Button>
        </div>
      </div>
      <ul className="grid gap-2">
        {zones.map((zone) => (
          <TmfZone key={zone.number} zone={zone} open={open} onToggle={toggle} onChoose={onChoose} />
        ))}
      </ul>
    </div>
  );
}
