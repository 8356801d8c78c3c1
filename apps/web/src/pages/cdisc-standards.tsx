// CDISC standards (/cdisc-standards): Import Standards (a dialog loading a newer SDTMIG or CDASHIG export,
// for administrators and data managers; disabled with its reason for the others), Export Define.xml and
// Generate SDTM (they open their tabs) in the header, the four summary cards (figures that need study
// mappings and validation runs: Mapped Domains and AI Suggestions computed from the study's mappings,
// Compliance Score and Validation Issues from the latest SDTM validation), and five tabs. Domains works
// on the current version of each loaded standard (shipped: SDTMIG 3.4, CDASHIG 2.2): search and type filter on the server, domain cards, View Variables. AI
// Mappings suggests, and lets a data manager approve or edit, each form field's SDTM target.
// SDTM Export generates a study's datasets as a job and offers each as XPT, CSV and Dataset-JSON (all as a
// zip with a define.xml); Generate SDTM in the header opens it. Validation runs the CDISC CORE rules and
// the product's checks on the latest SDTM run and lists errors and warnings. Define.xml summarises the
// latest generated datasets and downloads their Define-XML 2.1.
// Tab, search, type, page, study, form and mapping mode live in the URL.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CDISC_TABS, useCdiscParams } from '@/features/cdisc/use-cdisc-params';
import { HeaderActions, HeaderActionsNote } from '@/features/cdisc/header-actions';
import { DefineTab } from '@/features/cdisc/define-tab';
import { SummaryCards } from '@/features/cdisc/summary-cards';
import { DOMAINS_PAGE_SIZE, DomainsTab } from '@/features/cdisc/domains-tab';
import { MappingsTab } from '@/features/cdisc/mappings-tab';
import { SdtmExportTab } from '@/features/cdisc/sdtm-export-tab';
import { ValidationTab } from '@/features/cdisc/validation-tab';

export default function CdiscStandardsPage() {
  const { t } = useTranslation('cdisc');
  const p = useCdiscParams(DOMAINS_PAGE_SIZE);
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} actions={<HeaderActions onGenerate={() => p.setTab('export')} onDefine={() => p.setTab('define')} />} />
      <HeaderActionsNote />
      <div className="grid gap-6">
        <SummaryCards studyId={p.studyId} onStudy={p.setStudy} />
        <Tabs value={p.tab} onValueChange={p.setTab}>
          <TabsList className="h-auto flex-wrap">
            {CDISC_TABS.map((key) => (
              <TabsTrigger key={key} value={key}>
                {t(`tabs.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="domains">
            <DomainsTab
              search={p.search}
              type={p.type}
              page={p.page}
              offset={p.offset}
              onSearch={p.setSearch}
              onType={p.setType}
              onPage={p.setPage}
            />
          </TabsContent>
          <TabsContent value="mappings">
            <MappingsTab studyId={p.studyId} formId={p.formId} mode={p.mode} onStudy={p.setStudy} onForm={p.setForm} onMode={p.setMode} />
          </TabsContent>
          <TabsContent value="export">
            <SdtmExportTab studyId={p.studyId} />
          </TabsContent>
          <TabsContent value="validation">
            <ValidationTab studyId={p.studyId} onGenerate={() => p.setTab('export')} />
          </TabsContent>
          <TabsContent value="define">
            <DefineTab studyId={p.studyId} onGenerateSdtm={() => p.setTab('export')} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
