// A study's or trial's phase in the reader's language ("Fase II", "第II相"). The phase is stored as the
// spec's English value ("Phase II"), which the REST paths and exports keep.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from './badge';

/** The phase's words in the language of `t` (any namespace), the stored value when it is not a known phase. */
export function phaseLabel(t: TFunction, phase: string): string {
  return t(`phases.${phase}`, { ns: 'common', defaultValue: phase });
}

export function PhaseBadge({ phase }: { phase: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge tone="info" className="whitespace-nowrap" data-phase={phase}>
      {phaseLabel(t, phase)}
    </Badge>
  );
}
