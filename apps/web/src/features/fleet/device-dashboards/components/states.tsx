import { Alert, Center, Loader, Text } from '@mantine/core';
import { DASHBOARD_TEXTS as T } from '../texts';

export function Loading() {
  return (
    <Center py="xl">
      <Loader aria-label={T.loading} />
    </Center>
  );
}

export function LoadError({ message }: { message: string }) {
  return <Alert color="red" title={message} />;
}

export function Empty({ message }: { message: string }) {
  return (
    <Text c="dimmed" size="sm" py="md">
      {message}
    </Text>
  );
}
