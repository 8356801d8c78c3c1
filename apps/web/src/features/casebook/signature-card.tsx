// The casebook's electronic signature: the latest one (printed name, meaning, time, entries, hash) as
// valid, or broken when the data changed after signing; earlier signatures below; "Sign casebook" for
// investigators. A signature given with open queries names them (its manifest's codes at signing).
import { useTranslation } from 'react-i18next';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useCan } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SignDialog } from './sign-dialog';
import type { Casebook, CasebookSignature } from './types';

function SignatureLine({ s }: { s: CasebookSignature }) {
  const { t } = useTranslation('casebook');
  return (
    <span>
      {t('signature.signedBy', { name: s.printedName, meaning: t(`meaning.${s.meaning}`) })} ·{' '}
      <time dateTime={s.signedAt}>{formatDateTime(s.signedAt)}</time> · {t('signature.entries', { count: s.entries })} ·{' '}
      <abbr className="font-mono text-xs no-underline" title={s.contentHash}>
        {t('signature.hash', { hash: s.contentHash.slice(0, 12) })}
      </abbr>
      {s.openQueries.length > 0 && (
        <span data-testid="signature-open-queries">
          {' '}
          · {t('signature.openQueries', { count: s.openQueries.length, codes: s.openQueries.join(', ') })}
        </span>
      )}
    </span>
  );
}

export function SignatureCard({ casebook }: { casebook: Casebook }) {
  const { t } = useTranslation('casebook');
  const canSign = useCan('casebook.sign');
  const [latest, ...older] = casebook.signatures;
  return (
    <Card data-testid="casebook-signatures">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t('signature.title')}</CardTitle>
          <CardDescription>{t('signature.description')}</CardDescription>
        </div>
        {canSign && <SignDialog patientId={casebook.patient.id} code={casebook.patient.patientId} />}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!latest ? (
          <p className="text-muted-foreground" data-testid="signature-none">
            {t('signature.none')}
          </p>
        ) : (
          <div
            data-testid="signature-status"
            data-valid={String(latest.valid)}
            className={
              latest.valid
                ? 'grid gap-1 rounded-md border border-green-200 bg-green-50 p-3 text-green-800'
                : 'grid gap-1 rounded-md border border-red-200 bg-red-50 p-3 text-red-800'
            }
          >
            <div className="flex items-center gap-2 font-medium">
              {latest.valid ? <ShieldCheck className="h-4 w-4" aria-hidden /> : <ShieldAlert className="h-4 w-4" aria-hidden />}
              {latest.valid ? t('signature.valid') : t('signature.broken')}
            </div>
            <SignatureLine s={latest} />
          </div>
        )}
        {older.length > 0 && (
          <div className="grid gap-1">
            <h4 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('signature.older')}</h4>
            <ul className="grid gap-1 text-xs text-muted-foreground">
              {older.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-2" data-testid="signature-older">
                  <Badge tone={s.valid ? 'success' : 'neutral'}>{s.valid ? t('signature.validShort') : t('signature.brokenShort')}</Badge>
                  <SignatureLine s={s} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
