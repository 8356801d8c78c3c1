// AI Mappings: a study and one of its forms, AI or Manual mode, Generate Mappings. AI mode: a card per
// field with its SDTM target (domain.variable, 'where --TESTCD = X' for a findings test, QNAM for
// SUPP--), the confidence in percent coloured as the spec says (0.9 and above green, 0.7 and above
// yellow, else red), the reasoning, the mapping logic, and Approve and Edit. Manual mode: the form's
// fields with their current mapping and Edit (the SDTMIG pickers). Study, form and mode live in the URL.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confidenceLevel, type CdiscMapping } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { EditMappingDialog } from './edit-mapping-dialog';
import { RejectMapping } from './reject-mapping';

const CONFIDENCE_TONE = { high: 'bg-green-100 text-green-800', medium: 'bg-yellow-100 text-yellow-800', low: 'bg-red-100 text-red-800' } as const;
const STATUS_TONE = { suggested: 'primary', approved: 'success', rejected: 'danger' } as const;

export function targetText(m: Pick<CdiscMapping, 'suggestedDomain' | 'suggestedVariable' | 'testCode' | 'qnam'>): string {
  if (!m.suggestedDomain || !m.suggestedVariable) return '';
  const base = `${m.suggestedDomain}.${m.suggestedVariable}`;
  if (m.testCode) return `${base} where ${m.suggestedDomain.slice(0, 2)}TESTCD = ${m.testCode}`;
  if (m.qnam) return `${base} where QNAM = ${m.qnam}`;
  return base;
}

