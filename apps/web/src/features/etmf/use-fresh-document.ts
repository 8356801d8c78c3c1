// The document a step dialog acts on, and Reload after a stale-version refusal (CONFLICT): the eTMF's
// data is read again and the dialog continues from the stored version (what the user typed is kept).
import { useState } from 'react';
import { trpc } from '@/lib/trpc';
import type { DocumentRow } from './document-actions';

export function useFreshDocument(initial: DocumentRow) {
  const utils = trpc.useUtils();
  const [row, setRow] = useState(initial);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await utils.etmf.invalidate();
      const latest = await utils.etmf.byId.fetch({ id: row.id });
      setRow(latest);
      return latest;
    } finally {
      setReloading(false);
    }
  };
  return { row, reload, reloading };
}
