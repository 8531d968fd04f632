import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { loginPath } from '@/lib/session-hooks';
import { useLogout } from '../api/logout';
import { StandaloneLayout } from '@/components/standalone-layout';
import { AUTH_TEXTS } from '../texts';

/** /logout: ends the session once on arrival, then offers to sign in again. */
export function LogoutPage() {
  const { mutate, isError, isSuccess, error } = useLogout();
  // StrictMode runs effects twice in development; the session is ended once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const signInLink = (
    <Anchor href={loginPath()} fw={500}>
      {AUTH_TEXTS.signInAgain}
    </Anchor>
  );

  return (
    <StandaloneLayout title={AUTH_TEXTS.signOutTitle}>
      {!isSuccess && !isError && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{AUTH_TEXTS.signingOut}</Text>
        </Group>
      )}
      {isSuccess && (
        <Stack gap="sm">
          <Text>{AUTH_TEXTS.signedOut}</Text>
          {signInLink}
        </Stack>
      )}
      {isError && (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert" title={AUTH_TEXTS.signOutFailed}>
            {error.message}
          </Alert>
          <Group justify="space-between">
            <Button variant="light" onClick={() => mutate()}>
              {AUTH_TEXTS.retry}
            </Button>
            {signInLink}
          </Group>
        </Stack>
      )}
    </StandaloneLayout>
  );
}
