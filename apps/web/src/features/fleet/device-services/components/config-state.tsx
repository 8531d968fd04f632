import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ConfigFile } from '@netfleet/contracts';
import { SERVICES_TEXTS as T } from '../texts';

/** The config read from the device: a wait, why it could not be read (with a retry), or it. */
export function ConfigState({
  query,
  children,
}: {
  query: UseQueryResult<ConfigFile>;
  children: (file: ConfigFile) => ReactNode;
}) {
  if (query.data) return children(query.data);
  if (query.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" title={T.readFailed}>
          {query.error.message}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void query.refetch()}>
            {T.retry}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Group gap="sm">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {T.reading}
      </Text>
    </Group>
  );
}

/** Messages of a refused configure that belong to no field. */
export function ProblemAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={T.sendFailed}>
      {messages.map((message) => (
        <Text key={message} size="sm">
          {message}
        </Text>
      ))}
    </Alert>
  );
}
