// The code beside the password at an electronic signature, for a signer with two-factor authentication:
// the first signature of a session needs both components (21 CFR 11.200(a)(1)); later ones the password.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/form-field';

/** Whether the signed-in user has two-factor authentication (then signature dialogs offer the code). */
export function useHasMfa(): boolean {
  return !!trpc.mfa.status.useQuery(undefined, { staleTime: 60_000 }).data?.enabled;
}

export function SigningCodeField({ id, value, onChange, error }: { id: string; value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation('account');
  return (
    <FormField id={id} label={t('mfa.signingCode')} hint={t('mfa.signingCodeHint')} error={error}>
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}
