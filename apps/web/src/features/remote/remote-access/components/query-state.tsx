import { Alert, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/**
 * A query's data rendered by `children`, else its error or a loader. Data already shown stays
 * when a later refresh fails.
 */
export function QueryState<D>({
  result,
  children,
}: {
  result: UseQueryResult<D>;
  children: (data: D) => ReactNode;
}) {
  if (result.data !== undefined) return children(result.data);
  if (result.isError) return <Alert color="red" variant="light" title={result.error.message} />;
  return (
    <Center py="md">
      <Loader size="sm" aria-label={T.loading} />
    </Center>
  );
}
