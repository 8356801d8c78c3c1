// Trial detail tab Design: the study's arms, each with its elements in order grouped by epoch, and the
// elements table (SDTM TA and TE come from them). Admins and study managers add, edit and delete arms
// and elements and edit each arm's sequence; for everyone else the buttons are disabled and say why.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListOrdered, Pencil, Plus, Trash2 } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { ArmDialog } from './arm-dialog';
import { ElementDialog } from './element-dialog';
import { SequenceDialog } from './sequence-dialog';
import { DeleteDesignDialog } from './delete-dialog';
import { stepsByEpoch, type DesignArm, type StudyDesign } from './use-design';

export function TrialDesignTab({ studyId }: { studyId: number }) {
  const { t } = useTranslation('design');
  const canManage = useCan('design.manage');
  const design = trpc.design.byStudy.useQuery({ studyId });
  if (design.isPending) return <Skeleton className="h-72" data-testid="design-loading" />;
  if (design.error) return <ErrorState message={design.error.message} />;
  const d = design.data;
  // A disabled control says why (a title and the note under the heading).
  const guard = (button: ReactNode, dialog: (trigger: React.ReactElement) => ReactNode) =>
    canManage ? dialog(button as React.ReactElement) : button;
  const disabledProps = canManage ? {} : { disabled: true, title: t('readOnly') };
  return (
    <div className="grid gap-6" data-testid="design-tab">
      {!canManage && <p className="text-sm text-muted-foreground">{t('readOnly')}</p>}
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t('arms.title')}</CardTitle>
          {guard(
            <Button size="sm" {...disabledProps}>
              <Plus /> {t('arm.add')}
            </Button>,
            (trigger) => <ArmDialog studyId={studyId} nextOrder={(d.arms.at(-1)?.order ?? 0) + 1} trigger={trigger} />,
          )}
        </CardHeader>
        <CardContent>
          {d.arms.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('arms.none')}</p>
          ) : (
            <ol className="grid gap-3">
              {d.arms.map((arm) => (
                <ArmRow key={arm.id} arm={arm} design={d} studyId={studyId} canManage={canManage} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t('elements.title')}</CardTitle>
          {guard(
            <Button size="sm" {...disabledProps}>
              <Plus /> {t('element.add')}
            </Button>,
            (trigger) => <ElementDialog studyId={studyId} trigger={trigger} />,
          )}
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {d.elements.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('elements.none')}</p>
          ) : (
            <table className="w-full text-sm" data-testid="elements-table">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">{t('element.code')}</th>
                  <th className="py-2 pr-3 font-medium">{t('element.name')}</th>
                  <th className="py-2 pr-3 font-medium">{t('element.startRule')}</th>
                  <th className="py-2 pr-3 font-medium">{t('element.endRule')}</th>
                  <th className="py-2 pr-3 font-medium">{t('element.duration')}</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">{t('actions.label')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.elements.map((e) => (
                  <tr key={e.id} className="border-t border-border align-top" data-testid="element-row">
                    <td className="py-2 pr-3 font-mono font-semibold">{e.code}</td>
                    <td className="py-2 pr-3">{e.name}</td>
                    <td className="py-2 pr-3 text-muted-foreground">{e.startRule}</td>
                    <td className="py-2 pr-3 text-muted-foreground">{e.endRule ?? '—'}</td>
                    <td className="py-2 pr-3 font-mono">{e.plannedDuration ?? '—'}</td>
                    <td className="py-2 whitespace-nowrap text-right">
                      {guard(
                        <Button variant="ghost" size="sm" aria-label={t('element.editLabel', { code: e.code })} {...disabledProps}>
                          <Pencil />
                        </Button>,
                        (trigger) => <ElementDialog studyId={studyId} element={e} trigger={trigger} />,
                      )}
                      {guard(
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t('element.deleteLabel', { code: e.code })}
                          {...(canManage && e.usedByArms > 0 ? { disabled: true, title: t('element.inUse', { count: e.usedByArms }) } : disabledProps)}
                        >
                          <Trash2 />
                        </Button>,
                        (trigger) => (e.usedByArms > 0 ? trigger : <DeleteDesignDialog kind="element" record={e} trigger={trigger} />),
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ArmRow({ arm, design, studyId, canManage }: { arm: DesignArm; design: StudyDesign; studyId: number; canManage: boolean }) {
  const { t } = useTranslation('design');
  const disabledProps = canManage ? {} : { disabled: true, title: t('readOnly') };
  const guard = (button: React.ReactElement, dialog: (trigger: React.ReactElement) => ReactNode) => (canManage ? dialog(button) : button);
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3" data-testid="arm-row" data-arm-code={arm.code}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold">{arm.code}</span>
            <span className="font-medium" data-testid="arm-name">
              {arm.name}
            </span>
            <Badge>{t('arm.subjects', { count: arm.subjects })}</Badge>
          </div>
          {arm.description && <p className="text-sm text-muted-foreground">{arm.description}</p>}
        </div>
        <div className="flex flex-wrap gap-1">
          {guard(
            <Button variant="outline" size="sm" {...disabledProps}>
              <ListOrdered /> {t('sequence.edit')}
            </Button>,
            (trigger) => <SequenceDialog arm={arm} elements={design.elements} trigger={trigger} />,
          )}
          {guard(
            <Button variant="ghost" size="sm" aria-label={t('arm.editLabel', { code: arm.code })} {...disabledProps}>
              <Pencil />
            </Button>,
            (trigger) => <ArmDialog studyId={studyId} arm={arm} nextOrder={arm.order} trigger={trigger} />,
          )}
          {guard(
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('arm.deleteLabel', { code: arm.code })}
              {...(canManage && arm.subjects > 0 ? { disabled: true, title: t('arm.inUse', { count: arm.subjects }) } : disabledProps)}
            >
              <Trash2 />
            </Button>,
            (trigger) => (arm.subjects > 0 ? trigger : <DeleteDesignDialog kind="arm" record={arm} trigger={trigger} />),
          )}
        </div>
      </div>
      {arm.steps.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('sequence.none')}</p>
      ) : (
        <div className="flex flex-wrap gap-3" data-testid="arm-epochs">
          {stepsByEpoch(arm.steps).map((group, g) => (
            <div key={g} className="grid content-start gap-1 rounded-md bg-muted/50 p-2">
              <span className="text-xs font-semibold tracking-wide text-muted-foreground">{group.epoch}</span>
              <ol className="flex flex-wrap gap-1">
                {group.steps.map((s) => (
                  <li key={s.position} className="rounded border border-border bg-white px-2 py-1 text-xs" title={s.branch ?? s.transition ?? undefined}>
                    <span className="tabular-nums text-muted-foreground">{s.position}.</span> <span className="font-mono font-semibold">{s.elementCode}</span> {s.elementName}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      )}
    </li>
  );
}
