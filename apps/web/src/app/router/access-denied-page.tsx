import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { MESSAGE_TEXTS } from '@/lib/messages';

export function AccessDeniedPage() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={2}>{MESSAGE_TEXTS.accessDenied}</Title>
        <Text c="dimmed">{MESSAGE_TEXTS.noViewPermissions}</Text>
      </Stack>
    </Center>
  );
}
