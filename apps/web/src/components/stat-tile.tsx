// Summary figures with their labels and icons (the four tiles above the sites and patients lists), each
// with an optional caption saying what it counts.
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function StatTile({
  icon: Icon,
  label,
  value,
  tone = 'text-primary',
  loading,
  testId,
  caption,
}: {
  icon: LucideIcon;
  label: string;
  value: React.ReactNode;
  tone?: string;
  loading?: boolean;
  testId?: string;
  caption?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-center justify-between gap-3 pt-5">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          {loading ? (
            <Skeleton className="mt-1 h-8 w-16" />
          ) : (
            <p
              className="text-2xl font-bold tabular-nums"
              data-testid={testId ? `${testId}-value` : undefined}
            >
              {value}
            </p>
          )}
          {caption && (
            <p className="text-xs text-muted-foreground" data-testid={testId ? `${testId}-caption` : undefined}>
              {caption}
            </p>
          )}
        </div>
        <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden />
      </CardContent>
    </Card>
  );
}

export interface TileSpec {
  icon: LucideIcon;
  label: string;
  value: React.ReactNode;
  tone?: string;
  testId: string;
  caption?: string;
}

/** A row of tiles (four on wide screens) loading together from one query. */
export function StatTiles({ tiles, loading }: { tiles: TileSpec[]; loading: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {tiles.map((tile) => (
        <StatTile key={tile.testId} {...tile} loading={loading} />
      ))}
    </div>
  );
}
