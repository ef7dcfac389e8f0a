import type { ReactNode } from 'react';
import type { UseQueryResult } from '@sports/query';
import { EmptyState, ErrorState, LoadingState } from './states';

/** The parts of a TanStack Query result the kit reads. */
export type QueryLike<TData> = Pick<UseQueryResult<TData, unknown>, 'data' | 'error' | 'isPending' | 'isFetching' | 'refetch'>;

export interface QueryViewProps<TData> {
  query: QueryLike<TData>;
  /** Renders the data. */
  children: (data: TData) => ReactNode;
  /** When the data counts as empty (e.g. `(page) => page.rows.length === 0`). */
  isEmpty?: (data: TData) => boolean;
  /** Shown when isEmpty says so. Default an EmptyState "Nothing to show." */
  empty?: ReactNode;
  /** Shown while nothing has loaded. Default a LoadingState. */
  loading?: ReactNode;
}

/**
 * A query's result as loading / error (with Retry) / empty / data. A failed refetch keeps the data
 * on screen, with the error above it.
 */
export function QueryView<TData>({ query, children, isEmpty, empty, loading }: QueryViewProps<TData>) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.error) return <ErrorState error={query.error} onRetry={retry} />;
    return <>{loading ?? <LoadingState />}</>;
  }
  const body = isEmpty?.(query.data) ? (empty ?? <EmptyState title="Nothing to show." />) : children(query.data);
  return (
    <>
      {query.error ? <ErrorState error={query.error} onRetry={retry} /> : null}
      {body}
    </>
  );
}

export interface QueryTableState<Row> {
  rows: readonly Row[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * DataTable's state props from a query: `<DataTable {...queryTableState(query, (page) => page.rows)} … />`.
 * While another page loads (placeholderData: keepPreviousData) the rows stay, dimmed.
 */
export function queryTableState<TData, Row>(query: QueryLike<TData>, selectRows: (data: TData) => readonly Row[]): QueryTableState<Row> {
  return {
    rows: query.data === undefined ? undefined : selectRows(query.data),
    loading: query.isFetching || query.isPending,
    error: query.data === undefined ? query.error : null,
    onRetry: () => void query.refetch(),
  };
}
