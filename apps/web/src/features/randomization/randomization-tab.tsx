// The study's Randomization tab (study managers and administrators): the test and the production
// scheme, each configured, simulated and — production only — taken live; once live, its allocations
// and unblinding report for administrators and the unblinded team. The Supply card (trial supply) is
// shown to everyone who reads the study's supply, site staff included (their own sites).
// scheme, each configured, simulated and — production only — taken live (on a generated list or an
// uploaded one); once live, its allocations and unblinding report for administrators and the unblinded
// team, and for administrators the planned unblinding of the whole study.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemeKind } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { AllocationsPanel } from './allocations-panel';
import { GoLiveCard } from './go-live-card';
import { ListUploadCard } from './list-upload-card';
import { PlannedUnblindingCard } from './planned-unblinding-card';
import { SchemeForm } from './scheme-form';
import { SimulationPanel } from './simulation-panel';
import { SupplyCard } from './supply-card';
import { UnblindedTeamCard } from './unblinded-team-card';
import { UnblindingReportCard } from './unblinding-report-card';
import { useCan } from '@/lib/auth';

export function RandomizationTab({ studyId, canManage, canSupply }: { studyId: number; canManage: boolean; canSupply: boolean }) {
  return (
    <div className="grid gap-6">
      {canManage && <SchemeSections studyId={studyId} />}
      {canSupply && <SupplyCard studyId={studyId} />}
    </div>
  );
}

function SchemeSections({ studyId }: { studyId: number }) {
  const { t } = useTranslation('randomization');
  const [kind, setKind] = useState<SchemeKind>('test');
  const isAdmin = useCan('randomization.unblindStudy');
  const query = trpc.randomization.get.useQuery({ studyId });
  if (query.isPending) return <Skeleton className="h-96" />;
  if (query.error) return <ErrorState message={query.error.message} />;
  const data = query.data;
  const scheme = kind === 'test' ? data.test : data.production;
  return (
    <div className="grid gap-6">
      <div className="flex gap-2" role="group" aria-label={t('kind.label')}>
        {(['test', 'production'] as const).map((k) => (
          <Button key={k} type="button" variant={k === kind ? 'default' : 'outline'} aria-pressed={k === kind} onClick={() => setKind(k)}>
            {t(`kind.${k}`)}
          </Button>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('form.title')}</CardTitle>
          <CardDescription>{t(`kind.${kind}Help`)}</CardDescription>
        </CardHeader>
        <CardContent>
          {/* keyed: another kind or a saved version starts from its stored values */}
          <SchemeForm key={`${kind}-${scheme?.version ?? 0}`} data={data} kind={kind} scheme={scheme} studyId={studyId} />
        </CardContent>
      </Card>
      {scheme && (
        <Card>
          <CardHeader>
            <CardTitle>{t('simulation.title')}</CardTitle>
            <CardDescription>{t('simulation.help')}</CardDescription>
          </CardHeader>
          <CardContent>
            <SimulationPanel key={kind} studyId={studyId} kind={kind} scheme={scheme} />
          </CardContent>
        </Card>
      )}
      {kind === 'production' && data.production && <GoLiveCard studyId={studyId} scheme={data.production} />}
      {kind === 'production' && data.production && <ListUploadCard studyId={studyId} scheme={data.production} />}
      {kind === 'production' && data.production?.status === 'live' && <AllocationsPanel studyId={studyId} />}
      {kind === 'production' && data.production?.status === 'live' && <UnblindingReportCard studyId={studyId} />}
      {kind === 'production' && isAdmin && <PlannedUnblindingCard studyId={studyId} />}
      {kind === 'production' && <UnblindedTeamCard studyId={studyId} />}
    </div>
  );
}
