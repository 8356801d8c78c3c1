// A study's visit schedule (study detail, Forms tab): each visit's day from D0 and window, and which
// forms are due at it. Form builders tick the forms due and edit a visit's window in place; every
// change is audited with its reason (the defaults name what changed).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

type Visit = RouterOutputs['visits']['schedule']['visits'][number];

export function VisitScheduleCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('studies');
  const canBuild = useCan('form.build');
  const utils = trpc.useUtils();
  const schedule = trpc.visits.schedule.useQuery({ studyId });
  // A ticked box shows its new state at once, until the schedule read back says the same.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const onError = (e: unknown) => toast({ variant: 'destructive', title: t('schedule.failed'), description: serverError(e).message });
  const setDue = trpc.visits.setDueForms.useMutation({
    onSettled: async (_data, error, input) => {
      if (!error) await utils.visits.schedule.invalidate();
      else onError(error);
      setTicked((all) => Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith(`${input.visitDefinitionId}:`))));
    },
  });
  if (schedule.isPending) return <Skeleton className="h-40" />;
  if (schedule.error) return <ErrorState message={schedule.error.message} />;
  const { visits, forms } = schedule.data;
  const isDue = (v: Visit, formId: number) => ticked[`${v.id}:${formId}`] ?? v.formIds.includes(formId);
  const toggle = (v: Visit, formId: number, due: boolean) => {
    setTicked((all) => ({ ...all, [`${v.id}:${formId}`]: due }));
    const others = v.formIds.filter((id) => id !== formId);
    setDue.mutate({ visitDefinitionId: v.id, formIds: due ? [...others, formId] : others });
  };
  return (
    <Card data-testid="visit-schedule">
      <CardHeader>
        <CardTitle>{t('schedule.title')}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" aria-label={t('schedule.title')}>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th className="py-2 pr-3">{t('schedule.visit')}</th>
              <th className="py-2 pr-3">{t('schedule.day')}</th>
              <th className="py-2 pr-3">{t('schedule.window')}</th>
              {forms.map((f) => (
                <th key={f.id} className="py-2 pr-3 font-medium">
                  {f.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visits.map((v) => (
              <tr key={v.id} className="border-b last:border-0" data-testid={`schedule-${v.code}`}>
                <td className="py-2 pr-3 font-medium">
                  {v.name} <span className="font-mono text-xs text-muted-foreground">{v.code}</span>
                </td>
                <td className="py-2 pr-3 tabular-nums">{v.dayOffset}</td>
                <td className="py-2 pr-3">
                  {canBuild ? (
                    <WindowEditor visit={v} onError={onError} />
                  ) : (
                    t('schedule.windowText', { before: v.windowBefore, after: v.windowAfter })
                  )}
                </td>
                {forms.map((f) => (
                  <td key={f.id} className="py-2 pr-3">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={isDue(v, f.id)}
                      disabled={!canBuild || setDue.isPending}
                      onChange={(e) => toggle(v, f.id, e.target.checked)}
                      aria-label={t('schedule.due', { form: f.name, visit: v.name })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function WindowEditor({ visit, onError }: { visit: Visit; onError: (e: unknown) => void }) {
  const { t } = useTranslation('studies');
  const utils = trpc.useUtils();
  const [before, setBefore] = useState(String(visit.windowBefore));
  const [after, setAfter] = useState(String(visit.windowAfter));
  const update = trpc.visits.update.useMutation({
    onSuccess: () => utils.visits.schedule.invalidate(),
    onError,
  });
  const changed = before !== String(visit.windowBefore) || after !== String(visit.windowAfter);
  return (
    <div className="flex items-center gap-1">
      <span aria-hidden>−</span>
      <Input
        className="h-8 w-14"
        inputMode="numeric"
        value={before}
        onChange={(e) => setBefore(e.target.value)}
        aria-label={t('schedule.before', { visit: visit.name })}
      />
      <span aria-hidden>+</span>
      <Input
        className="h-8 w-14"
        inputMode="numeric"
        value={after}
        onChange={(e) => setAfter(e.target.value)}
        aria-label={t('schedule.after', { visit: visit.name })}
      />
      {changed && (
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({
              id: visit.id,
              version: visit.version,
              changes: { windowBefore: Number(before), windowAfter: Number(after) },
              reason: t('schedule.reason', { visit: visit.name }),
            })
          }
        >
          {t('schedule.save')}
        </Button>
      )}
    </div>
  );
}
