// The site's fields, shared by Add New Site and Edit Site (same names as siteCreateInput).
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';

export const SITE_FIELDS = [
  'siteNumber',
  'siteName',
  'principalInvestigator',
  'address',
  'city',
  'country',
  'phone',
  'email',
] as const;
type SiteField = (typeof SITE_FIELDS)[number];
export type SiteFieldValues = Partial<Record<SiteField, string | null | undefined>>;

const TYPES: Partial<Record<SiteField, string>> = { email: 'email', phone: 'tel' };
const WIDE: SiteField[] = ['siteName', 'address'];

export function SiteFields<T extends SiteFieldValues>({
  form,
  withNumber,
}: {
  form: UseFormReturn<T, unknown, any>;
  withNumber?: boolean;
}) {
  const { t } = useTranslation('sites');
  const errors = form.formState.errors as FieldErrors<SiteFieldValues>;
  const register = form.register as unknown as UseFormReturn<SiteFieldValues>['register'];
  const fields = SITE_FIELDS.filter((f) => withNumber || f !== 'siteNumber');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((name) => {
        const error = errors[name]?.message;
        const id = `site-${name}`;
        return (
          <FormField
            key={name}
            id={id}
            label={t(`fields.${name}`)}
            error={error}
            className={WIDE.includes(name) ? 'sm:col-span-2' : undefined}
          >
            <Input type={TYPES[name] ?? 'text'} placeholder={t(`placeholders.${name}`)} {...register(name)} />
          </FormField>
        );
      })}
    </div>
  );
}
