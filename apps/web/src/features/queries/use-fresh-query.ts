// The query a dialog acts on, and Reload after a stale-version refusal (CONFLICT): everything about
// queries is read again and the dialog continues from the stored version (the user's text is kept).
import { useState } from 'react';
import type { QueryRow } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';

export function useFreshQuery(initial: QueryRow) {
  const utils = trpc.useUtils();
  const [row, setRow] = useState(initial);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await utils.queries.invalidate();
      const page = await utils.queries.list.fetch({ search: row.queryId, limit: 10, offset: 0 });
      const latest = page.items.find((q) => q.id === row.id);
      if (latest) setRow(latest);
      return latest;
    } finally {
      setReloading(false);
    }
  };
  return { row, reload, reloading };
}
