// A study's visit schedule (study detail, Forms tab): each visit's day from D0 and window, and which
// forms are due at it. Form builders tick the forms due and edit a visit's window in place; every
// change is audited with its reason (the defaults name what changed). Names stay readable in a wide grid:
// the visit column stays in place while the forms scroll, form names wrap and carry their full name. A
// tick says it is saving, then saved, or that it was not saved (and goes back).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, Check, Loader2 } from 'lucide-react';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ErrorState } from '@/components/ui/states';

type Visit = RouterOutputs['visits']['schedule']['visits'][number];

export function VisitScheduleCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('studies');
  const canBuild = useCan('form.build');
  const utils = trpc.useUtils();
  const schedule = trpc.visits.schedule.useQuery({ studyId });
  // A ticked box shows its new state at once, until the schedule read back says the same (or, on an
  // error, goes back to it).
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  // The last tick's fate, said beside the box and in the card's live region.
  const [tick, setTick] = useState<Tick>();
  const onError = (e: unknown) =>
    toast({ variant: 'destructive', title: t('schedule.failed'), description: serverError(e).message });
  const setDue = trpc.visits.setDueForms.useMutation({
    onSettled: async (_data, error, input) => {
      if (!error) await utils.visits.schedule.invalidate();
      else onError(error);
      setTicked((all) =>
        Object.fromEntries(
          Object.entries(all).filter(([key]) => !key.startsWith(`${input.visitDefinitionId}:`)),
        ),
      );
      setTick((last) => last && { ...last, state: error ? 'error' : 'saved' });
    },
  });
  if (schedule.isPending) return <Skeleton className="h-40" />;
  if (schedule.error) return <ErrorState message={schedule.error.message} />;
  const { visits, forms } = schedule.data;
  const isDue = (v: Visit, formId: number) => ticked[`${v.id}:${formId}`] ?? v.formIds.includes(formId);
  const toggle = (v: Visit, form: { id: number; name: string }, due: boolean) => {
    const formId = form.id;
    setTicked((all) => ({ ...all, [`${v.id}:${formId}`]: due }));
    setTick({ key: `${v.id}:${formId}`, form: form.name, visit: v.name, due, state: 'saving' });
    const others = v.formIds.filter((id) => id !== formId);
    setDue.mutate({ visitDefinitionId: v.id, formIds: due ? [...others, formId] : others });
  };
  return (
    <Card data-testid="visit-schedule">
      <CardHeader>
        <CardTitle>{t('schedule.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="overflow-x-auto" data-testid="schedule-scroll">
          <table className="w-full text-sm" aria-label={t('schedule.title')}>
            <thead>
              <tr className="border-b text-left align-bottom text-xs text-muted-foreground">
                <th scope="col" className={cn(STICKY, 'py-2 pr-3')}>
                  {t('schedule.visit')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('schedule.day')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('schedule.window')}
                </th>
                {forms.map((f) => (
                  <th
                    key={f.id}
                    scope="col"
                    title={f.name}
                    className="min-w-[5.5rem] max-w-[8rem] py-2 pr-3 font-medium break-words hyphens-auto"
                    data-testid="schedule-form"
                  >
                    {f.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {visits.map((v) => (
                <tr key={v.id} className="border-b last:border-0" data-testid={`schedule-${v.code}`}>
                  <th
                    scope="row"
                    className={cn(STICKY, 'py-2 pr-3 text-left font-medium')}
                    data-testid="schedule-visit"
                  >
                    {v.name} <span className="font-mono text-xs text-muted-foreground">{v.code}</span>
                  </th>
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
                      <span className="flex items-center gap-1">
                        <input
                          type="checkbox"
                          className="h-4 w-4"
                          checked={isDue(v, f.id)}
                          disabled={!canBuild || setDue.isPending}
                          onChange={(e) => toggle(v, f, e.target.checked)}
                          aria-label={t('schedule.due', { form: f.name, visit: v.name })}
                        />
                        {tick?.key === `${v.id}:${f.id}` && <TickIcon state={tick.state} />}
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p
          role="status"
          className={cn(
            'min-h-5 text-xs',
            tick?.state === 'error' ? 'text-destructive' : 'text-muted-foreground',
          )}
          data-testid="schedule-status"
        >
          {tick &&
            t(`schedule.tick.${tick.state}`, {
              form: tick.form,
              visit: tick.visit,
              context: tick.due ? 'due' : 'notDue',
            })}
        </p>
      </CardContent>
    </Card>
  );
}

interface Tick {
  key: string;
  form: string;
  visit: string;
  due: boolean;
  state: 'saving' | 'saved' | 'error';
}

/** The visit column stays in view while the form columns scroll under it. */
const STICKY = 'sticky left-0 z-10 min-w-[9rem] bg-white';

function TickIcon({ state }: { state: Tick['state'] }) {
  if (state === 'saving')
    return <Loader2 className="h-3.5 w-3.5 animate-spin text-muted-foreground" aria-hidden />;
  if (state === 'saved') return <Check className="h-3.5 w-3.5 text-green-600" aria-hidden />;
  return <AlertCircle className="h-3.5 w-3.5 text-destructive" aria-hidden />;
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
