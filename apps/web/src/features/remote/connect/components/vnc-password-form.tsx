import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import type { RfbCredentials } from '@novnc/novnc';
import { useState, type FormEvent } from 'react';
import { CONNECT_TEXTS } from '../texts';

interface VncPasswordFormProps {
  /** What the desktop asked for: a password, sometimes a user name too. */
  types: (keyof RfbCredentials)[];
  onSubmit: (credentials: RfbCredentials) => void;
}

export function VncPasswordForm({ types, onSubmit }: VncPasswordFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const withUsername = types.includes('username');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(withUsername ? { username, password } : { password });
  };
  return (
    <Paper withBorder shadow="md" p="lg" radius="md" w="100%" maw={360}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} size="h5">
            {CONNECT_TEXTS.vncPasswordTitle}
          </Title>
          {withUsername && (
            <TextInput
              label={CONNECT_TEXTS.username}
              autoComplete="off"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
          )}
          <PasswordInput
            label={CONNECT_TEXTS.vncPassword}
            autoComplete="off"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit">{CONNECT_TEXTS.sendPassword}</Button>
        </Stack>
      </form>
    </Paper>
  );
}
