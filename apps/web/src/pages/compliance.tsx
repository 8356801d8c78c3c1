// Compliance & Regulatory (/compliance): the computed regulatory status, audit readiness from named
// checks, what the audit trail guarantees, the latest audit activity and three evidence downloads,
// over the study chosen in the header (kept in the URL as ?study=) or all the user's studies.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/states';
import { useStudyParam } from '@/lib/use-study-param';
import { StudyFilter } from '@/features/compliance/study-filter';
import { ComplianceSkeleton } from '@/features/compliance/compliance-skeleton';
import { StatusCard } from '@/features/compliance/status-card';
import { ReadinessCard } from '@/features/compliance/readiness-card';
import { AuditFeatures } from '@/features/compliance/audit-features';
import { RecentAudit } from '@/features/compliance/recent-audit';
import { DownloadCards } from '@/features/compliance/download-cards';

export default function CompliancePage() {
  const { t } = useTranslation('compliance');
  const { studyId, setStudy } = useStudyParam();
  const overview = trpc.compliance.overview.useQuery({ studyId });
  const data = overview.data;
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} actions={<StudyFilter value={studyId} onChange={setStudy} />} />
      <div className="grid gap-6">
        {overview.error ? (
          <ErrorState message={overview.error.message} />
        ) : !data ? (
          <ComplianceSkeleton />
        ) : (
          <>
            <div className="grid gap-6 lg:grid-cols-2">
              <StatusCard status={data.status} />
              <ReadinessCard readiness={data.readiness} />
            </div>
            <AuditFeatures />
            <RecentAudit entries={data.recent} />
          </>
        )}
        <DownloadCards studyId={studyId} />
      </div>
    </div>
  );
}
