import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '@/components/brand';

interface FullPageMessageProps {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** The frame of every page that replaces the console: notices, maintenance, access problems. */
export function FullPageMessage({ title, children, actions }: FullPageMessageProps) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack gap="md" align="center" ta="center">
          <BrandLogo h={36} />
          <Title order={2}>{title}</Title>
          <Text c="dimmed" component="div">
            {children}
          </Text>
          {actions}
        </Stack>
      </Paper>
    </Center>
  );
}
