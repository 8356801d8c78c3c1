// The dashboard's adverse event report (spec: the same form as /data-entry, in the left column): pick
// a subject, then the study's published adverse event report form, entered and submitted for real.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SubjectPicker } from './subject-picker';
import { FormEntry } from './form-entry';

export function AdverseEventCard() {
  const { t } = useTranslation('data-entry');
  const [studyId, setStudyId] = useState<number>();
  const [patientId, setPatientId] = useState<number>();
  const forms = trpc.forms.list.useQuery(
    { studyId, status: 'active', search: 'Adverse Event', limit: 10 },
    { enabled: !!studyId },
  );
  const aeForm = forms.data?.items.find((f) => f.category === 'Safety');
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
          onStudy={setStudyId}
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
