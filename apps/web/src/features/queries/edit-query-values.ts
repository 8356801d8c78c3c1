// Edit Query's values (as the inputs hold them) and their schema, built from the contracts' pieces the
// server validates queries.update with; only the fields that changed are sent.
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { isoDate, QUERY_KINDS, queryPriority, reason, text, type QueryRow } from '@ctp/contracts';

const editQuerySchema = z.object({
  priority: queryPriority,
  type: z.enum(QUERY_KINDS),
  dueDate: z.union([z.literal(''), isoDate]),
  description: text('text').min(3, 'Describe the discrepancy'),
  reason,
});
export type EditQueryValues = z.input<typeof editQuerySchema>;
export type EditQueryOutput = z.output<typeof editQuerySchema>;
export const EDIT_QUERY_FIELDS = ['priority', 'type', 'dueDate', 'description', 'reason'] as const;
export const editQueryResolver = zodResolver(editQuerySchema);

export const editQueryValues = (row: QueryRow): EditQueryValues => ({
  priority: row.priority,
  type: row.kind,
  dueDate: row.dueDate ?? '',
  description: row.description,
  reason: '',
});

export interface QueryChanges {
  priority?: QueryRow['priority'];
  type?: QueryRow['kind'];
  dueDate?: string | null;
  description?: string;
}

/** What differs from the query as it was read. */
export function queryChanges(row: QueryRow, v: EditQueryOutput): QueryChanges {
  const changes: QueryChanges = {};
  if (v.priority !== row.priority) changes.priority = v.priority;
  if (v.type !== row.kind) changes.type = v.type;
  if ((v.dueDate || null) !== row.dueDate) changes.dueDate = v.dueDate || null;
  if (v.description !== row.description) changes.description = v.description;
  return changes;
}
