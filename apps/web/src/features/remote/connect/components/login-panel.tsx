import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Centres a login form in the screen's area, under the session header. */
export function LoginPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100%" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
