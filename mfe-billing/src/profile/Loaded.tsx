import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/** A query's list as the page shows it: a loading line, an alert if it failed, else `children` with the data. */
export function Loaded<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isLoading' | 'isError'>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <p className="text-sm text-slate-600">{loading}</p>;
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {failed}
      </p>
    );
  }
  return children(query.data);
}
