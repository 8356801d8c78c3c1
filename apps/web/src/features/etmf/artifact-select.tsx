// The TMF Reference Model's artifacts (etmf.tree) as one select, grouped by zone and section: options
// read "02.01.02 Protocol". Artifacts that are approved before they count, or that expire, say so.
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/input';
import { useTmfTree } from './use-tmf-names';

export const ArtifactSelect = forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>((props, ref) => {
  const { t } = useTranslation('etmf');
  const tree = useTmfTree();
  return (
    <NativeSelect ref={ref} {...props}>
      <option value="">{tree.isPending ? t('upload.loading') : t('upload.chooseArtifact')}</option>
      {tree.data?.zones.flatMap((zone) =>
        zone.sections.map((section) => (
          <optgroup key={section.number} label={`${zone.number} ${zone.name} › ${section.number} ${section.name}`}>
            {section.artifacts.map((a) => (
              <option key={a.number} value={a.number}>
                {a.number} {a.name}
              </option>
            ))}
          </optgroup>
        )),
      )}
    </NativeSelect>
  );
});
ArtifactSelect.displayName = 'ArtifactSelect';

/** What the chosen artifact asks for: approval before it counts, an expiry date. */
export function useArtifactRules(number: string) {
  const tree = useTmfTree();
  for (const zone of tree.data?.zones ?? [])
    for (const section of zone.sections)
      for (const a of section.artifacts) if (a.number === number) return { needsApproval: a.needsApproval, expires: a.expires };
  return undefined;
}
