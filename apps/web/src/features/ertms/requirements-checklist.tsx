// The artifacts a submission type requires before Submit: each linked (a document of that artifact is
// linked) and approved (one of them is approved), as the server checks them.
import { useTranslation } from 'react-i18next';
import { CheckCircle2, CircleDashed, CircleAlert } from 'lucide-react';

export interface Requirement {
  artifactNumber: string;
  artifactName: string | null;
  linked: boolean;
  approved: boolean;
}

export function RequirementsChecklist({ requirements, onFind }: { requirements: Requirement[]; /** Offers to find an artifact's documents. */ onFind?: (artifactNumber: string) => void }) {
  const { t } = useTranslation('ertms');
  if (requirements.length === 0) {
    return <p className="text-sm text-muted-foreground" data-testid="requirements-none">{t('requirements.none')}</p>;
  }
  return (
    <ul className="grid gap-1.5" data-testid="requirements">
      {requirements.map((r) => {
        const state = r.approved ? 'approved' : r.linked ? 'linked' : 'missing';
        const Icon = r.approved ? CheckCircle2 : r.linked ? CircleAlert : CircleDashed;
        const tone = r.approved ? 'text-green-600' : r.linked ? 'text-orange-500' : 'text-red-600';
        return (
          <li key={r.artifactNumber} className="flex items-start gap-2 text-sm" data-testid="requirement" data-artifact={r.artifactNumber} data-state={state}>
            <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${tone}`} aria-hidden />
            <span className="min-w-0 flex-1">
              <span className="font-mono text-xs">{r.artifactNumber}</span> {r.artifactName}
              {onFind && !r.approved && (
                <button type="button" className="ml-2 text-xs text-primary hover:underline" onClick={() => onFind(r.artifactNumber)}>
                  {t('requirements.find')}
                </button>
              )}
            </span>
            <span className={`shrink-0 text-xs ${tone}`}>{t(`requirements.${state}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
