import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { hasImpersonationAccess, type CurrentUser } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { failureText } from '@/lib/failure-text';
import { useRevokeImpersonationAccess } from '../api/revoke-impersonation-access';
import { ACCOUNT_ITEMS, ACCOUNT_TEXTS } from '../texts';
import { GrantAccessForm } from './grant-access-form';

/** Grant support staff access to sign in as this user until a date, or take it back (spec §4). */
export function ImpersonationAccessSection({ user }: { user: CurrentUser }) {
  const revoke = useRevokeImpersonationAccess();
  const active = hasImpersonationAccess(user);
  // The server refuses grants and revokes from whoever is impersonating this user.
  const canChange = !user.isImpersonating;

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: ACCOUNT_TEXTS.impersonation,
      children: <Text size="sm">{ACCOUNT_TEXTS.revokeConfirm}</Text>,
      labels: { confirm: ACCOUNT_TEXTS.revoke, cancel: ACCOUNT_TEXTS.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: ACCOUNT_TEXTS.revoked }),
          // Spec §8: a failed revoke is a toast with the server's message, else the built one.
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: failureText(error, ACCOUNT_ITEMS.impersonationAccess, 'revoke'),
            }),
        }),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-impersonation">
      <Stack gap="md">
        <Title order={2} size="h4" id="account-impersonation">
          {ACCOUNT_TEXTS.impersonation}
        </Title>
        <Text size="sm" c="dimmed">
          {ACCOUNT_TEXTS.impersonationHelp}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text>
            {active && user.impersonation_access_limit
              ? ACCOUNT_TEXTS.impersonationActive(formatDateTime(user.impersonation_access_limit))
              : ACCOUNT_TEXTS.impersonationNone}
          </Text>
          {active && canChange && (
            <Button color="red" variant="light" loading={revoke.isPending} onClick={confirmRevoke}>
              {ACCOUNT_TEXTS.revoke}
            </Button>
          )}
        </Group>
        {canChange ? (
          <GrantAccessForm active={active} />
        ) : (
          <Text size="sm" c="dimmed">
            {ACCOUNT_TEXTS.ownerOnly}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
