import { Alert, List } from '@mantine/core';

interface FormErrorAlertProps {
  messages: readonly string[];
  title?: string;
}

/** The messages of a failed submit that belong to no field; renders nothing when there are none. */
export function FormErrorAlert({ messages, title }: FormErrorAlertProps) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
