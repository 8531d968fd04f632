import { Card, Stack, Text, Title } from '@mantine/core';
import type { CurrentUser } from '@netfleet/contracts';
import { ACCOUNT_TEXTS } from '../texts';
import { ChangePasswordForm } from './change-password-form';

/** Change the password; whoever impersonates the user may not (the server answers 403). */
export function PasswordSection({ user }: { user: CurrentUser }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-password">
      <Stack gap="md">
        <Title order={2} size="h4" id="account-password">
          {ACCOUNT_TEXTS.password}
        </Title>
        {user.isImpersonating ? (
          <Text size="sm" c="dimmed">
            {ACCOUNT_TEXTS.passwordOwnerOnly}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {ACCOUNT_TEXTS.passwordHelp}
            </Text>
            <ChangePasswordForm />
          </>
        )}
      </Stack>
    </Card>
  );
}
