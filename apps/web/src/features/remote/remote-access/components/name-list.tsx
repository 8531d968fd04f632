import { List, Stack, Text } from '@mantine/core';

/** A question followed by the names it is about (what a delete removes). */
export function NameList({ intro, names }: { intro: string; names: readonly string[] }) {
  return (
    <Stack gap="xs">
      <Text size="sm">{intro}</Text>
      <List size="sm">
        {names.map((name, index) => (
          // Names need not be unique; their order is the selection's.
          <List.Item key={`${index}-${name}`}>{name}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
