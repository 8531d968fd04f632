import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/lib/api-client';
import { UPDATE_TEXTS as T } from '../texts';

// A refusal (a file that is not a backup, one that is gone) answers the same when asked again.
const isRefusal = (error: Error) => isApiError(error) && error.status >= 400 && error.status < 500;

/** A query's data rendered by `children`, else a loader or its error (with a retry if it may help). */
export function QueryState<D>({
  result,
  children,
}: {
  result: UseQueryResult<D>;
  children: (data: D) => ReactNode;
}) {
  if (result.data !== undefined) return children(result.data);
  if (result.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{result.error.message}</Text>
          {!isRefusal(result.error) && (
            <Button size="xs" variant="light" onClick={() => void result.refetch()}>
              {T.retry}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={T.loading} />
    </Center>
  );
}
