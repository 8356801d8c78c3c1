// Trial detail tab Budget: total, utilised (sum of actual amounts) and remaining, and the budget lines
// with planned and actual amounts; add and edit lines for roles that manage trials.
import { useTranslation } from 'react-i18next';
import { Pencil, Plus } from 'lucide-react';
import { useCan } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { BudgetLineDialog, type BudgetLine } from './budget-line-dialog';
import type { TrialDetail } from './trial-header';

export function TrialBudgetTab({
  trial,
  reload,
}: {
  trial: TrialDetail;
  reload: () => Promise<TrialDetail | undefined>;
}) {
  const { t } = useTranslation('ctms');
  const canManage = useCan('trial.manage');
  const money = (n: number) => formatMoney(n, trial.budget.currency);
  const reloadOne = (id: number) => async (): Promise<BudgetLine | undefined> =>
    (await reload())?.budgetLines.find((b) => b.id === id);
  // Lines may plan more than the trial's budget (an amendment not yet recorded): allowed, but said.
  const planned = trial.budgetLines.reduce((sum, b) => sum + b.plannedAmount, 0);
  const overPlanned = planned - trial.budget.total;
  const tiles = [
    { key: 'total', value: trial.budget.total },
    { key: 'utilized', value: trial.budget.utilized, hint: `${Math.round(trial.budget.percentage)}%` },
    { key: 'remaining', value: trial.budget.remaining },
  ];
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {tiles.map((tile) => (
          <Card key={tile.key} data-testid={`budget-${tile.key}`}>
            <CardContent className="pt-5">
              <div className="text-sm text-muted-foreground">{t(`budget.${tile.key}`)}</div>
              <div className={tile.value < 0 ? 'text-2xl font-bold text-red-600' : 'text-2xl font-bold'}>
                {money(tile.value)}
              </div>
              {tile.hint && <div className="text-xs text-muted-foreground">{tile.hint}</div>}
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t('budget.lines')}</CardTitle>
          {canManage && (
            <BudgetLineDialog
              studyId={trial.dbId}
              reload={async () => undefined}
              trigger={
                <Button size="sm">
                  <Plus /> {t('budget.add')}
                </Button>
              }
            />
          )}
        </CardHeader>
        <CardContent className="overflow-x-auto">
          {overPlanned > 0 && (
            <p role="status" data-testid="budget-over-planned" className="mb-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800">
              {t('budget.overPlanned', { planned: money(planned), over: money(overPlanned), total: money(trial.budget.total) })}
            </p>
          )}
          {trial.budgetLines.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('budget.noLines')}</p>
          ) : (
            <table className="w-full text-sm">
              <thead className="text-left text-xs uppercase text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">{t('budget.category')}</th>
                  <th className="py-2 pr-3 font-medium">{t('budget.description')}</th>
                  <th className="py-2 pr-3 text-right font-medium">{t('budget.planned')}</th>
                  <th className="py-2 pr-3 text-right font-medium">{t('budget.actual')}</th>
                  {canManage && <th className="py-2" />}
                </tr>
              </thead>
              <tbody>
                {trial.budgetLines.map((b) => (
                  <tr key={b.id} className="border-t border-border" data-testid="budget-line">
                    <td className="py-2 pr-3">
                      {t(`budgetCategories.${b.category}`, { defaultValue: b.category })}
                    </td>
                    <td className="py-2 pr-3 text-muted-foreground">{b.description || '—'}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{money(b.plannedAmount)}</td>
                    <td
                      className={
                        b.actualAmount > b.plannedAmount
                          ? 'py-2 pr-3 text-right tabular-nums text-red-600'
                          : 'py-2 pr-3 text-right tabular-nums'
                      }
                    >
                      {money(b.actualAmount)}
                    </td>
                    {canManage && (
                      <td className="py-2 text-right">
                        <BudgetLineDialog
                          studyId={trial.dbId}
                          line={b}
                          reload={reloadOne(b.id)}
                          trigger={
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t('budget.editLabel', { category: b.category })}
                            >
                              <Pencil /> {t('budget.edit')}
                            </Button>
                          }
                        />
                      </td>
                    )}
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
