import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { STATISTICS_TEXTS } from '../texts';

interface QueryStateProps<T> {
  result: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry) and empty states around a statistics query's content. */
export function QueryState<T>({ result, isEmpty, children }: QueryStateProps<T>) {
  if (result.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (result.isError) {
    return (
      <Alert color="red" title={STATISTICS_TEXTS.loadFailed} role="alert">
        <Text size="sm" mb="xs">
          {result.error.message}
        </Text>
        <Button size="xs" variant="default" onClick={() => void result.refetch()}>
          {STATISTICS_TEXTS.retry}
        </Button>
      </Alert>
    );
  }
  if (isEmpty(result.data)) {
    return (
      <Text c="dimmed" py="md">
        {STATISTICS_TEXTS.noData}
      </Text>
    );
  }
  return children(result.data);
}
