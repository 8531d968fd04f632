import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ACCOUNT_TEXTS } from '../texts';

interface QuerySectionBodyProps<T> {
  query: UseQueryResult<T>;
  /** Accessible name of the loader. */
  loadingLabel: string;
  failedTitle: string;
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** The loading / error with retry / empty states around a query's content. */
export function QuerySectionBody<T>({
  query,
  loadingLabel,
  failedTitle,
  emptyText,
  isEmpty,
  children,
}: QuerySectionBodyProps<T>) {
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={failedTitle}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {ACCOUNT_TEXTS.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  }
  return children(query.data);
}
