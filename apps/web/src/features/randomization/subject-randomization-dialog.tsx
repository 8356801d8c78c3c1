// Randomization on a subject's card: one button opening a dialog that reads the subject's randomization
// (randomization.subject). Not yet randomized: the site staff answer every eligibility criterion, give
// the stratum values entered by hand (site and country shown as taken from the site), confirm, and get
// the randomization number (and the arm only when they may see arms). Randomized: the number, time,
// stratum values, the arm when allowed, whether the subject was unblinded, and the investigator's
// Emergency unblinding, and the documented correction for the unblinded data manager or an
// administrator. The server checks everything again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Shuffle } from 'lucide-react';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { serverError, type ServerError } from '@/lib/server-error';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { SubjectKits } from './subject-kits';
import { CorrectAllocationForm } from './correct-allocation-form';
import { EmergencyUnblindForm } from './emergency-unblind-form';
import { RandomizeForm } from './randomize-form';

export type SubjectRandomization = RouterOutputs['randomization']['subject'];
export type RandomizeAnswer = RouterOutputs['randomization']['randomize'];

export function SubjectRandomizationDialog({ patientId, subjectCode }: { patientId: number; subjectCode: string }) {
  const { t } = useTranslation('randomization');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="w-full" data-testid="randomization-open">
          <Shuffle /> {t('subject.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('subject.title', { code: subjectCode })}</DialogTitle>
          <DialogDescription>{t('subject.help')}</DialogDescription>
        </DialogHeader>
        {open && <SubjectRandomizationBody patientId={patientId} />}
      </DialogContent>
    </Dialog>
  );
}

function SubjectRandomizationBody({ patientId }: { patientId: number }) {
  const { t } = useTranslation('randomization');
  const query = trpc.randomization.subject.useQuery({ patientId });
  const [answer, setAnswer] = useState<RandomizeAnswer | null>(null);
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.error) return <WriteErrorNotice error={serverError(query.error) as ServerError} />;
  const s = query.data;
  const labels = Object.fromEntries(s.factors.map((f) => [f.key, f.label]));
  if (answer) {
    return (
      <div className="grid gap-3">
        <RandomizedSummary number={answer.randomizationNumber} at={answer.allocatedAt} values={answer.stratumValues} labels={labels} arm={answer.arm} />
        <SubjectKits patientId={answer.patientId} fresh={answer.kits} />
      </div>
    );
  }
  if (!s.randomized) {
    if (s.canRandomize) return <RandomizeForm subject={s} onDone={setAnswer} />;
    return (
      <p className="text-sm text-muted-foreground" data-testid="randomization-not-possible">
        {s.schemeLive ? t('subject.notRandomized') : t('subject.noLiveScheme')}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <RandomizedSummary number={s.randomizationNumber!} at={s.allocatedAt!} values={s.stratumValues ?? {}} labels={labels} arm={s.arm} by={s.allocatedBy} />
      <SubjectKits patientId={s.patientId} />
      {s.unblinded && (
        <div className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm" data-testid="subject-unblinded">
          <p className="font-medium">{t('subject.unblinded')}</p>
          <ul className="text-muted-foreground">
            {s.unblindings.map((u) => (
              <li key={u.id}>{t('subject.unblindedBy', { name: u.userName, at: formatDateTime(u.occurredAt) })}</li>
            ))}
          </ul>
        </div>
      )}
      {s.corrected && (
        <p className="rounded-md border border-border p-3 text-sm" data-testid="subject-corrected">
          {t('correct.corrected', { at: formatDateTime(s.correctedAt!) })}
        </p>
      )}
      {s.canUnblind && !s.arm && <EmergencyUnblindForm patientId={s.patientId} />}
      {s.canCorrect && <CorrectAllocationForm patientId={s.patientId} studyId={s.studyId} currentArmId={s.arm?.id ?? null} />}
    </div>
  );
}

function RandomizedSummary({
  number,
  at,
  values,
  labels,
  arm,
  by,
}: {
  number: string;
  at: string;
  values: Record<string, string>;
  /** Factor key -> its label. */
  labels: Record<string, string>;
  arm: { code: string; name: string } | null;
  by?: string | null;
}) {
  const { t } = useTranslation('randomization');
  const rows: [string, string, string][] = [
    [t('subject.number'), number, 'randomization-number'],
    [t('subject.at'), formatDateTime(at), 'randomization-time'],
    ...Object.entries(values).map(([k, v]): [string, string, string] => [labels[k] ?? k, v, `stratum-${k}`]),
    ...(by ? [[t('subject.by'), by, 'randomization-by'] as [string, string, string]] : []),
    [t('subject.arm'), arm ? `${arm.name} (${arm.code})` : t('subject.armHidden'), 'randomization-arm'],
  ];
  return (
    <dl className="grid gap-1 text-sm" data-testid="randomization-summary">
      {rows.map(([label, value, id]) => (
        <div key={id} className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right font-medium" data-testid={id}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
