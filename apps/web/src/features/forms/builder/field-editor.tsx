// The selected field's editor: code (the schema's pattern, unique in the form), type, label, help
// text, required, the type's own settings, skip logic, and the CDASH / SDTM mapping when the field
// came from the library (read-only).
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, fieldCode, type FieldType, type FormDefinition, type FormField } from '@ctp/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { FormField as LabelledField } from '@/components/form-field';
import { CheckField } from './controls';
import { convertField, SCALAR_TYPES, type NewFieldText } from './field-factory';
import { allCodes, type FieldPath } from './field-tree';
import { issueText } from './issue-text';
import { LibraryMapping } from './library-mapping';
import { SkipLogicEditor } from './skip-logic-editor';
import { TypeSettings } from './type-settings';

export function FieldEditor({
  field,
  path,
  definition,
  readOnly,
  text,
  onChange,
}: {
  field: FormField;
  path: FieldPath;
  definition: FormDefinition;
  readOnly: boolean;
  text: NewFieldText;
  onChange: (field: FormField) => void;
}) {
  const { t } = useTranslation('forms-builder');
  const codes = allCodes(definition.fields);
  const parsedCode = fieldCode.safeParse(field.code);
  const codeError = !parsedCode.success
    ? issueText(t, parsedCode.error.issues[0]?.message ?? '')
    : codes.filter((c) => c === field.code).length > 1
      ? t('editor.codeTaken', { code: field.code })
      : undefined;
  const types: readonly FieldType[] = path.sub === undefined ? FIELD_TYPES : SCALAR_TYPES;
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as FormField);

  return (
    <Card data-testid="builder-field-editor">
      <CardHeader>
        <CardTitle>{t('editor.title')}</CardTitle>
        <CardDescription className="font-mono">{field.code || t('list.noCode')}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset disabled={readOnly} className="grid gap-4">
          <legend className="sr-only">{t('editor.legend', { code: field.code })}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <LabelledField id="field-code" label={t('editor.code')} error={codeError} hint={t('editor.codeHint')}>
              <Input className="font-mono" autoComplete="off" value={field.code} onChange={(e) => set({ code: e.target.value.trim() })} />
            </LabelledField>
            <LabelledField id="field-type" label={t('editor.type')} hint={field.type === 'repeatingGroup' ? t('editor.groupTypeHint') : undefined}>
              <NativeSelect
                value={field.type}
                disabled={field.type === 'repeatingGroup'}
                onChange={(e) => onChange(convertField(field, e.target.value as FieldType, text, codes))}
              >
                {types.map((type) => (
                  <option key={type} value={type}>
                    {t(`types.${type}`)}
                  </option>
                ))}
              </NativeSelect>
            </LabelledField>
          </div>
          <LabelledField id="field-label" label={t('editor.label')} error={field.label.trim() ? undefined : t('schema.labelMissing')}>
            <Input value={field.label} onChange={(e) => set({ label: e.target.value })} />
          </LabelledField>
          <LabelledField id="field-help" label={t('editor.helpText')}>
            <Textarea rows={2} value={field.helpText ?? ''} onChange={(e) => set({ helpText: e.target.value || undefined })} />
          </LabelledField>
          {field.type !== 'calculated' && (
            <CheckField id="field-required" label={t('editor.required')} checked={field.required} onChange={(required) => set({ required })} />
          )}
          <TypeSettings field={field} onChange={onChange} />
          <SkipLogicEditor field={field} path={path} definition={definition} onChange={(showIf) => set({ showIf })} />
          <LibraryMapping field={field} />
        </fieldset>
      </CardContent>
    </Card>
  );
}
