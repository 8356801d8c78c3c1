// Server-side paging: 'Showing a–b of N', Previous, 'Page X of Y', Next.
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { lastPage } from '@/lib/use-page-in-range';

export function QueriesPager({
  total,
  page,
  pageSize,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('queries');
  const pages = lastPage(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label={t('pager.label')}>
      <span className="text-muted-foreground" data-testid="pagination-range">
        {t('pager.showing', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> {t('pager.previous')}
        </Button>
        <span className="tabular-nums" data-testid="pagination-page">
          {t('pager.page', { page: formatNumber(page), pages: formatNumber(pages) })}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pager.next')} <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
