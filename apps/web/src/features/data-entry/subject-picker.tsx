// Study and subject choice for data entry: the studies the user sees, then a subject found by code
// (server-side search, site staff see their own sites' subjects only). A new study is one change
// (onStudy): the parent clears its subject with it. Calling onPatient as well made a second update from
// the same render's state, and on /data-entry (state in the address) that second update wrote back the
// old study: the drop-down snapped back to 'Choose a study'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function SubjectPicker({
  studyId,
  patientId,
  onStudy,
  onPatient,
  idPrefix = 'entry',
}: {
  studyId: number | undefined;
  patientId: number | undefined;
  /** A new study: the parent clears the subject in the same update. */
  onStudy: (id: number | undefined) => void;
  onPatient: (id: number | undefined) => void;
  idPrefix?: string;
}) {
  const { t } = useTranslation('data-entry');
  const [search, setSearch] = useState('');
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const patients = trpc.patients.list.useQuery(
    { studyId, search: search.trim() || undefined, limit: 25 },
    { enabled: !!studyId, placeholderData: keepPreviousData },
  );
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-study`}>{t('study')}</Label>
        <NativeSelect
          id={`${idPrefix}-study`}
          value={studyId ?? ''}
          onChange={(e) => onStudy(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">{t('chooseStudy')}</option>
          {studies.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.studyId} — {s.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-subject-search`}>{t('findSubject')}</Label>
        <Input
          id={`${idPrefix}-subject-search`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('findSubjectPlaceholder')}
          disabled={!studyId}
          maxLength={100}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-subject`}>{t('subject')}</Label>
        <NativeSelect
          id={`${idPrefix}-subject`}
          value={patientId ?? ''}
          onChange={(e) => onPatient(e.target.value ? Number(e.target.value) : undefined)}
          disabled={!studyId}
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
  );
}
