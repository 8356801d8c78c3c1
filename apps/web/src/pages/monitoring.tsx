// Data Monitoring (/monitoring): four query tiles over the chosen study, then the Data Queries tab
// (searched, filtered and paged on the server) and the Audit Trail tab (audit.read). The tab and the
// filters live in the URL.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMonitoringParams } from '@/features/monitoring/use-monitoring-params';
import { MonitoringTiles } from '@/features/monitoring/monitoring-tiles';
import { QueriesTab } from '@/features/monitoring/queries-tab';
import { AuditTab } from '@/features/monitoring/audit-tab';

export default function MonitoringPage() {
  const { t } = useTranslation('monitoring');
  const params = useMonitoringParams();
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid gap-6">
        <MonitoringTiles studyId={params.studyId} />
        <Tabs value={params.tab} onValueChange={params.setTab}>
          <TabsList>
            <TabsTrigger value="queries">{t('tabs.queries')}</TabsTrigger>
            <TabsTrigger value="audit">{t('tabs.audit')}</TabsTrigger>
          </TabsList>
          <TabsContent value="queries">
            <QueriesTab params={params} />
          </TabsContent>
          <TabsContent value="audit">
            <AuditTab params={params} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
