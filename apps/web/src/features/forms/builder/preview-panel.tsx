// The live preview: the real data-entry renderer on the unsaved definition, with test values kept
// while the builder switches tabs, so skip logic, calculations and messages show as values are typed.
import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import type { FormDefinition, FormValues } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormRenderer } from '@/features/forms/renderer/form-renderer';
import { CheckField } from './controls';

export function PreviewPanel({
  definition,
  values,
  onValues,
  showAll,
  onShowAll,
}: {
  definition: FormDefinition;
  values: FormValues;
  onValues: (values: FormValues) => void;
  showAll: boolean;
  onShowAll: (showAll: boolean) => void;
}) {
  const { t } = useTranslation('forms-builder');
  return (
    <Card data-testid="builder-preview">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{t('preview.title')}</CardTitle>
          <CardDescription>{t('preview.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <CheckField id="preview-show-all" label={t('preview.showAll')} checked={showAll} onChange={onShowAll} />
          <Button type="button" variant="outline" size="sm" onClick={() => onValues({})}>
            <RotateCcw aria-hidden /> {t('preview.reset')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <FormRenderer definition={definition} values={values} onChange={onValues} showAllIssues={showAll} />
      </CardContent>
    </Card>
  );
}
