// The list's selection: select-all (every subject the filter matches, on all pages) or ticked ids,
// kept across pages and sorts. Changing the filter (study, search, archived) clears it; unchecking any
// row while select-all is on clears select-all, leaving nothing ticked.
import { useState } from 'react';

export interface InclusionSelectionState {
  all: boolean;
  ids: ReadonlySet<number>;
}

const NONE: InclusionSelectionState = { all: false, ids: new Set() };

export function useSelection(filterKey: string, total: number) {
  const [state, setState] = useState<InclusionSelectionState>(NONE);
  const [key, setKey] = useState(filterKey);
  if (key !== filterKey) {
    setKey(filterKey);
    setState(NONE);
  }

  const isSelected = (id: number) => state.all || state.ids.has(id);
  const toggleAll = () => setState((s) => (s.all ? NONE : { all: true, ids: new Set() }));
  const toggleRow = (id: number) =>
    setState((s) => {
      if (s.all) return NONE;
      const ids = new Set(s.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { all: false, ids };
    });

  return {
    all: state.all,
    count: state.all ? total : state.ids.size,
    /** The selection as the server takes it, or null when nothing is selected. */
    payload: state.all ? { all: true as const } : state.ids.size ? { ids: [...state.ids] } : null,
    partial: !state.all && state.ids.size > 0,
    isSelected,
    toggleAll,
    toggleRow,
    clear: () => setState(NONE),
  };
}

export type Selection = ReturnType<typeof useSelection>;
