// Where a proposed item came from in the USDM document: its id, name and instance type.
import type { UsdmOrigin } from '@ctp/contracts';

export function Origin({ origin }: { origin: UsdmOrigin }) {
  return (
    <span className="font-mono text-[11px] text-muted-foreground" data-testid="usdm-origin">
      {origin.instanceType} {origin.id}
      {origin.name && origin.name !== origin.id ? ` · ${origin.name}` : ''}
    </span>
  );
}
