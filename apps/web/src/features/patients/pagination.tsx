// Server-side pagination controls: 'Showing x–y of total', page size (spec section 9: 10, 25, 50),
// previous and next.
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGE_SIZES } from '@ctp/contracts';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';

export function Pagination({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation('patients');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
      aria-label={t('pagination.label')}
    >
      <span className="text-muted-foreground" data-testid="pagination-range">
        {t('pagination.showing', { from, to, total })}
      </span>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2 text-muted-foreground">
          {t('pagination.perPage')}
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
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('pagination.previous')}
        >
          <ChevronLeft />
        </Button>
        <span className="tabular-nums">{t('pagination.page', { page, pages })}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('pagination.next')}
        >
          <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
