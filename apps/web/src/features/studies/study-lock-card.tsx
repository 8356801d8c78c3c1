// Database lock at study end (data managers): every submitted form entry of the study is locked, with
// the reason in the audit trail. Entries are unlocked one at a time from a casebook, with a reason.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ReasonDialog } from '@/features/data-entry/reason-dialog';

export function StudyLockCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('studies');
  const canLock = useCan('data.lock');
  const [asking, setAsking] = useState(false);
  const utils = trpc.useUtils();
  const lock = trpc.casebook.lockStudy.useMutation({
    onSuccess: (r) => {
      toast({ title: t('lock.done'), description: t('lock.doneText', { count: r.locked }) });
      void utils.casebook.invalidate();
    },
    onError: (e) =>
      toast({ variant: 'destructive', title: t('lock.failed'), description: serverError(e).message }),
  });
  if (!canLock) return null;
  return (
    <Card data-testid="study-lock">
      <CardHeader>
        <CardTitle>{t('lock.title')}</CardTitle>
        <CardDescription>{t('lock.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" disabled={lock.isPending} onClick={() => setAsking(true)}>
          <Lock /> {t('lock.button')}
        </Button>
        <ReasonDialog
          open={asking}
          onOpenChange={setAsking}
          onConfirm={(reason) => {
            setAsking(false);
            lock.mutate({ studyId, reason });
          }}
        />
      </CardContent>
    </Card>
  );
}
