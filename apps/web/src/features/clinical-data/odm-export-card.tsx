// "Export ODM clinical data" on the study page's Forms tab (data managers, monitors, administrators):
// the whole study, one site or one subject, with or without the audit trail, the signatures and the
// query threads. The file comes from GET /api/studies/{id}/odm, streamed by the server as it is written.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { ODM_EXPORT_INCLUDES, type OdmExportInclude } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { useCanInStudy } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The REST path with the chosen options (include: the chosen ones; empty for none). */
export function odmExportUrl(studyId: number, opts: { siteId?: number; patientId?: number; include: OdmExportInclude[] }): string {
  const q = new URLSearchParams();
  if (opts.siteId) q.set('siteId', String(opts.siteId));
  if (opts.patientId) q.set('patientId', String(opts.patientId));
  q.set('include', opts.include.join(','));
  return `/api/studies/${studyId}/odm?${q.toString()}`;
}

export function OdmExportCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('dataout');
  const canExport = useCanInStudy(studyId, 'clinicalData.export');
  const [siteId, setSiteId] = useState<number | undefined>();
  const [patientId, setPatientId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const [include, setInclude] = useState<OdmExportInclude[]>([...ODM_EXPORT_INCLUDES]);
  const sites = trpc.sites.list.useQuery({ studyId, limit: 100 }, { enabled: canExport });
  const subjects = trpc.patients.list.useQuery(
    { studyId, siteId, search: search.trim() || undefined, limit: 25 },
    { enabled: canExport, placeholderData: keepPreviousData },
  );
  if (!canExport) return null;
  const toggle = (what: OdmExportInclude, on: boolean) => setInclude((list) => ODM_EXPORT_INCLUDES.filter((i) => (i === what ? on : list.includes(i))));
  return (
    <Card data-testid="odm-export">
      <CardHeader>
        <CardTitle>{t('odm.title')}</CardTitle>
        <CardDescription>{t('odm.text')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="odm-site">{t('odm.site')}</Label>
            <NativeSelect
              id="odm-site"
              value={siteId ?? ''}
              onChange={(e) => {
                setSiteId(e.target.value ? Number(e.target.value) : undefined);
                setPatientId(undefined);
              }}
            >
              <option value="">{t('odm.allSites')}</option>
              {sites.data?.items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.siteNumber} — {s.siteName}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="odm-subject-search">{t('odm.searchSubject')}</Label>
            <Input id="odm-subject-search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('odm.searchPlaceholder')} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="odm-subject">{t('odm.subject')}</Label>
            <NativeSelect id="odm-subject" value={patientId ?? ''} onChange={(e) => setPatientId(e.target.value ? Number(e.target.value) : undefined)}>
              <option value="">{t('odm.allSubjects')}</option>
              {subjects.data?.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.patientId}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">{t('odm.include')}</legend>
          {ODM_EXPORT_INCLUDES.map((i) => (
            <label key={i} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4 accent-primary" checked={include.includes(i)} onChange={(e) => toggle(i, e.target.checked)} />
              {t(`odm.includes.${i}`)}
            </label>
          ))}
        </fieldset>
        <div>
          <Button asChild variant="outline">
            <a href={odmExportUrl(studyId, { siteId, patientId, include })} download data-testid="odm-export-download">
              <FileDown aria-hidden /> {t('odm.button')}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
