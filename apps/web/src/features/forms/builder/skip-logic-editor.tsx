// Skip logic: 'Show this field only when' a list of conditions holds (All / Any), written as
// JSON-logic into showIf; an 'Advanced (JSON-logic)' box shows and edits the raw expression. An
// expression the conditions cannot express stays editable there.
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { FormDefinition, FormField, LogicExpression, ScalarField } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { ConditionRow } from './condition-row';
import type { FieldPath } from './field-tree';
import { JsonLogicInput } from './json-logic-input';
import { conditionsLogic, parseConditions, type Condition, type ConditionSet } from './logic-conditions';

/** The fields a condition may read: the form's fields and, in a group, the row's other fields. */
function candidatesFor(definition: FormDefinition, path: FieldPath): ScalarField[] {
  const top = definition.fields.filter((f, i): f is ScalarField => f.type !== 'repeatingGroup' && (path.sub !== undefined || i !== path.index));
  const group = definition.fields[path.index];
  const siblings = path.sub !== undefined && group?.type === 'repeatingGroup' ? group.fields.filter((_, i) => i !== path.sub) : [];
  return [...siblings, ...top].filter((f) => f.code !== '');
}

export function SkipLogicEditor({
  field,
  path,
  definition,
  onChange,
}: {
  field: FormField;
  path: FieldPath;
  definition: FormDefinition;
  onChange: (showIf: LogicExpression | undefined) => void;
}) {
  const { t } = useTranslation('forms-builder');
  const set = parseConditions(field.showIf);
  const candidates = candidatesFor(definition, path);
  const update = (next: ConditionSet) => onChange(conditionsLogic(next));
  const setCondition = (i: number, c: Condition) => set && update({ ...set, conditions: set.conditions.map((old, j) => (j === i ? c : old)) });

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3" data-testid="builder-skip-logic">
      <legend className="px-1 text-sm font-medium">{t('skip.title')}</legend>
      {set === null ? (
        <p className="text-sm text-muted-foreground">{t('skip.tooComplex')}</p>
      ) : (
        <>
          {set.conditions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('skip.always')}</p>
          ) : (
            <>
              <label className="flex flex-wrap items-center gap-2 text-sm">
                <span>{t('skip.combine')}</span>
                <NativeSelect className="w-auto" value={set.mode} onChange={(e) => update({ ...set, mode: e.target.value as ConditionSet['mode'] })}>
                  <option value="all">{t('skip.all')}</option>
                  <option value="any">{t('skip.any')}</option>
                </NativeSelect>
              </label>
              <ol className="grid gap-2">
                {set.conditions.map((c, i) => (
                  <ConditionRow
                    key={i}
                    n={i + 1}
                    condition={c}
                    candidates={candidates}
                    onChange={(next) => setCondition(i, next)}
                    onRemove={() => update({ ...set, conditions: set.conditions.filter((_, j) => j !== i) })}
                  />
                ))}
              </ol>
            </>
          )}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={candidates.length === 0}
            onClick={() => update({ ...set, conditions: [...set.conditions, { field: candidates[0]?.code ?? '', operator: '==', value: '' }] })}
          >
            <Plus aria-hidden /> {t('skip.add')}
          </Button>
          {candidates.length === 0 ? <p className="text-xs text-muted-foreground">{t('skip.noCandidates')}</p> : null}
        </>
      )}
      <details className="rounded-md border border-border p-2" open={set === null}>
        <summary className="cursor-pointer text-sm font-medium">{t('skip.advanced')}</summary>
        <div className="mt-2">
          <JsonLogicInput label={t('skip.expression')} hint={t('skip.expressionHint')} optional value={field.showIf} onChange={onChange} />
        </div>
      </details>
    </fieldset>
  );
}
