// The approvers a study's document may be sent to (etmf.approvers: members whose role may approve, not
// the user), each with the role's title.
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';

export const ApproverSelect = forwardRef<
  HTMLSelectElement,
  React.SelectHTMLAttributes<HTMLSelectElement> & { studyId: number | undefined; emptyLabel: string }
>(({ studyId, emptyLabel, ...props }, ref) => {
  const { t } = useTranslation('etmf');
  const tc = useTranslation('common').t;
  const approvers = trpc.etmf.approvers.useQuery({ studyId: studyId ?? 0 }, { enabled: studyId !== undefined });
  const none = studyId !== undefined && approvers.data?.length === 0;
  return (
    <NativeSelect ref={ref} {...props} disabled={studyId === undefined || props.disabled}>
      <option value="">{studyId !== undefined && approvers.isPending ? t('upload.loading') : none ? t('review.noApprovers') : emptyLabel}</option>
      {approvers.data?.map((a) => (
        <option key={a.id} value={a.id}>
          {a.fullName} ({tc(`roles.${a.role}`, { defaultValue: a.role })})
        </option>
      ))}
    </NativeSelect>
  );
});
ApproverSelect.displayName = 'ApproverSelect';
