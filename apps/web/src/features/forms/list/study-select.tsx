// The study a new or imported form belongs to: the user's studies (studies.list, up to 100).
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';

export const StudySelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function StudySelect(props, ref) {
    const { t } = useTranslation('forms');
    const studies = trpc.studies.list.useQuery({ limit: 100 });
    // Keyed by loading: the select mounts again once its options exist, so a value given before (a
    // form's default) is shown by the options that hold it.
    return (
      <NativeSelect
        key={studies.isPending ? 'loading' : 'ready'}
        ref={ref}
        {...props}
        disabled={props.disabled || studies.isPending}
      >
        <option value="">{studies.isPending ? t('dialog.loadingStudies') : t('dialog.chooseStudy')}</option>
        {studies.data?.items.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.studyId} — {s.title}
          </option>
        ))}
      </NativeSelect>
    );
  },
);
