// The study role and, for site roles, the sites of a team membership (shared by Add and Change).
import type { FieldErrors, UseFormRegister, UseFormSetValue, UseFormWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ROLES, SITE_SCOPED_ROLES, type Role } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { NativeSelect } from '@/components/ui/input';
import { FormField } from '@/components/form-field';

export interface MemberValues {
  role: Role;
  siteIds: number[];
  reason: string;
}

export function MemberFields({
  studyId,
  register,
  watch,
  setValue,
  errors,
}: {
  studyId: number;
  register: UseFormRegister<MemberValues>;
  watch: UseFormWatch<MemberValues>;
  setValue: UseFormSetValue<MemberValues>;
  errors: FieldErrors<MemberValues>;
}) {
  const { t } = useTranslation('teams');
  const tc = useTranslation('common').t;
  const sites = trpc.sites.list.useQuery({ studyId, limit: 100, offset: 0 });
  const siteRole = SITE_SCOPED_ROLES.includes(watch('role'));
  const chosen = watch('siteIds');
  // A checkbox per site, kept as a list of ids (a native checkbox group gives strings, or a boolean when alone).
  const toggle = (siteId: number, on: boolean) =>
    setValue('siteIds', on ? [...chosen.filter((id) => id !== siteId), siteId] : chosen.filter((id) => id !== siteId), { shouldValidate: true });
  return (
    <>
      <FormField id="member-role" label={t('fields.role')} error={errors.role?.message}>
        <NativeSelect {...register('role')}>
          {ROLES.filter((r) => r !== 'admin').map((r) => (
            <option key={r} value={r}>{tc(`roles.${r}`)}</option>
          ))}
        </NativeSelect>
      </FormField>
      {siteRole && (
        <fieldset className="grid gap-1.5">
          <legend className="text-sm font-medium">{t('fields.sites')}</legend>
          <p className="text-xs text-muted-foreground">{t('fields.sitesHint')}</p>
          <div className="grid max-h-48 gap-1 overflow-y-auto rounded border border-border p-2">
            {sites.data?.items.map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={s.id} checked={chosen.includes(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
                {s.siteNumber} · {s.siteName}
              </label>
            ))}
          </div>
          {errors.siteIds && <p role="alert" className="text-xs text-destructive">{errors.siteIds.message ?? errors.siteIds.root?.message}</p>}
        </fieldset>
      )}
    </>
  );
}
