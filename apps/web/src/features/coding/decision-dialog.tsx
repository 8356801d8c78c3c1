// A coder's decision on one verbatim: the candidates for it (with their path, score and reasons), one
// of them chosen — the proposal by default — or the verbatim marked uncodable, with an optional comment.
// A refused decision is explained inside the dialog, beside the choice it concerns, and the choice stays.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { ErrorState } from '@/components/ui/states';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Item = RouterOutputs['coding']['queue']['items'][number];

export function DecisionDialog({ item, studyId, onClose }: { item: Item; studyId?: number; onClose: () => void }) {
  const { t } = useTranslation('coding');
  const utils = trpc.useUtils();
  const candidates = trpc.coding.suggest.useQuery({ description: item.verbatim, studyId, limit: 10 });
  const [chosen, setChosen] = useState<string | undefined>(item.lltCode ?? undefined);
  const [comment, setComment] = useState('');
  const decide = trpc.coding.decide.useMutation({
    onSuccess: async () => {
      await utils.coding.invalidate();
      onClose();
    },
  });
  const send = (uncodable: boolean) =>
    decide.mutate({ id: item.id, version: item.version, ...(uncodable ? { uncodable: true } : { lltCode: chosen }), ...(comment.trim() && { comment: comment.trim() }) });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{item.verbatim}</DialogTitle>
          <DialogDescription>
            {item.subject} · {item.formName} · {item.dictionary}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid max-h-80 gap-2 overflow-y-auto">
          <legend className="mb-1 text-sm font-medium">{t('queue.candidates')}</legend>
          {candidates.data?.candidates.map((c) => (
            <label key={c.lltCode} className="flex cursor-pointer gap-2 rounded border p-2 text-sm has-[:checked]:border-primary">
              <input type="radio" name="candidate" value={c.lltCode} checked={chosen === c.lltCode} onChange={() => setChosen(c.lltCode)} />
              <span>
                <span className="font-medium">{c.lltName}</span> <span className="font-mono text-xs">{c.lltCode}</span> · {Math.round(c.score * 100)} %
                <span className="block text-xs text-muted-foreground">
                  PT {c.ptName} ({c.ptCode}){c.hltName ? ` · HLT ${c.hltName}` : ''}{c.hlgtName ? ` · HLGT ${c.hlgtName}` : ''} · SOC {c.socName}
                </span>
                <span className="block text-xs text-muted-foreground">{c.reasons.join('; ')}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor="coding-comment">{t('queue.comment')}</Label>
          <Input id="coding-comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={5000} />
        </div>
        {decide.error && <ErrorState message={serverError(decide.error).message} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => send(true)} disabled={decide.isPending}>
            {t('queue.markUncodable')}
          </Button>
          <Button onClick={() => send(false)} disabled={!chosen || decide.isPending}>
            {t('queue.choose')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
