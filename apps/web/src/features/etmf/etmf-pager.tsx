// The eTMF lists' pager: the shared one, with rows per page (10, 25, 50) where the list offers them.
import { PageNav } from '@/components/page-nav';

export function EtmfPager(props: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize?: (size: number) => void;
}) {
  return <PageNav ns="etmf" {...props} />;
}
