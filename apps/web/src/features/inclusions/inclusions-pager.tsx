// The inclusions list's pager: the shared one, with rows per page (10, 25, 50).
import { PageNav } from '@/components/page-nav';

export function InclusionsPager(props: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  return <PageNav ns="inclusions" {...props} />;
}
