// The approval signatures of a document's versions: printed name, meaning, time, version and the signed
// file's SHA-256; valid while the stored file still has that hash, broken otherwise.
import { useTranslation } from 'react-i18next';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import type { DocumentDetail } from './document-actions';

export function DocumentSignatures({ signatures }: { signatures: DocumentDetail['signatures'] }) {
  const { t } = useTranslation('etmf');
  return (
    <section className="grid gap-2" aria-labelledby="etmf-signatures-heading">
      <h3 id="etmf-signatures-heading" className="text-sm font-semibold">
        {t('details.signatures')}
      </h3>
      {signatures.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('details.noSignatures')}</p>
      ) : (
        <ul className="grid gap-2" data-testid="etmf-signatures">
          {signatures.map((s) => (
            <li key={s.id} data-testid="etmf-signature" data-valid={s.valid} className="grid gap-1 rounded-md border border-border px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-2 font-medium">
                  {s.valid ? <ShieldCheck className="h-4 w-4 text-green-600" aria-hidden /> : <ShieldAlert className="h-4 w-4 text-red-600" aria-hidden />}
                  {s.printedName}
                </span>
                <Badge tone={s.valid ? 'success' : 'danger'}>{s.valid ? t('signatures.valid') : t('signatures.broken')}</Badge>
              </div>
              <div className="text-xs text-muted-foreground">
                {t('signatures.meaning', { meaning: t(`signatures.meanings.${s.meaning}`, { defaultValue: s.meaning }) })} · {formatDateTime(s.signedAt)} ·{' '}
                {t('details.versionLabel', { version: s.versionLabel })}
              </div>
              <code className="truncate text-[11px] text-muted-foreground" title={s.contentHash}>
                SHA-256 {s.contentHash}
              </code>
              {!s.valid && <p className="text-xs text-red-700">{t('signatures.brokenText')}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
