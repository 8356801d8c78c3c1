// By Priority: three columns, High, Medium and Low, of the live queries.
import { QUERY_PRIORITIES } from '@ctp/contracts';
import type { OnQueryAction } from './query-actions';
import { PriorityColumn } from './priority-column';

export function PriorityTab({ onAction }: { onAction: OnQueryAction }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3" data-testid="queries-by-priority">
      {QUERY_PRIORITIES.map((p) => (
        <PriorityColumn key={p} priority={p} onAction={onAction} />
      ))}
    </div>
  );
}