export function MappingsTab({
  studyId,
  formId,
  mode,
  onStudy,
  onForm,
  onMode,
}: {
  studyId: number | undefined;
  formId: number | undefined;
  mode: 'ai' | 'manual';
  onStudy: (id: string) => void;
  onForm: (id: string) => void;
  onMode: (mode: 'ai' | 'manual') => void;
}) {
  const { t } = useTranslation('cdisc');
  const canMap = useCan('cdisc.map');
  const utils = trpc.useUtils();
  const studies = trpc.studies.list.useQuery({ limit: 100 });
  const study = studyId ?? studies.data?.items[0]?.id;
  const forms = trpc.forms.list.useQuery({ studyId: study, limit: 100 }, { enabled: study !== undefined });
  const mappings = trpc.cdisc.mappings.useQuery({ formId: formId ?? 0 }, { enabled: formId !== undefined });
  const [editing, setEditing] = useState<CdiscMapping | null>(null);
  const refresh = () => Promise.all([utils.cdisc.mappings.invalidate(), utils.cdisc.summary.invalidate(), utils.cdisc.domains.invalidate()]);
  const onError = (err: unknown) => toast({ variant: 'destructive', title: serverError(err).message });
  const generate = trpc.cdisc.generateMappings.useMutation({ onSuccess: refresh, onError });
  const approve = trpc.cdisc.approveMapping.useMutation({ onSuccess: refresh, onError });

  const shown = (mappings.data ?? []).filter((m) => (mode === 'ai' ? m.id !== null : true));
  return (
    <div className="grid gap-4" data-testid="cdisc-mappings">
      <Card>
        <CardContent className="flex flex-wrap items-end gap-3 pt-5">
          <label className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{t('mappings.study')}</span>
            <NativeSelect className="w-48" value={study ?? ''} onChange={(e) => onStudy(e.target.value)} aria-label={t('mappings.study')}>
              {studies.data?.items.map((s) => (
                <option key={s.id} value={s.id}>{s.studyId}</option>
              ))}
            </NativeSelect>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{t('mappings.form')}</span>
            <NativeSelect className="w-64" value={formId ?? ''} onChange={(e) => onForm(e.target.value)} aria-label={t('mappings.form')}>
              <option value="">{t('mappings.chooseForm')}</option>
              {forms.data?.items.map((f) => (
                <option key={f.id} value={f.id}>{f.formName}</option>
              ))}
            </NativeSelect>
          </label>
          <div className="grid gap-1 text-sm">
            <span className="text-muted-foreground">{t('mappings.mode')}</span>
            <div className="flex gap-1" role="group" aria-label={t('mappings.mode')}>
              {(['ai', 'manual'] as const).map((m) => (
                <Button key={m} size="sm" variant={mode === m ? 'default' : 'outline'} aria-pressed={mode === m} onClick={() => onMode(m)}>
                  {t(`mappings.modes.${m}`)}
                </Button>
              ))}
            </div>
          </div>
          {canMap && (
            <Button
              className="ml-auto"
              disabled={formId === undefined || generate.isPending}
              onClick={() => formId !== undefined && generate.mutate({ formId, useAI: mode === 'ai' })}
            >
              {generate.isPending ? t('mappings.generating') : t('mappings.generate')}
            </Button>
          )}
        </CardContent>
      </Card>
      {formId === undefined ? (
        <EmptyState title={t('mappings.pickForm')} description={t('mappings.pickFormHint')} />
      ) : mappings.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-32" />)}
        </div>
      ) : mappings.error ? (
        <ErrorState message={mappings.error.message} />
      ) : shown.length === 0 ? (
        <EmptyState title={t(mode === 'ai' ? 'mappings.noSuggestions' : 'mappings.noFields')} description={mode === 'ai' ? t('mappings.noSuggestionsHint') : undefined} />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {shown.map((m) => (
            <MappingCard
              key={m.fieldPath}
              mapping={m}
              manual={mode === 'manual'}
              canMap={canMap}
              approving={approve.isPending && approve.variables?.id === m.id}
              onApprove={() => m.id !== null && m.version !== null && approve.mutate({ id: m.id, version: m.version })}
              onEdit={() => setEditing(m)}
              onRejected={refresh}
            />
          ))}
        </div>
      )}
      {editing && (
        <EditMappingDialog
          mapping={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </div>
  );
}

function MappingCard({ mapping: m, manual, canMap, approving, onApprove, onEdit, onRejected }: { mapping: CdiscMapping; manual: boolean; canMap: boolean; approving: boolean; onApprove: () => void; onEdit: () => void; onRejected: () => Promise<unknown> }) {
  const { t } = useTranslation('cdisc');
  const level = m.confidence !== null ? confidenceLevel(m.confidence) : null;
  return (
    <Card data-testid="cdisc-mapping-card" data-field={m.fieldName} data-status={m.status ?? 'none'}>
      <CardContent className="grid gap-2 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium" data-testid="cdisc-mapping-field">{m.fieldLabel} <span className="font-mono text-xs text-muted-foreground">{m.fieldPath}</span></p>
            <p className="font-mono text-sm" data-testid="cdisc-mapping-target">{m.suggestedDomain ? targetText(m) : t('mappings.unmapped')}</p>
          </div>
          <div className="flex items-center gap-2">
            {m.status && <Badge tone={STATUS_TONE[m.status]} data-testid="cdisc-mapping-status">{t(`mappings.status.${m.status}`)}</Badge>}
            {level && m.confidence !== null && (
              <span className={`rounded px-2 py-0.5 text-sm font-semibold tabular-nums ${CONFIDENCE_TONE[level]}`} data-testid="cdisc-mapping-confidence" data-level={level} title={t(`mappings.levels.${level}`)}>
                {Math.round(m.confidence * 100)}%
              </span>
            )}
          </div>
        </div>
        {m.reasoning && <p className="text-sm text-muted-foreground" data-testid="cdisc-mapping-reasoning">{m.reasoning}</p>}
        {m.mappingLogic && (
          <p className="text-xs">
            <span className="text-muted-foreground">{t('mappings.logic')}: </span>
            <span data-testid="cdisc-mapping-logic">{t(`mappings.logics.${m.mappingLogic}`)}</span>
          </p>
        )}
        {canMap && (
          <div className="flex gap-2">
            {!manual && m.status !== 'approved' && (
              <Button size="sm" onClick={onApprove} disabled={approving}>{t('mappings.approve')}</Button>
            )}
            <Button size="sm" variant="outline" onClick={onEdit}>{t('mappings.edit')}</Button>
            {!manual && m.status === 'suggested' && m.id !== null && m.version !== null && <RejectMapping id={m.id} version={m.version} onDone={onRejected} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
