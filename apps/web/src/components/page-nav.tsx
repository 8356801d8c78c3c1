// Server-side paging for a list: 'Showing a–b of N', optionally rows per page (10, 25, 50), Previous,
// 'Page X of Y', Next. The words come from the list's own namespace (keys pager.*).
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZES } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { formatNumber } from '@/lib/format';
import { lastPage } from '@/lib/use-page-in-range';

export function PageNav({
  ns,
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  ns: string;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Offer the page sizes when given. */
  onPageSize?: (size: number) => void;
}) {
  const { t } = useTranslation(ns);
  const pages = lastPage(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label={t('pager.label')}>
      <span className="text-muted-foreground" data-testid="pagination-range">
        {t('pager.showing', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        {onPageSize && (
          <label className="flex items-center gap-2 text-muted-foreground">
            {t('pager.rowsPerPage')}
            <NativeSelect
              className="h-8 w-20"
              value={pageSize}
              onChange={(e) => onPageSize(Number(e.target.value))}
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </label>
        )}
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
