// Trial detail tab Overview: the trial's sites (number, name, location, investigator, enrolled/target)
// and its recent documents from the eTMF, each opening its record there.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { EnrollmentBar } from '@/features/enrollment/enrollment-bar';
import type { TrialDetail } from './trial-header';

export function TrialOverviewTab({ trial }: { trial: TrialDetail }) {
  const { t } = useTranslation('ctms');
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('detail.sites', { count: trial.sites.length })}</CardTitle>
        </CardHeader>
        <CardContent>
          {trial.sites.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('detail.noSites')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-xs uppercase text-muted-foreground">
                  <tr>
                    <th className="py-2 pr-3 font-medium">{t('sites.number')}</th>
                    <th className="py-2 pr-3 font-medium">{t('sites.name')}</th>
                    <th className="py-2 pr-3 font-medium">{t('sites.location')}</th>
                    <th className="py-2 pr-3 font-medium">{t('sites.investigator')}</th>
                    <th className="py-2 pr-3 font-medium">{t('sites.status')}</th>
                    <th className="w-48 py-2 font-medium">{t('sites.enrolled')}</th>
                  </tr>
                </thead>
                <tbody>
                  {trial.sites.map((s) => (
                    <tr key={s.id} className="border-t border-border" data-testid="trial-site">
                      <td className="whitespace-nowrap py-2 pr-3 font-mono text-xs">{s.number}</td>
                      <td className="py-2 pr-3">
                        <Link to={`/sites/${s.id}`} className="text-primary hover:underline">
                          {s.name}
                        </Link>
                      </td>
                      <td className="py-2 pr-3">{s.location || '—'}</td>
                      <td className="py-2 pr-3">{s.pi || '—'}</td>
                      <td className="py-2 pr-3">
                        <StatusBadge status={s.status} />
                      </td>
                      <td className="py-2">
                        <EnrollmentBar
                          current={s.enrollment}
                          target={s.target}
                          label={t('sites.enrolledShort')}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('detail.documents')}</CardTitle>
        </CardHeader>
        <CardContent>
          {trial.documents.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="no-documents">
              {t('detail.noDocuments')}
            </p>
          ) : (
            <ul className="grid gap-2">
              {trial.documents.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-3 text-sm" data-testid="trial-document">
                  <Link to={`/etmf?doc=${d.id}`} className="flex-1 font-medium text-primary hover:underline">
                    {d.name}
                  </Link>
                  <span className="text-muted-foreground">{d.type}</span>
                  <span className="text-muted-foreground">{formatDate(d.date)}</span>
                  <StatusBadge status={d.status} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
