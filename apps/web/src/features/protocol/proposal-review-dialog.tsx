// The analysis as a proposal a person decides on: visits and forms with a tick each (all ticked at
// first) and why each was proposed (the page or paragraph and the words read there), the eligibility
// criteria, endpoints and planned enrollment for reference, a study picker, and one action that creates
// the ticked forms as drafts with the ticked visits and the forms due at each (protocol.createFromProposal,
// audited as one change). A form's visits are only those still ticked. A live study (protocol.target) is
// changed only after the warning's explicit confirmation and reason.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposedStatement, ProtocolAnalysis } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { serverError } from '@/lib/server-error';
import { translateValidation } from '@/lib/validation-messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { StudySelect } from '@/features/forms/list/study-select';
import { EvidenceList, useEvidenceLocation } from './evidence';
import { LiveStudyWarning, liveConfirmationComplete, type LiveConfirmation } from './live-study-warning';

function Statements({ title, items, testId }: { title: string; items: ProposedStatement[]; testId: string }) {
  const { t } = useTranslation('protocol');
  const location = useEvidenceLocation();
  return (
    <div data-testid={testId}>
      <h4 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({items.length})</span>
      </h4>
      {items.length ? (
        <ol className="mt-1 grid list-decimal gap-1 pl-5 text-sm">
          {items.map((s, i) => (
            <li key={i}>
              {s.text} <span className="text-xs text-muted-foreground">— {location(s.evidence)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-xs text-muted-foreground">{t('review.noneFound')}</p>
      )}
    </div>
  );
}

export function ProposalReviewDialog({ analysis, open, onOpenChange }: { analysis: ProtocolAnalysis; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['protocol', 'forms', 'validation']);
  const location = useEvidenceLocation();
  const [visits, setVisits] = useState(() => new Set(analysis.visits.map((v) => v.code)));
  const [forms, setForms] = useState(() => new Set(analysis.proposedForms.map((f) => f.key)));
  const [studyId, setStudyId] = useState('');
  const [liveConfirmation, setLiveConfirmation] = useState<LiveConfirmation>({ confirmed: false, reason: '' });
  const target = trpc.protocol.target.useQuery({ studyId: Number(studyId) }, { enabled: !!studyId });
  const live = !!studyId && target.data?.studyId === Number(studyId) && target.data.live;
  const utils = trpc.useUtils();
  const create = trpc.protocol.createFromProposal.useMutation({
    onSuccess: (r) => {
      void utils.forms.invalidate();
      void utils.visits.invalidate();
      toast({ title: t('review.createdTitle'), description: t('review.createdDescription', { forms: t('review.formsAdded', { count: r.forms.length }), visits: t('review.visitsAdded', { count: r.visitsCreated.length }) }) });
    },
  });
  const toggle = (set: Set<string>, key: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  };
  const unmapped = useMemo(() => {
    const seen = new Set<string>();
    return analysis.assessments.filter((a) => {
      const noForm = a.concept === 'other' || !analysis.proposedForms.some((f) => f.key === a.concept);
      if (!noForm || seen.has(a.label)) return false;
      seen.add(a.label);
      return true;
    });
  }, [analysis]);

  const tickedForms = analysis.proposedForms.filter((f) => forms.has(f.key));
  const submit = () => {
    create.mutate({
      studyId: Number(studyId),
      liveChange: live ? { confirmed: true, reason: liveConfirmation.reason.trim() } : undefined,
      visits: analysis.visits.filter((v) => visits.has(v.code)).map((v) => ({ code: v.code, name: v.name, dayOffset: v.day, windowBefore: v.windowBefore, windowAfter: v.windowAfter })),
      forms: tickedForms.map((f) => ({ name: f.name, category: f.category, libraryDomain: f.libraryDomain, visitCodes: f.visits.filter((c) => visits.has(c)) })),
    });
  };
  const nothing = visits.size + forms.size === 0;
  // Ready once the study is known: a live one also needs the confirmation.
  const ready = !!studyId && target.isSuccess && (!live || liveConfirmationComplete(liveConfirmation));
  const error = create.error ? translateValidation(t, serverError(create.error).message) : null;
  const { document: doc } = analysis;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl" data-testid="protocol-review">
        <DialogHeader>
          <DialogTitle>{t('review.title')}</DialogTitle>
          <DialogDescription>
            {t('review.description', { name: doc.fileName })}{' '}
            {doc.pages !== null ? t('review.pages', { count: doc.pages }) : t('review.paragraphs', { count: doc.paragraphs })} ·{' '}
            {t(`review.scheduleSource.${analysis.scheduleSource}`)}
          </DialogDescription>
        </DialogHeader>

        <section className="grid gap-2">
          <h3 className="font-semibold">{t('review.visits', { count: analysis.visits.length })}</h3>
          {analysis.visits.length === 0 && <p className="text-sm text-muted-foreground">{t('review.noVisits')}</p>}
          <ul className="grid gap-2">
            {analysis.visits.map((v) => (
              <li key={v.code} className="rounded-md border border-border p-2" data-testid="proposed-visit">
                <label className="flex flex-wrap items-center gap-2 text-sm">
                  <input type="checkbox" className="h-4 w-4 accent-primary" checked={visits.has(v.code)} onChange={(e) => setVisits(toggle(visits, v.code, e.target.checked))} />
                  <span className="font-mono text-xs">{v.code}</span>
                  <span className="font-medium">{v.name}</span>
                  <Badge tone={v.dayStated ? 'neutral' : 'warning'}>{v.dayStated ? t('review.day', { day: v.day }) : t('review.dayAssumed', { day: v.day })}</Badge>
                  {(v.windowBefore > 0 || v.windowAfter > 0) && <Badge>{t('review.window', { before: v.windowBefore, after: v.windowAfter })}</Badge>}
                  <span className="text-xs text-muted-foreground">{t('review.assessmentsAt', { count: v.assessments.length })}</span>
                </label>
                <p className="mt-1 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{location(v.evidence)}:</span> <q className="italic">{v.evidence.text}</q>
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section className="grid gap-2">
          <h3 className="font-semibold">{t('review.forms', { count: analysis.proposedForms.length })}</h3>
          {analysis.proposedForms.length === 0 && <p className="text-sm text-muted-foreground">{t('review.noForms')}</p>}
          <ul className="grid gap-2">
            {analysis.proposedForms.map((f) => (
              <li key={f.key} className="rounded-md border border-border p-2" data-testid="proposed-form">
                <label className="flex flex-wrap items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-primary"
                    aria-label={f.name}
                    checked={forms.has(f.key)}
                    onChange={(e) => setForms(toggle(forms, f.key, e.target.checked))}
                  />
                  <span className="font-medium">{f.name}</span>
                  <Badge tone="info">{t(`forms:categories.${f.category}`)}</Badge>
                  {f.libraryDomain ? <Badge tone="primary">{t('review.library', { domain: f.libraryDomain, count: f.fieldsCount })}</Badge> : <Badge tone="warning">{t('review.emptyDraft')}</Badge>}
                  {f.visits.length > 0 && <span className="text-xs text-muted-foreground">{t('review.dueAt', { visits: f.visits.join(', ') })}</span>}
                </label>
                <p className="mt-1 text-xs">{t('review.because', { assessments: f.assessments.join('; '), matched: f.matched.join(', ') })}</p>
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs text-primary">{t('review.evidence', { count: f.evidence.length })}</summary>
                  <EvidenceList items={f.evidence} />
                </details>
              </li>
            ))}
          </ul>
          {unmapped.length > 0 && (
            <p className="text-xs text-muted-foreground" data-testid="unmapped">
              {t('review.unmapped', { list: unmapped.map((a) => a.label).join('; ') })}
            </p>
          )}
        </section>

        <section className="grid gap-3 md:grid-cols-2">
          <Statements title={t('review.inclusion')} items={analysis.criteria.inclusion} testId="inclusion-criteria" />
          <Statements title={t('review.exclusion')} items={analysis.criteria.exclusion} testId="exclusion-criteria" />
          <Statements title={t('review.primary')} items={analysis.endpoints.primary} testId="primary-endpoints" />
          <Statements title={t('review.secondary')} items={analysis.endpoints.secondary} testId="secondary-endpoints" />
          <div className="text-sm" data-testid="planned-enrollment">
            <h4 className="font-semibold">{t('review.enrollment')}</h4>
            {analysis.plannedEnrollment ? (
              <p>
                {analysis.plannedEnrollment.value} <span className="text-xs text-muted-foreground">— {location(analysis.plannedEnrollment.evidence)}: <q className="italic">{analysis.plannedEnrollment.evidence.text}</q></span>
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">{t('review.noneFound')}</p>
            )}
          </div>
        </section>

        <section className="grid gap-2 rounded-md bg-muted/50 p-3">
          <label className="grid gap-1 text-sm font-medium">
            {t('review.study')}
            <StudySelect
              value={studyId}
              onChange={(e) => {
                setStudyId(e.target.value);
                setLiveConfirmation({ confirmed: false, reason: '' });
              }}
              data-testid="protocol-study"
            />
          </label>
          {studyId && target.isPending && <p className="text-xs text-muted-foreground">{t('review.checking')}</p>}
          {live && target.data && !create.data && (
            <LiveStudyWarning
              target={target.data}
              visits={analysis.visits.filter((v) => visits.has(v.code)).length}
              forms={tickedForms.length}
              value={liveConfirmation}
              onChange={setLiveConfirmation}
            />
          )}
          <p className="text-xs text-muted-foreground">{t('review.decision')}</p>
          {error && (
            <p className="text-sm text-destructive" role="alert">
              {error}
            </p>
          )}
          {create.data && (
            <p className="text-sm" role="status" data-testid="protocol-created">
              {t('review.created', { forms: t('review.draftForms', { count: create.data.forms.length }), visits: t('review.visitsAdded', { count: create.data.visitsCreated.length }) })}
              {create.data.visitsReused.length > 0 && ` ${t('review.reused', { list: create.data.visitsReused.join(', ') })}`}{' '}
              <Link to={`/forms?study=${create.data.studyId}`} className="font-medium text-primary hover:underline" onClick={() => onOpenChange(false)}>
                {t('review.openForms')}
              </Link>
            </p>
          )}
        </section>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('review.close')}
          </Button>
          <Button type="button" onClick={submit} disabled={!ready || nothing || create.isPending || !!create.data} data-testid="protocol-create">
            {create.isPending ? t('review.creating') : live ? t('review.createLive') : t('review.create')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
