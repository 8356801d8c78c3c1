// Add a person to a study's team, or change a member's role and sites: with the reason, checked by the
// same schema as the server. Adding picks the person from active accounts not on the team.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Pencil, UserPlus } from 'lucide-react';
import { z } from 'zod';
import { reason, role, SITE_SCOPED_ROLES, type Role } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { applyServerErrors, formWriteError } from '@/lib/server-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FormActions } from '@/components/form-actions';
import { WriteErrorNotice } from '@/components/write-error-notice';
import { ReasonField } from '@/features/sites/reason-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MemberFields, type MemberValues } from './member-fields';

const schema = z
  .object({ role, siteIds: z.array(z.number().int()), reason })
  .refine((v) => !SITE_SCOPED_ROLES.includes(v.role) || v.siteIds.length > 0, { message: 'Choose at least one site for this role', path: ['siteIds'] });

export function MemberDialog({ studyId, member }: { studyId: number; member?: { userId: number; fullName: string; role: Role; siteIds: number[] } }) {
  const { t } = useTranslation('teams');
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState<number | null>(member?.userId ?? null);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const utils = trpc.useUtils();
  const defaults: MemberValues = { role: member?.role ?? 'coordinator', siteIds: member?.siteIds ?? [], reason: '' };
  const form = useForm<MemberValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  const candidates = trpc.teams.candidates.useQuery({ studyId, search: debounced || undefined }, { enabled: open && !member });
  const done = async () => {
    setOpen(false);
    await Promise.all([utils.teams.list.invalidate({ studyId }), utils.teams.candidates.invalidate()]);
  };
  const onError = (err: unknown) => applyServerErrors(err, form.setError, ['role', 'siteIds', 'reason']);
  const add = trpc.teams.add.useMutation({ onSuccess: done, onError });
  const change = trpc.teams.change.useMutation({ onSuccess: done, onError });
  const errors = form.formState.errors;
  const chosen = candidates.data?.find((c) => c.id === userId);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          form.reset(defaults);
          setUserId(member?.userId ?? null);
          setSearch('');
        }
      }}
    >
      <DialogTrigger asChild>
        {member ? (
          <Button size="sm" variant="outline" aria-label={t('change.label', { name: member.fullName })}>
            <Pencil /> {t('change.button')}
          </Button>
        ) : (
          <Button size="sm">
            <UserPlus /> {t('add.button')}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{member ? t('change.title', { name: member.fullName }) : t('add.title')}</DialogTitle>
          <DialogDescription>{member ? t('change.description') : t('add.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((v) => {
            if (!userId) return form.setError('root.server', { message: t('add.choosePerson') });
            const input = { studyId, userId, role: v.role, siteIds: SITE_SCOPED_ROLES.includes(v.role) ? v.siteIds : [], reason: v.reason };
            if (member) change.mutate(input);
            else add.mutate(input);
          })}
        >
          {!member && (
            <div className="grid gap-1.5">
              <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('add.searchPlaceholder')} aria-label={t('add.search')} />
              <div className="grid max-h-40 gap-1 overflow-y-auto rounded border border-border p-1" role="listbox" aria-label={t('add.people')}>
                {candidates.data?.length === 0 && <p className="p-2 text-xs text-muted-foreground">{t('add.noCandidates')}</p>}
                {candidates.data?.map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    role="option"
                    aria-selected={c.id === userId}
                    onClick={() => setUserId(c.id)}
                    className={`rounded px-2 py-1 text-left text-sm hover:bg-muted ${c.id === userId ? 'bg-primary/10 text-primary' : ''}`}
                  >
                    {c.fullName} <span className="text-xs text-muted-foreground">{c.email}</span>
                  </button>
                ))}
              </div>
              {chosen && <p className="text-xs">{t('add.chosen', { name: chosen.fullName })}</p>}
            </div>
          )}
          <MemberFields studyId={studyId} register={form.register} watch={form.watch} setValue={form.setValue} errors={errors} />
          <ReasonField id="member-reason" error={errors.reason?.message} registration={form.register('reason')} />
          <WriteErrorNotice error={formWriteError(null, errors.root?.server?.message)} />
          <FormActions onCancel={() => setOpen(false)} pending={add.isPending || change.isPending} submitLabel={member ? t('change.submit') : t('add.submit')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
