// The shell of every edit dialog: a trigger, a title, and a form that is mounted fresh each time the
// dialog opens. After a stale-version refusal, Reload reads the record again and starts a new form
// generation from it (until then the user's input stays as typed).
import { useState, type ReactElement, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { FormField } from '@/components/form-field';

export interface WriteFormProps {
  close: () => void;
  onReload: () => void;
  reloading: boolean;
}

/**
 * `record` is what the form starts from; `reload` reads it again and returns the stored version, which
 * the next form generation starts from (so the version it sends is the one the user saw).
 */
export function WriteDialog<T>({
  record,
  trigger,
  title,
  description,
  reload,
  wide,
  children,
}: {
  record: T;
  trigger: ReactElement;
  title: string;
  description?: string;
  reload?: () => Promise<T | undefined>;
  wide?: boolean;
  children: (record: T, props: WriteFormProps) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [fresh, setFresh] = useState<T | undefined>(undefined);
  const [reloading, setReloading] = useState(false);
  const onReload = async () => {
    setReloading(true);
    try {
      const latest = await reload?.();
      if (latest !== undefined) setFresh(latest);
      setGeneration((g) => g + 1);
    } finally {
      setReloading(false);
    }
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Each opening starts from the record as the page shows it now.
    if (next) setFresh(undefined);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={cn(wide && 'max-w-2xl')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {open && (
          <div key={generation} className="contents">
            {children(fresh ?? record, {
              close: () => setOpen(false),
              onReload: () => void onReload(),
              reloading,
            })}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The required reason for change (21 CFR Part 11): shared label and help text from common. */
export function ReasonField({
  id,
  error,
  registration,
}: {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('common');
  return (
    <FormField id={id} label={t('actions.reasonForChange')} error={error} hint={t('actions.reasonHelp')}>
      <Input autoComplete="off" {...registration} />
    </FormField>
  );
}
