import type { ReactNode } from 'react';
import { pageCount } from '@lbs/domain/paging';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';

/** What a paged RTK Query hook answers that a list needs. */
export interface PagedQuery<T> {
  data?: { items: T[]; total: number; page_size: number };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * One of the customer page's lists: its rows from the server a page at a time, the pager under
 * them. A failed load shows the error and Try again, never an empty list; a page being fetched
 * dims the one shown.
 */
export function PagedList<T>({
  caption,
  query,
  page,
  onPage,
  columns,
  rowKey,
  empty,
  children,
}: {
  caption: string;
  query: PagedQuery<T>;
  page: number;
  onPage: (page: number) => void;
  /** A table (and cards on phones); or leave out and render the rows with `children`. */
  columns?: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => string | number;
  empty: string;
  children?: (rows: T[]) => ReactNode;
}) {
  const { data, isLoading, isFetching, isError, refetch } = query;
  if (isError) return <LoadFailed onRetry={() => void refetch()} busy={isFetching} />;
  let body: ReactNode;
  if (children && data && data.items.length) body = children(data.items);
  else if (children && !isLoading && data) body = <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-500">{empty}</p>;
  else body = <DataTable caption={caption} columns={columns ?? []} rows={data?.items} rowKey={rowKey} loading={isLoading || !data} empty={empty} dense />;
  return (
    <>
      <div className={`transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
        {body}
      </div>
      {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={onPage} label={`${caption} pages`} /> : null}
    </>
  );
}
