// eTMF (/etmf): the trial master file. Title and Upload Document, four summary tiles (Documents, Pending
// Review, Expiring, Storage Used) and four tabs: All Documents (search, study, status and review filters,
// a paged table with a row menu), By Category (the TMF Reference Model tree with document counts),
// Pending Review (the review queue, the user's own first) and Reports (TMF completeness). Tab, filters,
// page and the open document (?doc=) live in the URL; 6 card skeletons show while the screen loads. The
// server decides every step of a document's review; the dialogs show its refusals.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '@/lib/trpc';
import { usePageInRange } from '@/lib/use-page-in-range';
import { PageHeader } from '@/components/page-header';
import { ErrorState } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ETMF_TABS, useEtmfParams } from '@/features/etmf/use-etmf-params';
import { useDocumentPermissions, type ActiveDocumentDialog, type OnDocumentAction } from '@/features/etmf/document-actions';
import { EtmfLoading } from '@/features/etmf/etmf-loading';
import { EtmfSummary } from '@/features/etmf/etmf-summary';
import { AllDocumentsTab } from '@/features/etmf/all-documents-tab';
import { CategoryTab } from '@/features/etmf/category-tab';
import { PendingReviewTab } from '@/features/etmf/pending-review-tab';
import { ReportsTab } from '@/features/etmf/reports-tab';
import { DocumentDialogs } from '@/features/etmf/document-dialogs';
import { DocumentDetailsDialog } from '@/features/etmf/document-details-dialog';
import { UploadDocumentDialog } from '@/features/etmf/upload-document-dialog';

export default function EtmfPage() {
  const { t } = useTranslation('etmf');
  const can = useDocumentPermissions();
  const { filter, search, filtered, page, pageSize, offset, tab, doc, update, setTab, openDocument } = useEtmfParams();
  const summary = trpc.etmf.summary.useQuery({ studyId: filter.studyId }, { placeholderData: keepPreviousData });
  const list = trpc.etmf.list.useQuery({ ...filter, limit: pageSize, offset }, { placeholderData: keepPreviousData });
  const pastEnd = usePageInRange(page, pageSize, list.data?.total);
  const [active, setActive] = useState<ActiveDocumentDialog>(null);
  const onAction: OnDocumentAction = useCallback(
    (action, row) => {
      if (action === 'view') {
        openDocument(row.id);
        return;
      }
      // A step taken from the details dialog replaces it.
      openDocument(null);
      setActive({ action, row });
    },
    [openDocument],
  );
  const chooseTmf = useCallback(
    (tmf: string) => {
      update({ tmf });
      setTab('all');
    },
    [update, setTab],
  );

  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} actions={<UploadDocumentDialog />} />
      {summary.isPending || list.isPending ? (
        <EtmfLoading />
      ) : (
        <div className="grid gap-6">
          {summary.error ? <ErrorState message={summary.error.message} /> : <EtmfSummary summary={summary.data} />}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="h-auto flex-wrap">
              {ETMF_TABS.map((key) => (
                <TabsTrigger key={key} value={key}>
                  {t(`tabs.${key}`)}
                  {key === 'review' && !!summary.data?.myReviews && (
                    <span className="ml-1.5 rounded-full bg-blue-600 px-1.5 text-[11px] font-semibold text-white" aria-label={t('cards.forYou', { count: summary.data.myReviews, value: summary.data.myReviews })}>
                      {summary.data.myReviews}
                    </span>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="all">
              <AllDocumentsTab
                search={search}
                filter={filter}
                filtered={filtered}
                page={page}
                pageSize={pageSize}
                list={{ data: list.data, error: list.error, stale: list.isPlaceholderData, pastEnd }}
                can={can}
                onChange={update}
                onAction={onAction}
              />
            </TabsContent>
            <TabsContent value="category">
              <CategoryTab studyId={filter.studyId} onChoose={chooseTmf} />
            </TabsContent>
            <TabsContent value="review">
              <PendingReviewTab studyId={filter.studyId} can={can} onAction={onAction} />
            </TabsContent>
            <TabsContent value="reports">
              <ReportsTab studyId={filter.studyId} onOpen={openDocument} />
            </TabsContent>
          </Tabs>
        </div>
      )}
      {doc !== undefined && <DocumentDetailsDialog key={doc} id={doc} can={can} onAction={onAction} onClose={() => openDocument(null)} />}
      <DocumentDialogs active={active} onClose={() => setActive(null)} />
    </div>
  );
}
