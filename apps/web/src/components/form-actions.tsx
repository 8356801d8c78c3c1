// A dialog form's buttons: Cancel, and the submit button, which reads "Saving..." and is disabled
// while the write is under way (a second click cannot send it twice).
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

export function FormActions({
  onCancel,
  pending,
  submitLabel,
  className,
}: {
  onCancel: () => void;
  pending: boolean;
  /** Defaults to Save. */
  submitLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? t('actions.saving') : (submitLabel ?? t('actions.save'))}
      </Button>
    </DialogFooter>
  );
}
