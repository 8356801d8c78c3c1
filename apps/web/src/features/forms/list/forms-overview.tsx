// The four tiles of the forms screen, computed by the server (forms.overview) over the same study and
// search as the list; they count by status, so the status filter does not narrow them.
import { useTranslation } from 'react-i18next';
import { FileText, CircleCheck, ClipboardList, PencilRuler } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { formatNumber } from '@/lib/format';
import { StatTiles } from '@/components/stat-tile';

export function FormsOverview({ studyId, search }: { studyId?: number; search?: string }) {
  const { t } = useTranslation('forms');
  const q = trpc.forms.overview.useQuery({ studyId, search });
  const d = q.data;
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumber(v));
  return (
    <StatTiles
      loading={q.isPending}
      tiles={[
        { icon: FileText, label: t('tiles.totalForms'), value: n(d?.totalForms), testId: 'tile-total-forms' },
        {
          icon: CircleCheck,
          tone: 'text-green-600',
          label: t('tiles.activeForms'),
          value: n(d?.activeForms),
          testId: 'tile-active-forms',
        },
        {
          icon: ClipboardList,
          tone: 'text-purple-600',
          label: t('tiles.totalSubmissions'),
          value: n(d?.totalSubmissions),
          testId: 'tile-total-submissions',
        },
        {
          icon: PencilRuler,
          tone: 'text-orange-500',
          label: t('tiles.draftForms'),
          value: n(d?.draftForms),
          testId: 'tile-draft-forms',
        },
      ]}
    />
  );
}
