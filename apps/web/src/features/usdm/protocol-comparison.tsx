// In the USDM import review: the same protocol's PDF/DOCX analysed on the server and compared with the USDM
// document, visit by visit and assessment by assessment (which each found, and what differs). Reading
// the protocol creates nothing.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { PROTOCOL_ACCEPT, type UsdmProposal } from '@ctp/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { analyzeProtocol, ProtocolAnalysisError } from '@/features/protocol/analyze-protocol';
import { compareWithProtocol, type AssessmentSide, type MatchKind, type Row, type VisitSide } from './compare-with-protocol';

const tone: Record<MatchKind, BadgeTone> = { same: 'success', differs: 'warning', usdmOnly: 'primary', protocolOnly: 'info' };

function MatchBadge({ row }: { row: Row<unknown> }) {
  const { t } = useTranslation('usdm');
  return (
    <Badge tone={tone[row.match]}>
      {t(`compare.match.${row.match}`)}
      {row.differences.length > 0 && `: ${row.differences.map((d) => t(`compare.difference.${d}`)).join(', ')}`}
    </Badge>
  );
}

function visitText(v: VisitSide | null, t: (k: string, o?: Record<string, unknown>) => string) {
  if (!v) return '—';
  const day = v.day === null ? t('compare.noDay') : t('compare.day', { day: v.day });
  return `${v.name} · ${day} · ${t('compare.window', { before: v.windowBefore, after: v.windowAfter })}`;
}

function assessmentText(a: AssessmentSide | null) {
  if (!a) return '—';
  return `${a.name}${a.libraryDomain ? ` (${a.libraryDomain})` : ''} · ${a.visits.join(', ') || '—'}`;
}

function Table<T>({ testId, title, rows, text }: { testId: string; title: string; rows: Row<T>[]; text: (x: T | null) => string }) {
  const { t } = useTranslation('usdm');
  return (
    <div className="grid gap-1" data-testid={testId}>
      <h5 className="text-sm font-medium">{title}</h5>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-1 pr-2 font-medium">{t('compare.usdmSide')}</th>
              <th className="py-1 pr-2 font-medium">{t('compare.protocolSide')}</th>
              <th className="py-1 font-medium">{t('compare.result')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-t" data-match={r.match}>
                <td className="py-1 pr-2">{text(r.usdm)}</td>
                <td className="py-1 pr-2">{text(r.protocol)}</td>
                <td className="py-1">
                  <MatchBadge row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ProtocolComparison({ proposal }: { proposal: UsdmProposal }) {
  const { t } = useTranslation('usdm');
  const [file, setFile] = useState<File | null>(null);
  const analysis = useMutation({ mutationFn: analyzeProtocol });
  const comparison = analysis.data ? compareWithProtocol(proposal, analysis.data) : null;
  const failure = analysis.error instanceof ProtocolAnalysisError ? (analysis.error.reason ?? analysis.error.message) : analysis.error ? String(analysis.error) : null;
  return (
    <section className="grid gap-2 rounded-md border p-3" data-testid="usdm-compare">
      <h4 className="text-sm font-semibold">{t('compare.title')}</h4>
      <p className="text-xs text-muted-foreground">{t('compare.description')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="usdm-compare-file">{t('compare.file')}</Label>
          <Input id="usdm-compare-file" type="file" accept={PROTOCOL_ACCEPT} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <Button type="button" variant="outline" disabled={!file || analysis.isPending} onClick={() => file && analysis.mutate(file)}>
          {analysis.isPending ? t('compare.reading') : t('compare.run')}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      {comparison && analysis.data && (
        <div className="grid gap-3">
          <p className="text-xs" data-testid="usdm-compare-summary">
            {t('compare.summary', {
              file: analysis.data.document.fileName,
              visitsSame: comparison.summary.visits.same,
              visitsDiffer: comparison.summary.visits.differs,
              visitsUsdm: comparison.summary.visits.usdmOnly,
              visitsProtocol: comparison.summary.visits.protocolOnly,
              formsSame: comparison.summary.assessments.same,
              formsDiffer: comparison.summary.assessments.differs,
              formsUsdm: comparison.summary.assessments.usdmOnly,
              formsProtocol: comparison.summary.assessments.protocolOnly,
            })}
          </p>
          <Table testId="usdm-compare-visits" title={t('compare.visits')} rows={comparison.visits} text={(v) => visitText(v, t)} />
          <Table testId="usdm-compare-assessments" title={t('compare.assessments')} rows={comparison.assessments} text={assessmentText} />
        </div>
      )}
    </section>
  );
}
