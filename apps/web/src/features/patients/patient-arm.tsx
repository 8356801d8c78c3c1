// The subject's planned (randomised) and actual arm on its card, and Assign arm for the staff who may
// change a subject's status (the server checks role and site scope again). In a blinded study the server
// gives blinded roles no arm (armsHidden): the card then says the study is blinded, with no arm and no Assign arm.
// A subject unblinded in an emergency says so on the card, to every reader (never the arm).
import { useTranslation } from 'react-i18next';
import { Split } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Skeleton } from '@/components/ui/skeleton';
import { AssignArmDialog } from './assign-arm-dialog';

export function PatientArm({ patientId }: { patientId: number }) {
  const { t } = useTranslation('design');
  const { t: tr } = useTranslation('randomization');
  const canAssign = useCan('patient.updateStatus');
  const arm = trpc.design.subjectArm.useQuery({ patientId });
  if (arm.isPending) return <Skeleton className="h-10" />;
  if (arm.error) return null;
  const a = arm.data;
  const unblinded = a.unblinded && (
    <p className="text-xs font-medium text-amber-700 dark:text-amber-300" data-testid="arm-unblinded">
      {tr('subject.unblinded')}
    </p>
  );
  if (a.armsHidden) {
    return (
      <div className="grid gap-1">
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="arm-blinded">
          <Split className="h-3.5 w-3.5" aria-hidden /> {t('subject.blinded')}
        </p>
        {unblinded}
      </div>
    );
  }
  const label = (x: { code: string; name: string } | null) => (x ? `${x.name} (${x.code})` : t('subject.none'));
  return (
    <div className="grid gap-1 text-xs" data-testid="patient-arm">
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Split className="h-3.5 w-3.5" aria-hidden /> {t('subject.planned')}
        </span>
        <span className="text-right font-medium" data-testid="planned-arm">
          {label(a.plannedArm)}
        </span>
      </div>
      <div className="flex items-center justify-between gap-2">
        <span className="pl-5 text-muted-foreground">{t('subject.actual')}</span>
        <span className="text-right font-medium" data-testid="actual-arm">
          {label(a.actualArm)}
        </span>
      </div>
      {unblinded}
      {canAssign && <AssignArmDialog subject={a} />}
    </div>
  );
}
