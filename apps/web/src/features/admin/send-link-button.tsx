// Sends a new invitation (account still waiting for its password) or a password-reset link, and shows
// the link once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { serverError } from '@/lib/server-error';
import { LinkOnce, type IssuedLink } from './link-once';

export function SendLinkButton({ userId, invited }: { userId: number; invited: boolean }) {
  const { t } = useTranslation('admin');
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const utils = trpc.useUtils();
  const send = trpc.users.sendLink.useMutation({
    onSuccess: async (link) => {
      setIssued(link);
      await utils.users.byId.invalidate({ id: userId });
    },
  });
  return (
    <>
      <Button size="sm" variant="outline" disabled={send.isPending} onClick={() => send.mutate({ id: userId })}>
        <KeyRound /> {invited ? t('actions.resendInvitation') : t('actions.sendReset')}
      </Button>
      {send.error && <WriteErrorNotice error={serverError(send.error)} />}
      <Dialog open={!!issued} onOpenChange={(o) => !o && setIssued(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{issued?.purpose === 'invitation' ? t('link.invitationTitle') : t('link.resetTitle')}</DialogTitle>
            <DialogDescription>{t('link.description')}</DialogDescription>
          </DialogHeader>
          {issued && <LinkOnce link={issued} />}
          <DialogFooter>
            <Button onClick={() => setIssued(null)}>{t('actions.done')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
