// The study the list shows: its code and title (the study label) and a select to change it.
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { NativeSelect } from '@/components/ui/input';

interface StudyOption {
  id: number;
  studyId: string;
  title: string;
}

export function StudyPicker({
  studies,
  studyId,
  study,
  onChange,
}: {
  studies: StudyOption[];
  studyId: number;
  /** The study as the list returned it (shown once loaded). */
  study: StudyOption | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('inclusions');
  const shown = study ?? studies.find((s) => s.id === studyId);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="flex min-w-0 items-center gap-2 text-sm" data-testid="study-label">
        <Badge tone="primary">{shown?.studyId ?? `#${studyId}`}</Badge>
        {shown && <span className="truncate font-medium">{shown.title}</span>}
      </p>
      <label className="ml-auto flex items-center gap-2 text-sm text-muted-foreground">
        {t('study.label')}
        <NativeSelect className="w-52" value={studyId} onChange={(e) => onChange(Number(e.target.value))}>
          {!studies.some((s) => s.id === studyId) && <option value={studyId}>{shown?.studyId ?? `#${studyId}`}</option>}
          {studies.map((s) => (
            <option key={s.id} value={s.id}>
              {s.studyId}
            </option>
          ))}
        </NativeSelect>
      </label>
    </div>
  );
}
