// A site card of the Sites list, linking to its detail.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MapPin, UserRound, FlaskConical, CalendarClock } from 'lucide-react';
import type { RouterOutputs } from '@/lib/trpc';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';

type Site = RouterOutputs['sites']['list']['items'][number];

export function SiteCard({ site }: { site: Site }) {
  const { t } = useTranslation('sites');
  return (
    <Link
      to={`/sites/${site.id}`}
      className="group rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      data-testid="site-card"
    >
      <Card className="h-full transition-shadow group-hover:shadow-md">
        <CardHeader className="gap-2">
          <div className="flex items-center justify-between gap-2">
            <span className="font-mono text-sm font-semibold text-primary">{site.siteNumber}</span>
            <StatusBadge status={site.status} />
          </div>
          <h3 className="font-semibold leading-snug">{site.siteName}</h3>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <div className="grid gap-1.5 text-muted-foreground">
            <span className="flex items-center gap-2">
              <UserRound className="h-4 w-4 shrink-0" aria-hidden />
              <span className="sr-only">{t('card.pi')}: </span>
              {site.principalInvestigator ?? t('card.noPi')}
            </span>
            <span className="flex items-center gap-2">
              <MapPin className="h-4 w-4 shrink-0" aria-hidden />
              <span className="sr-only">{t('card.address')}: </span>
              {site.address ?? '—'}
            </span>
            <span className="flex items-center gap-2">
              <FlaskConical className="h-4 w-4 shrink-0" aria-hidden />
              {t('card.studies', { count: site.studyCount })}
            </span>
          </div>
          <EnrollmentBar current={site.currentEnrollment} target={site.enrollmentTarget} />
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <CalendarClock className="h-3.5 w-3.5" aria-hidden />
            {t('card.lastActivity', { date: formatDate(site.lastActivity) })}
          </span>
        </CardContent>
      </Card>
    </Link>
  );
}

export function SiteCardSkeleton() {
  return <Skeleton className="h-64 rounded-xl" />;
}
