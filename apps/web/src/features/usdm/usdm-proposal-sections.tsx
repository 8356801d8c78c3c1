// The sections of a USDM proposal under review: each item with the USDM object it came from.
import { useTranslation } from 'react-i18next';
import type { UsdmProposal } from '@ctp/contracts';
import { Badge } from '@/components/ui/badge';
import { Origin } from './usdm-origin';

function Section({ title, count, testId, children }: { title: string; count: number; testId: string; children: React.ReactNode }) {
  return (
    <section data-testid={testId} className="grid gap-1">
      <h4 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({count})</span>
      </h4>
      {children}
    </section>
  );
}

const row = 'flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm';

export function StudySection({ proposal }: { proposal: UsdmProposal }) {
  const { t } = useTranslation('usdm');
  const s = proposal.study;
  return (
    <Section title={t('review.study')} count={1} testId="usdm-study">
      <div className={row}>
        <span className="font-medium">{s.title}</span> <Origin origin={s.origin} />
      </div>
      <div className="text-xs text-muted-foreground">
        {t('review.phaseDecode', { phase: s.phaseDecode ?? '—' })} · {t('review.enrollment', { count: s.plannedEnrollment ?? 0 })} ·{' '}
        {s.therapeuticAreas.map((a) => a.decode).join(', ') || '—'}
      </div>
      <ul className="grid gap-0.5">
        {s.identifiers.map((i) => (
          <li key={i.origin.id} className={row}>
            <span className="font-mono">{i.text}</span>
            {i.scope && <span className="text-xs">{i.scope}</span>}
            <Origin origin={i.origin} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function DesignSection({ proposal }: { proposal: UsdmProposal }) {
  const { t } = useTranslation('usdm');
  return (
    <Section title={t('review.design')} count={proposal.arms.length + proposal.epochs.length + proposal.elements.length} testId="usdm-design">
      <ul className="grid gap-0.5">
        {proposal.arms.map((a) => (
          <li key={a.origin.id} className={row}>
            <Badge tone="primary">{t('review.arm')}</Badge> <span className="font-mono">{a.code}</span> {a.name} <Origin origin={a.origin} />
          </li>
        ))}
        {proposal.epochs.map((e) => (
          <li key={e.origin.id} className={row}>
            <Badge>{t('review.epoch')}</Badge> <span className="font-mono">{e.code}</span> <Origin origin={e.origin} />
          </li>
        ))}
        {proposal.elements.map((e) => (
          <li key={e.origin.id} className={row}>
            <Badge tone="info">{t('review.element')}</Badge> <span className="font-mono">{e.code}</span> {e.name} <Origin origin={e.origin} />
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t('review.cells', { count: proposal.cells.length })}</p>
    </Section>
  );
}

export function VisitsSection({ proposal }: { proposal: UsdmProposal }) {
  const { t } = useTranslation('usdm');
  return (
    <Section title={t('review.visits')} count={proposal.visits.length} testId="usdm-visits">
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="pr-2">{t('review.visit')}</th>
            <th className="pr-2">{t('review.day')}</th>
            <th className="pr-2">{t('review.window')}</th>
            <th>{t('review.origin')}</th>
          </tr>
        </thead>
        <tbody>
          {proposal.visits.map((v) => (
            <tr key={v.origin.id} data-testid="usdm-visit">
              <td className="pr-2">
                <span className="font-mono">{v.code}</span> {v.name}{' '}
                {v.unscheduled && <Badge tone="warning">{t('review.unscheduled')}</Badge>}
                {v.conditional && <Badge tone="warning">{t('review.conditional')}</Badge>}
              </td>
              <td className="pr-2 tabular-nums">{v.dayOffset ?? '—'}</td>
              <td className="pr-2 tabular-nums">
                −{v.windowBefore} / +{v.windowAfter}
              </td>
              <td>
                <Origin origin={v.origin} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function FormsSection({ proposal }: { proposal: UsdmProposal }) {
  const { t } = useTranslation('usdm');
  return (
    <Section title={t('review.forms')} count={proposal.forms.length} testId="usdm-forms">
      <ul className="grid gap-1">
        {proposal.forms.map((f) => (
          <li key={f.origin.id} className="grid gap-0.5">
            <div className={row}>
              <span className="font-medium">{f.name}</span>
              {f.libraryDomain ? <Badge tone="success">{t('review.library', { domain: f.libraryDomain })}</Badge> : <Badge>{t('review.draft')}</Badge>}
              <span className="text-xs">{t('review.dueAt', { visits: f.visitCodes.join(', ') })}</span>
              <Origin origin={f.origin} />
            </div>
            {f.concepts.length > 0 && (
              <div className="pl-3 text-xs text-muted-foreground">
                {f.concepts.map((c) => `${c.origin.name}${c.code ? ` (${c.code})` : ''}${c.field ? ` → ${c.field}` : ''}`).join('; ')}
              </div>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function CriteriaSection({ proposal }: { proposal: UsdmProposal }) {
  const { t } = useTranslation('usdm');
  return (
    <Section title={t('review.criteria')} count={proposal.criteria.length} testId="usdm-criteria">
      <ul className="grid gap-0.5">
        {proposal.criteria.map((c) => (
          <li key={c.origin.id} className={row}>
            <span className="font-mono">{c.code}</span> {c.text}
            {c.unresolved.length > 0 && <Badge tone="warning">{t('review.unresolved', { tags: c.unresolved.join(', ') })}</Badge>}
            <Origin origin={c.origin} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ObjectivesSection({ proposal }: { proposal: UsdmProposal }) {
  const { t } = useTranslation('usdm');
  return (
    <Section title={t('review.objectives')} count={proposal.objectives.length} testId="usdm-objectives">
      <ul className="grid gap-1">
        {proposal.objectives.map((o) => (
          <li key={o.origin.id} className="grid gap-0.5">
            <div className={row}>
              <Badge tone="primary">{t(`level.${o.level}`)}</Badge> {o.text} <Origin origin={o.origin} />
            </div>
            <ul className="grid gap-0.5 pl-4">
              {o.endpoints.map((e) => (
                <li key={e.origin.id} className={row}>
                  <Badge>{t(`level.${e.level}`)}</Badge> {e.text} <Origin origin={e.origin} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
