import { Alert, Center, Loader, Text } from '@mantine/core';
import { DEVICE_TEXTS } from '../texts';

export function Loading() {
  return (
    <Center py="xl">
      <Loader aria-label={DEVICE_TEXTS.loading} />
    </Center>
  );
}

export function LoadError({ error }: { error: Error }) {
  return <Alert color="red" title={error.message} />;
}

/** A tab or section the API has nothing for says so, rather than showing invented values. */
export function Empty({ message }: { message: string }) {
  return (
    <Text c="dimmed" py="md">
      {message}
    </Text>
  );
}
