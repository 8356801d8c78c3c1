// Names of the TMF Reference Model's zones, sections and artifacts by number, from etmf.tree (read once
// and kept: the model changes only with a migration).
import { useMemo } from 'react';
import { trpc } from '@/lib/trpc';

export function useTmfTree() {
  return trpc.etmf.tree.useQuery({});
}

export function useTmfNames(): Map<string, string> {
  const tree = useTmfTree();
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const zone of tree.data?.zones ?? []) {
      names.set(zone.number, zone.name);
      for (const section of zone.sections) {
        names.set(section.number, section.name);
        for (const artifact of section.artifacts) names.set(artifact.number, artifact.name);
      }
    }
    return names;
  }, [tree.data]);
}
