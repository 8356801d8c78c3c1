// The queries lists' pager: the shared one.
import { PageNav } from '@/components/page-nav';

export function QueriesPager(props: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  return <PageNav ns="queries" {...props} />;
}
