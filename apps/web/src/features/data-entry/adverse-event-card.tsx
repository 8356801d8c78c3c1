// The adverse event report (spec: /data-entry opens on it, the dashboard shows the same form): the
// study's published adverse event report form, entered and submitted for real with the generic entry.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { keepPreviousData } from '@tanstack/react-query';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubjectPicker } from './subject-picker';
import { FormEntry } from './form-entry';

/** The study's published adverse event report form (category Safety), if any. */
function useAeForm(studyId: number | undefined) {
  const forms = trpc.forms.list.useQuery(
    { studyId, status: 'active', search: 'Adverse Event', limit: 10 },
    { enabled: !!studyId },
  );
  return { forms, aeForm: forms.data?.items.find((f) => f.category === 'Safety') };
}

/** Dashboard: pick a study and a subject, then the report. */
export function AdverseEventCard() {
  const { t } = useTranslation('data-entry');
  const [studyId, setStudyId] = useState<number>();
  const [patientId, setPatientId] = useState<number>();
  const { forms, aeForm } = useAeForm(studyId);
  return (
    <Card data-testid="ae-card">
      <CardHeader>
        <CardTitle>{t('aeCard.title')}</CardTitle>
        <CardDescription>{t('aeCard.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <SubjectPicker
          studyId={studyId}
          patientId={patientId}
          onStudy={(id) => {
            setStudyId(id);
            setPatientId(undefined);
          }}
          onPatient={setPatientId}
          idPrefix="ae"
        />
        {studyId && forms.data && !aeForm && (
          <p className="text-sm text-muted-foreground">{t('aeCard.noForm')}</p>
        )}
        {patientId && aeForm && (
          <FormEntry
            key={`${aeForm.id}-${patientId}`}
            target={{ formId: aeForm.id, patientId }}
            onSaved={() => setPatientId(undefined)}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** /data-entry on arrival: the report ready for the page's study (else the first the user sees), the
 *  patient chosen in the form (the spec's patientId field). A saved report gives way to a new one. */
export function AdverseEventReport({ studyId: chosenStudy }: { studyId: number | undefined }) {
  const { t } = useTranslation('data-entry');
  const studies = trpc.studies.list.useQuery({ limit: 100 }, { enabled: !chosenStudy });
  const studyId = chosenStudy ?? studies.data?.items[0]?.id;
  const { forms, aeForm } = useAeForm(studyId);
  const [search, setSearch] = useState('');
  const patients = trpc.patients.list.useQuery(
    { studyId, search: search.trim() || undefined, limit: 100 },
    { enabled: !!studyId, placeholderData: keepPreviousData },
  );
  const [patientId, setPatientId] = useState<number>();
  const [round, setRound] = useState(0);
  return (
    // The form's own heading (the form's name) titles the card.
    <Card data-testid="ae-report">
      <CardContent className="pt-5">
        {studyId && forms.data && !aeForm && (
          <p className="text-sm text-muted-foreground">{t('aeCard.noForm')}</p>
        )}
        {aeForm && (
          <FormEntry
            key={`${aeForm.id}-${round}`}
            target={{ formId: aeForm.id, patientId }}
            onSaved={() => {
              setPatientId(undefined);
              setRound((r) => r + 1);
            }}
            subject={(errorId) => (
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="grid gap-1.5">
                  <Label htmlFor="ae-report-patient-search">{t('aeCard.findPatient')}</Label>
                  <Input
                    id="ae-report-patient-search"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    placeholder={t('findSubjectPlaceholder')}
                    maxLength={100}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="ae-report-patient">{t('aeCard.patient')}</Label>
                  <NativeSelect
                    id="ae-report-patient"
                    value={patientId ?? ''}
                    onChange={(e) => setPatientId(e.target.value ? Number(e.target.value) : undefined)}
                    aria-describedby={errorId}
                    aria-invalid={errorId ? true : undefined}
                  >
                    <option value="">{t('chooseSubject')}</option>
                    {patients.data?.items.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.patientId} · {p.siteName}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              </div>
            )}
          />
        )}
      </CardContent>
    </Card>
  );
}
