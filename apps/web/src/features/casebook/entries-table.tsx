// The casebook's form entries grouped by visit (in the visit schedule's order), entries without a
// visit under "Any time".
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EntryRow, ENTRY_COLUMNS } from './entry-row';
import type { AuditState } from './entry-history';
import type { Casebook, CasebookEntry } from './types';

function byVisit(entries: CasebookEntry[]) {
  const groups = new Map<string, { name: string | null; entries: CasebookEntry[] }>();
  for (const e of entries) {
    const key = e.visitCode ?? e.visitName ?? '';
    const group = groups.get(key) ?? { name: e.visitName, entries: [] };
    group.entries.push(e);
    groups.set(key, group);
  }
  return [...groups.entries()];
}

export function EntriesTable({ casebook, audit }: { casebook: Casebook; audit: AuditState | null }) {
  const { t } = useTranslation('casebook');
  const { patient, entries } = casebook;
  // Kits dispensed at each visit (trial supply): the kit number only, never its kit type or treatment.
  const kits = trpc.supply.subjectKits.useQuery({ patientId: patient.id });
  const kitsAt = (visitCode: string) => (kits.data ?? []).filter((k) => k.visitCode === visitCode).map((k) => k.kitNumber);
  const head = ['form', 'visitDate', 'status', 'flags', 'queries', 'actions'] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('entries.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('entries.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted-foreground">
                  {head.map((h) => (
                    <th key={h} scope="col" className={h === 'actions' ? 'px-3 py-2 text-right font-medium' : 'px-3 py-2 font-medium'}>
                      {t(`entries.${h}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              {byVisit(entries).map(([key, group]) => (
                <tbody key={key} data-testid="casebook-visit" data-visit-code={key || undefined}>
                  <tr className="bg-muted/50">
                    <th scope="rowgroup" colSpan={ENTRY_COLUMNS} className="px-3 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                      {group.name ?? t('entries.anyTime')}
                      {kitsAt(key).map((n) => (
                        <span key={n} className="ml-2 font-mono normal-case tracking-normal text-slate-500" data-testid="visit-kit">
                          {t('entries.kit', { number: n })}
                        </span>
                      ))}
                    </th>
                  </tr>
                  {group.entries.map((e) => (
                    <EntryRow
                      key={e.id}
                      entry={e}
                      audit={audit}
                      openHref={`/data-entry?study=${patient.studyId}&patient=${patient.id}&form=${e.formId}&entry=${e.id}`}
                    />
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
