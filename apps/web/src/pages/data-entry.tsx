// Intelligent data entry (/data-entry): choose study, subject and a visit's form (or arrive with them
// in the address: ?study=&patient=&visit=&form=, and &entry= for one saved entry, as the casebook's
// Open link gives), then enter it with the generic renderer. Before a subject is chosen the adverse
// event report is ready (spec), its patient chosen in the form.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { SubjectPicker } from '@/features/data-entry/subject-picker';
import { VisitFormsPanel } from '@/features/data-entry/visit-forms-panel';
import { FormEntry, type FormEntryTarget } from '@/features/data-entry/form-entry';
import { AdverseEventReport } from '@/features/data-entry/adverse-event-card';
import { useCan } from '@/lib/auth';

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export default function DataEntryPage() {
  const { t } = useTranslation('data-entry');
  const [params, setParams] = useSearchParams();
  const studyId = num(params.get('study'));
  const patientId = num(params.get('patient'));
  const formId = num(params.get('form'));
  const visitId = num(params.get('visit'));
  const entryId = num(params.get('entry'));
  const canEnter = useCan('data.enter');
  // A form chosen here (not one arrived at by its address) takes focus: on a phone it is below the list.
  const [chosen, setChosen] = useState(false);
  const set = (changes: Record<string, number | string | undefined | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  const target: FormEntryTarget | undefined =
    patientId && formId
      ? { formId, patientId, subjectVisitId: visitId, submissionId: entryId, defaultVisitDate: params.get('date') }
      : undefined;

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link to="/coding" className="text-sm font-medium text-primary hover:underline">
            {t('codingQueue')}
          </Link>
        }
      />
      <div className="grid gap-6">
        <SubjectPicker
          studyId={studyId}
          patientId={patientId}
          onStudy={(id) =>
            set({ study: id, patient: undefined, form: undefined, visit: undefined, entry: undefined, date: undefined })
          }
          onPatient={(id) => set({ patient: id, form: undefined, visit: undefined, entry: undefined, date: undefined })}
        />
        {patientId && (
          <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
            <VisitFormsPanel
              patientId={patientId}
              selected={target}
              onSelect={(s) => {
                setChosen(true);
                set({ form: s.formId, visit: s.subjectVisitId, entry: s.submissionId, date: s.defaultVisitDate });
              }}
            />
            <Card>
              <CardContent className="pt-5">
                {target ? (
                  <FormEntry
                    key={`${target.formId}-${target.patientId}-${target.subjectVisitId ?? 'any'}-${target.submissionId ?? ''}`}
                    target={target}
                    focusOnOpen={chosen}
                  />
                ) : (
                  <p className="text-sm text-muted-foreground">{t('chooseForm')}</p>
                )}
              </CardContent>
            </Card>
          </div>
        )}
        {!patientId && canEnter && <AdverseEventReport key={studyId ?? 'first'} studyId={studyId} />}
      </div>
    </div>
  );
}
