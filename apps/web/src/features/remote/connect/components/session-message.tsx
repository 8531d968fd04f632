import { Text } from '@mantine/core';
import { StandaloneLayout } from '@/components/standalone-layout';
import { CONNECT_TEXTS } from '../texts';

/** The whole tab when there is no session to show: not found, ended, disconnected. */
export function SessionMessage({ title }: { title: string }) {
  return (
    <StandaloneLayout title={title}>
      <Text c="dimmed" size="sm">
        {CONNECT_TEXTS.closeTab}
      </Text>
    </StandaloneLayout>
  );
}
