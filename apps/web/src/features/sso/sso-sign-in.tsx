// Single sign-on on the log-in page: "Sign in with {label}" when the server has an OpenID provider
// configured (auth.ssoInfo), and the message for a refused single sign-on (/login?sso_error=<code>,
// set by the server's /auth/oidc/callback). The button is a plain link: the browser goes to the
// server, which redirects it to the provider.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { SSO_ERRORS, type SsoError } from '@ctp/contracts';
import { publicApi } from '@/lib/public-api';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/states';

export function SsoSignIn({ next }: { next: string }) {
  const { t } = useTranslation('common');
  const [info, setInfo] = useState<Awaited<ReturnType<typeof publicApi.ssoInfo>> | null>(null);
  useEffect(() => {
    let live = true;
    // Without an answer (no provider, a lost server) the page simply offers no single sign-on.
    publicApi.ssoInfo().then((i) => live && setInfo(i), () => {});
    return () => void (live = false);
  }, []);
  if (!info?.enabled) return null;
  return (
    <div className="mt-4 grid gap-4">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> {t('login.sso.or')} <span className="h-px flex-1 bg-border" />
      </div>
      <Button asChild variant="outline">
        <a href={`/auth/oidc/start?next=${encodeURIComponent(next)}`}>
          <KeyRound aria-hidden /> {t('login.sso.button', { label: info.label })}
        </a>
      </Button>
    </div>
  );
}

/** Why the last single sign-on was refused, when the server sent the person back with a code. */
export function SsoErrorNotice({ code }: { code: string | null }) {
  const { t } = useTranslation('common');
  if (!code) return null;
  const known: SsoError = (SSO_ERRORS as readonly string[]).includes(code) ? (code as SsoError) : 'failed';
  return <ErrorState message={t(`login.sso.errors.${known}`)} />;
}
