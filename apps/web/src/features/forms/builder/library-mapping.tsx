// The CDASH variable and SDTM target a library field carries, read-only: they tie the field to the
// standard, and the export relies on them.
import { useTranslation } from 'react-i18next';
import type { FormField } from '@ctp/contracts';

export function LibraryMapping({ field }: { field: FormField }) {
  const { t } = useTranslation('forms-builder');
  if (!field.cdashVariable && !field.sdtmTarget) return null;
  return (
    <section className="grid gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm" aria-labelledby="field-mapping-title">
      <h3 id="field-mapping-title" className="font-medium">
        {t('editor.mapping')}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {field.cdashVariable ? (
          <>
            <dt className="text-muted-foreground">{t('editor.cdashVariable')}</dt>
            <dd className="font-mono" data-testid="builder-cdash-variable">
              {field.cdashVariable}
            </dd>
          </>
        ) : null}
        {field.sdtmTarget ? (
          <>
            <dt className="text-muted-foreground">{t('editor.sdtmTarget')}</dt>
            <dd className="font-mono" data-testid="builder-sdtm-target">
              {field.sdtmTarget}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="text-xs text-muted-foreground">{t('editor.mappingHint')}</p>
    </section>
  );
}
