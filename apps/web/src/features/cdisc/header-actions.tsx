// The header's buttons: Import Standards is not built yet (disabled, its reason in the title and the note
// under the header); Export Define.xml and Generate SDTM open their tabs, where a study's define.xml is
// downloaded and its generation started and followed.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export function HeaderActions({ onGenerate, onDefine }: { onGenerate: () => void; onDefine: () => void }) {
  const { t } = useTranslation('cdisc');
  return (
    <>
      {/* The title sits on a wrapper: a disabled button receives no pointer events, so no tooltip. */}
      <span title={t('notAvailable')} className="inline-flex">
        <Button variant="outline" disabled aria-describedby="cdisc-actions-note">
          {t('actions.import')}
        </Button>
      </span>
      <Button variant="outline" onClick={onDefine}>
        {t('actions.define')}
      </Button>
      <Button onClick={onGenerate}>{t('actions.generate')}</Button>
    </>
  );
}
