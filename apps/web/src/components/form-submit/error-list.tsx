import { List, Text } from '@mantine/core';

/** The messages of a failed submit in the 'Error' dialog: one as text, several as a list. */
export function ErrorList({ messages }: { messages: readonly string[] }) {
  if (messages.length === 1) return <Text size="sm">{messages[0]}</Text>;
  return (
    <List size="sm">
      {messages.map((message) => (
        <List.Item key={message}>{message}</List.Item>
      ))}
    </List>
  );
}
