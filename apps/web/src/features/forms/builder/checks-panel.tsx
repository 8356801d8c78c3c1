// The 'Edit checks' tab: the form's checks (required-if, range, compare, expression), added by kind,
// edited in place and deleted.
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { EditCheck, FormDefinition } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { CheckEditor } from './check-editor';
import { CHECK_KINDS, freeCode, newCheck } from './field-factory';
import { carryKey, keyOf } from './field-keys';
import { allCodes } from './field-tree';

export function ChecksPanel({ definition, readOnly, onChange }: { definition: FormDefinition; readOnly: boolean; onChange: (checks: EditCheck[]) => void }) {
  const { t } = useTranslation('forms-builder');
  const checks = definition.checks;
  const codes = allCodes(definition.fields).filter((c) => c !== '');
  const groups = definition.fields.filter((f) => f.type === 'repeatingGroup').map((f) => f.code);
  const scalarCodes = codes.filter((c) => !groups.includes(c));

  return (
    <Card data-testid="builder-checks">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{t('checks.title', { count: checks.length })}</CardTitle>
          <CardDescription>{t('checks.description')}</CardDescription>
        </div>
        {!readOnly && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="outline" size="sm" data-testid="builder-add-check">
                <Plus aria-hidden /> {t('checks.add')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {CHECK_KINDS.map((kind) => (
                <DropdownMenuItem key={kind} onSelect={() => onChange([...checks, newCheck(kind, freeCode(checks.map((c) => c.id), 'CHK'), scalarCodes[0] ?? '')])}>
                  {t(`checks.kinds.${kind}`)}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </CardHeader>
      <CardContent>
        {checks.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t('checks.empty')}</p>
        ) : (
          <fieldset disabled={readOnly} className="grid gap-3">
            <legend className="sr-only">{t('checks.title', { count: checks.length })}</legend>
            {checks.map((check, i) => (
              <CheckEditor
                key={keyOf(check)}
                check={check}
                codes={scalarCodes}
                groups={groups}
                duplicateId={checks.findIndex((c) => c.id === check.id) !== i}
                onChange={(next) => onChange(checks.map((c, j) => (j === i ? carryKey(c, next) : c)))}
                onRemove={() => onChange(checks.filter((_, j) => j !== i))}
              />
            ))}
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
