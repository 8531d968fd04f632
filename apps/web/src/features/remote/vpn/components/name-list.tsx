import { List, Stack, Text } from '@mantine/core';

/** A confirmation's question and the names it is about. */
export function NameList({ intro, names }: { intro: string; names: readonly string[] }) {
  return (
    <Stack gap="xs">
      <Text size="sm">{intro}</Text>
      <List size="sm">
        {names.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
