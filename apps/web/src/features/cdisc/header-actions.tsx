// The header's buttons: Import Standards opens its dialog for the roles with cdisc.import (administrators
// and data managers); for the others it is disabled, its reason in the title and in the note under the
// header (HeaderActionsNote). Export Define.xml and Generate SDTM open their tabs, where a study's
// define.xml is downloaded and its generation started and followed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { ImportStandardsDialog } from './import-standards-dialog';

export function HeaderActions({ onGenerate, onDefine }: { onGenerate: () => void; onDefine: () => void }) {
  const { t } = useTranslation(['cdisc', 'standardsImport']);
  const canImport = useCan('cdisc.import');
  const [importing, setImporting] = useState(false);
  return (
    <>
      {canImport ? (
        <Button variant="outline" onClick={() => setImporting(true)}>
          {t('actions.import')}
        </Button>
      ) : (
        // The title sits on a wrapper: a disabled button receives no pointer events, so no tooltip.
        <span title={t('standardsImport:notAllowed')} className="inline-flex">
          <Button variant="outline" disabled aria-describedby="cdisc-actions-note">
            {t('actions.import')}
          </Button>
        </span>
      )}
      <Button variant="outline" onClick={onDefine}>
        {t('actions.define')}
      </Button>
      <Button onClick={onGenerate}>{t('actions.generate')}</Button>
      <ImportStandardsDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}

/** Under the header, for a role that may not import: why Import Standards is disabled. */
export function HeaderActionsNote() {
  const { t } = useTranslation('standardsImport');
  const canImport = useCan('cdisc.import');
  if (canImport) return null;
  return (
    <p id="cdisc-actions-note" className="-mt-4 mb-6 text-right text-xs text-muted-foreground" data-testid="cdisc-actions-note">
      {t('note')}
    </p>
  );
}
