import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  Brain,
  Keyboard,
  BarChart3,
  ShieldCheck,
  Sparkles,
  Boxes,
  Link2,
  Mic,
  ArrowRight,
} from 'lucide-react';
import { DASHBOARD_ACTIVE_STUDIES, INSIGHTS_REFETCH_MS, SKELETONS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCan } from '@/lib/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { ErrorState } from '@/components/ui/states';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';
import { QualityInsightsCard } from '@/features/dashboard/quality-insights-card';
import { ComplianceStatusCard } from '@/features/dashboard/compliance-status-card';
import { AdverseEventCard } from '@/features/data-entry/adverse-event-card';
import { ProtocolUploadCard } from '@/features/protocol/protocol-upload-card';
import { PhaseBadge } from '@/components/ui/phase-badge';
import { DocumentTitle } from '@/components/document-title';

export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  // The page's one h1 (the banner below is its first section): named like the side bar's entry.
  const heading = (
    <>
      <h1 className="sr-only">{tc('nav.dashboard')}</h1>
      <DocumentTitle title={tc('nav.dashboard')} />
    </>
  );
  const overview = trpc.dashboard.overview.useQuery();
  // Roles that cannot create studies get the studies list wording on the AI Form Builder card.
  const canCreateStudy = useCan('study.create');
  // Never considered fresh; while the server still answers with defaults, ask again every 30 s.
  const insights = trpc.dashboard.insights.useQuery(undefined, {
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.isStatic ? INSIGHTS_REFETCH_MS : false),
  });

  if (overview.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        {heading}
        <Skeleton className="h-36 w-full" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: SKELETONS.dashboardCards }, (_, i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      </div>
    );
  }
  if (overview.error) {
    return (
      <>
        {heading}
        <ErrorState message={overview.error.message} />
      </>
    );
  }

  const score = overview.data.dataQualityScore;
  // The improvement is measured against the enrollment plan; below it the banner says 'behind plan'
  // rather than a negative 'better than average'.
  const insightsText = (improvement: string | undefined, count: number) => {
    const percent = Number.parseFloat(improvement ?? '');
    return percent < 0
      ? t('insights.textBehind', { improvement: `${Math.abs(percent)}%`, count })
      : t('insights.text', { improvement: improvement ?? '—', count });
  };
  const actions = [
    {
      icon: Brain,
      title: t('actions.formBuilder.title'),
      description: t('actions.formBuilder.description'),
      cta: t(canCreateStudy ? 'actions.formBuilder.cta' : 'actions.formBuilder.ctaView'),
      to: '/studies',
    },
    {
      icon: Keyboard,
      title: t('actions.dataEntry.title'),
      description: t('actions.dataEntry.description'),
      cta: t('actions.dataEntry.cta'),
      to: '/data-entry',
    },
    {
      icon: BarChart3,
      title: t('actions.analytics.title'),
      description: t('actions.analytics.description'),
      cta: t('actions.analytics.cta'),
      to: '/analytics',
    },
    {
      icon: ShieldCheck,
      title: t('actions.compliance.title'),
      description: t('actions.compliance.description'),
      cta: t('actions.compliance.cta'),
      to: '/compliance',
    },
  ];
  const capabilities = [
    {
      icon: Boxes,
      title: t('capabilities.digitalTwin.title'),
      tag: t('capabilities.digitalTwin.tag'),
      text: t('capabilities.digitalTwin.text'),
      now: t('capabilities.digitalTwin.now'),
    },
    {
      icon: Link2,
      title: t('capabilities.blockchain.title'),
      tag: t('capabilities.blockchain.tag'),
      text: t('capabilities.blockchain.text'),
      now: t('capabilities.blockchain.now'),
      action: <Link to="/compliance" className="text-sm font-medium text-primary hover:underline">{t('capabilities.blockchain.cta')}</Link>,
    },
    {
      icon: Mic,
      title: t('capabilities.conversational.title'),
      tag: t('capabilities.conversational.tag'),
      text: t('capabilities.conversational.text'),
      now: t('capabilities.conversational.now'),
      action: (
        <button
          type="button"
          className="text-left text-sm font-medium text-primary hover:underline"
          // The top bar's search listens for Ctrl+K.
          onClick={() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true }))}
        >
          {t('capabilities.conversational.cta')}
        </button>
      ),
    },
  ];

  return (
    <div className="grid gap-6">
      {heading}
      <Card
        className="border-0 bg-gradient-to-r from-blue-600 to-indigo-600 text-white"
        data-testid="insights-banner"
      >
        <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-5">
          <div className="flex items-start gap-3">
            <Sparkles className="mt-1 h-6 w-6 shrink-0" aria-hidden />
            <div>
              <div className="flex items-center gap-2">
                <h2 className="text-lg font-semibold">{t('insights.title')}</h2>
                {insights.data?.isStatic && (
                  <Badge className="border-white/30 bg-white/20 text-white">{t('insights.refreshing')}</Badge>
                )}
              </div>
              <p className="text-sm text-blue-100" data-testid="insights-text">
                {insightsText(
                  insights.data?.performanceImprovement,
                  insights.data?.optimizationOpportunities ?? 0,
                )}
              </p>
            </div>
          </div>
          <div className="flex items-center gap-4">
            <div className="text-right">
              <div className="text-3xl font-bold" data-testid="data-quality-score">
                {score}%
              </div>
              <div className="text-xs text-blue-100">{t('insights.dataQualityScore')}</div>
            </div>
            <Button asChild variant="secondary" size="sm">
              <Link to="/analytics">{t('insights.viewDetails')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {actions.map((a) => (
          <Card key={a.to} className="transition-shadow hover:shadow-md">
            <CardHeader>
              <a.icon className="h-6 w-6 text-primary" aria-hidden />
              <CardTitle>{a.title}</CardTitle>
              <CardDescription>{a.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline" size="sm" className="w-full">
                <Link to={a.to}>{a.cta}</Link>
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <ProtocolUploadCard />
          <AdverseEventCard />
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>{t('activeStudies.title')}</CardTitle>
              <Link to="/studies" className="flex items-center gap-1 text-sm text-primary hover:underline">
                {t('activeStudies.viewAll')} <ArrowRight className="h-4 w-4" />
              </Link>
            </CardHeader>
            <CardContent className="grid gap-3">
              {overview.data.studies.slice(0, DASHBOARD_ACTIVE_STUDIES).map((s) => (
                <Link
                  key={s.id}
                  to="/studies"
                  className="grid gap-2 rounded-lg border border-border p-3 hover:bg-muted"
                  data-testid="active-study"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-semibold">{s.studyId}</span>
                    <PhaseBadge phase={s.phase} />
                    <StatusBadge status={s.status} />
                  </div>
                  <div className="text-sm">{s.title}</div>
                  <EnrollmentBar current={s.currentEnrollment} target={s.targetEnrollment} />
                </Link>
              ))}
              {!overview.data.studies.length && (
                <p className="text-sm text-muted-foreground">{t('activeStudies.empty')}</p>
              )}
            </CardContent>
          </Card>
          <QualityInsightsCard />
          <ComplianceStatusCard />
        </div>
      </div>

      <section>
        <h2 className="mb-3 text-lg font-semibold">{t('capabilities.title')}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          {capabilities.map((c) => (
            <Card key={c.title}>
              <CardHeader>
                <div className="flex items-center justify-between">
                  <c.icon className="h-6 w-6 text-primary" aria-hidden />
                  <Badge tone="info">{c.tag}</Badge>
                </div>
                <CardTitle>{c.title}</CardTitle>
                <CardDescription>{c.text}</CardDescription>
                {/* What the card is in this version, in plain words, and where it leads. */}
                <p className="text-xs text-muted-foreground" data-testid="capability-now">
                  {c.now}
                </p>
                {'action' in c && c.action}
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
