// The left column: the form's fields in order (drag and drop, move, duplicate, delete with a
// confirmation), 'Add field' by type, and the definition's issues above the list.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FormDefinition } from '@ctp/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AddFieldMenu } from './add-field-menu';
import { ConfirmDialog } from './confirm-dialog';
import { fieldPathOf, type DefinitionIssue } from './definition-issues';
import { keyOf } from './field-keys';
import { fieldAt, samePath, type FieldPath } from './field-tree';
import { SortableFieldList } from './sortable-field-list';
import type { FieldActions } from './use-field-actions';
import { ValidationIssues } from './validation-issues';

export function FieldListPanel({
  definition,
  selected,
  readOnly,
  issues,
  actions,
  onShowChecks,
}: {
  definition: FormDefinition;
  selected: string | null;
  readOnly: boolean;
  issues: readonly DefinitionIssue[];
  actions: FieldActions;
  onShowChecks: () => void;
}) {
  const { t } = useTranslation('forms-builder');
  const [deleting, setDeleting] = useState<FieldPath | null>(null);
  const doomed = fieldAt(definition.fields, deleting);
  const issueCount = (path: FieldPath) => issues.filter((i) => i.severity === 'error' && samePath(fieldPathOf(i.path), path)).length;
  const selectPath = (path: FieldPath) => {
    const field = fieldAt(definition.fields, path);
    if (field) actions.select(keyOf(field));
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('list.heading', { count: definition.fields.length })}</CardTitle>
        {!readOnly && <AddFieldMenu types={FIELD_TYPES} label={t('list.addField')} onAdd={(type) => actions.add(type)} testId="builder-add-field" />}
      </CardHeader>
      <CardContent className="grid gap-3">
        <ValidationIssues issues={issues} definition={definition} onSelectField={selectPath} onShowChecks={onShowChecks} />
        {definition.fields.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="builder-field-list">
            {t('list.empty')}
          </p>
        ) : (
          <SortableFieldList
            testId="builder-field-list"
            fields={definition.fields}
            selected={selected}
            readOnly={readOnly}
            issueCount={issueCount}
            actions={actions}
            onDelete={setDeleting}
          />
        )}
      </CardContent>
      <ConfirmDialog
        open={!!doomed}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('list.deleteTitle', { code: doomed?.code ?? '' })}
        description={doomed?.type === 'repeatingGroup' ? t('list.deleteGroupText', { count: doomed.fields.length }) : t('list.deleteText')}
        confirmLabel={t('list.deleteConfirm')}
        destructive
        onConfirm={() => {
          if (deleting) actions.remove(deleting);
          setDeleting(null);
        }}
      />
    </Card>
  );
}
