import { Button, Center, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** No rule exists yet: the one thing to do is add one (when the user may). */
export function EmptyRules({ onAdd }: { onAdd?: () => void }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Text c="dimmed">{T.empty}</Text>
        {onAdd && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {T.add}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
