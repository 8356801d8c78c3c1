import { Link } from 'react-router-dom';
import type { StudySummary } from '@ctp/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';
import { PhaseBadge } from '@/components/ui/phase-badge';

/** A study card: code, phase, status, title and enrollment, linking to the study's detail. */
export function StudyCard({
  study,
}: {
  study: Pick<
    StudySummary,
    'id' | 'studyId' | 'phase' | 'status' | 'title' | 'currentEnrollment' | 'targetEnrollment'
  >;
}) {
  return (
    <Link
      to={`/studies/${study.id}`}
      className="block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
      data-testid="study-card"
    >
      <Card className="h-full transition-shadow hover:shadow-md">
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold" data-testid="study-card-code">
              {study.studyId}
            </span>
            <PhaseBadge phase={study.phase} />
            <StatusBadge status={study.status} className="ml-auto" />
          </div>
          <CardTitle className="line-clamp-2 leading-snug">{study.title}</CardTitle>
        </CardHeader>
        <CardContent>
          <EnrollmentBar current={study.currentEnrollment} target={study.targetEnrollment} />
        </CardContent>
      </Card>
    </Link>
  );
}
