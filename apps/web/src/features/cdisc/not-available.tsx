// Capabilities of the screen that are not built yet: said plainly, with what they will do, and no
// pretend behaviour behind them.
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** A tab's content: what the tab will do, and that it is not available yet. */
export function NotAvailableTab({ tab }: { tab: 'validation' | 'define' }) {
  const { t } = useTranslation('cdisc');
  return (
    <Card className="border-dashed" data-testid={`cdisc-${tab}-not-available`}>
      <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
        <Construction className="h-10 w-10 text-muted-foreground" aria-hidden />
        <h3 className="text-lg font-semibold">{t(`tabs.${tab}`)}</h3>
        <p className="font-medium text-amber-700">{t('notAvailable')}</p>
        <p className="max-w-2xl text-sm text-muted-foreground">{t(`later.${tab}`)}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The header's Import Standards and Export Define.xml: shown, disabled, and explained. Generate SDTM opens
 * the SDTM Export tab, where a study's generation is started and followed.
 */
export function HeaderActions({ onGenerate }: { onGenerate: () => void }) {
  const { t } = useTranslation('cdisc');
  return (
    <>
      {(['import', 'define'] as const).map((key) => (
        // The title sits on a wrapper: a disabled button receives no pointer events, so no tooltip.
        <span key={key} title={t('notAvailable')} className="inline-flex">
          <Button variant="outline" disabled aria-describedby="cdisc-actions-note">
            {t(`actions.${key}`)}
          </Button>
        </span>
      ))}
      <Button onClick={onGenerate}>{t('actions.generate')}</Button>
    </>
  );
}
