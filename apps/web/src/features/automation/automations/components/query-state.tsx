import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/**
 * A query's data rendered by `children`, else a loader or its error with a retry. Data already
 * shown stays when a later refresh fails.
 */
export function QueryState<D>({
  result,
  children,
}: {
  result: UseQueryResult<D>;
  children: (data: D) => ReactNode;
}) {
  if (result.data !== undefined) return children(result.data);
  if (result.isError) {
    const notFound = isApiError(result.error) && result.error.status === 404;
    return (
      <Alert color="red" variant="light" role="alert" title={notFound ? T.notFound : undefined}>
        {!notFound && (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{result.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void result.refetch()}>
              {T.retry}
            </Button>
          </Stack>
        )}
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={T.loading} />
    </Center>
  );
}
