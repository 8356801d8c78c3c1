// A single-use link shown once to the administrator (invitation or password reset): the full address
// to copy, whether it was also e-mailed, and when it lapses.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { IDENTITY } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { countedText } from '@/lib/counted-text';

export interface IssuedLink {
  purpose: 'invitation' | 'password-reset';
  path: string;
  emailed: boolean;
}

export function LinkOnce({ link }: { link: IssuedLink }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  const url = window.location.origin + link.path;
  const hours = link.purpose === 'invitation' ? IDENTITY.invitationHours : IDENTITY.passwordResetHours;
  return (
    <div className="grid gap-2" data-testid="issued-link">
      <p className="text-sm">{t(link.emailed ? 'link.emailed' : 'link.notEmailed')}</p>
      <div className="flex gap-2">
        <Input readOnly value={url} aria-label={t('link.label')} onFocus={(e) => e.currentTarget.select()} data-testid="issued-link-url" />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            await navigator.clipboard?.writeText(url).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? <Check /> : <Copy />} {copied ? t('link.copied') : t('link.copy')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{countedText(t, 'link.once', { hours })}</p>
    </div>
  );
}
