// The builder's tabs: Fields (the list beside the selected field's editor), Edit checks, Preview
// (the live renderer with test values kept across tabs) and History.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues, FormVersionInfo } from '@ctp/contracts';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChecksPanel } from './checks-panel';
import type { DefinitionIssue } from './definition-issues';
import { FieldEditor } from './field-editor';
import { FieldListPanel } from './field-list-panel';
import { HistoryPanel } from './history-panel';
import { PreviewPanel } from './preview-panel';
import type { FieldActions } from './use-field-actions';
import type { useBuilderState } from './use-builder-state';

export type BuilderTab = 'fields' | 'checks' | 'preview' | 'history';

export function BuilderWorkspace({
  builder,
  actions,
  issues,
  readOnly,
  versions,
  tab,
  onTab,
}: {
  builder: ReturnType<typeof useBuilderState>;
  actions: FieldActions;
  issues: readonly DefinitionIssue[];
  readOnly: boolean;
  versions: readonly FormVersionInfo[];
  tab: BuilderTab;
  onTab: (tab: BuilderTab) => void;
}) {
  const { t } = useTranslation('forms-builder');
  const { state, dispatch, selectedField, selectedPath } = builder;
  const [values, setValues] = useState<FormValues>({});
  const [showAll, setShowAll] = useState(false);
  const checkIssues = issues.filter((i) => i.path[0] === 'checks' && i.severity === 'error').length;

  return (
    <Tabs value={tab} onValueChange={(v) => onTab(v as BuilderTab)}>
      <TabsList>
        <TabsTrigger value="fields">{t('tabs.fields')}</TabsTrigger>
        <TabsTrigger value="checks">
          {t('tabs.checks')}
          {checkIssues > 0 ? <span className="ml-1 text-destructive">({checkIssues})</span> : null}
        </TabsTrigger>
        <TabsTrigger value="preview">{t('tabs.preview')}</TabsTrigger>
        <TabsTrigger value="history">{t('tabs.history')}</TabsTrigger>
      </TabsList>
      <TabsContent value="fields">
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <FieldListPanel definition={state.definition} selected={state.selected} readOnly={readOnly} issues={issues} actions={actions} onShowChecks={() => onTab('checks')} />
          {selectedField && selectedPath ? (
            <FieldEditor
              key={state.selected}
              field={selectedField}
              path={selectedPath}
              definition={state.definition}
              readOnly={readOnly}
              text={actions.text}
              onChange={(field) => dispatch({ type: 'update', path: selectedPath, field })}
            />
          ) : (
            <Card className="border-dashed">
              <CardContent className="p-8 text-center text-sm text-muted-foreground">{t('editor.none')}</CardContent>
            </Card>
          )}
        </div>
      </TabsContent>
      <TabsContent value="checks">
        <ChecksPanel definition={state.definition} readOnly={readOnly} onChange={(checks) => dispatch({ type: 'checks', checks })} />
      </TabsContent>
      <TabsContent value="preview">
        <PreviewPanel definition={state.definition} values={values} onValues={setValues} showAll={showAll} onShowAll={setShowAll} />
      </TabsContent>
      <TabsContent value="history">
        <HistoryPanel versions={versions} />
      </TabsContent>
    </Tabs>
  );
}
